import { Group, Menu, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { ChevronDown, CREATE_ITEMS, MENU_LABELS } from './use-menu.tsx';

/**
 * The admins' CREATE dropdown. Loaded on its own (only admins need the popover machinery); Mantine's
 * Menu gives arrow-key navigation, Escape to close and focus return.
 */
export function CreateMenu() {
  return (
    <Menu position="bottom-start" shadow="md" width={180} withinPortal>
      <Menu.Target>
        <UnstyledButton className="dd-nav-link">
          <Group gap={4} wrap="nowrap" component="span">
            {MENU_LABELS.create}
            <ChevronDown />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {CREATE_ITEMS.map((item) => (
          <Menu.Item key={item.to} component={Link} to={item.to}>
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
