import { Badge, Collapse, Group, Paper, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { PHONE_QUERY, useMediaMatch } from '../use-media-match.ts';

type FilterPanelProps = {
  /** How many filters are set now (from the address), shown beside the button. */
  activeCount: number;
  children: ReactNode;
};

/**
 * A table's filter form behind a 'Filters' button (docs/product.md §F5): open on wider screens, closed on a phone
 * so the data is on the first screen; the button counts the filters in force either way.
 */
export function FilterPanel({ activeCount, children }: FilterPanelProps) {
  const phone = useMediaMatch(PHONE_QUERY);
  const [opened, setOpened] = useState(!phone);
  // The first measurement can arrive after the first render; follow it once, then the user decides.
  const [decided, setDecided] = useState(false);
  useEffect(() => {
    if (!decided) setOpened(!phone);
  }, [phone, decided]);
  const id = useId();
  return (
    <Paper withBorder radius="md" p="md" mb="md">
      <UnstyledButton
        onClick={() => {
          setDecided(true);
          setOpened((o) => !o);
        }}
        aria-expanded={opened}
        aria-controls={id}
        fw={700}
        mih={36}
      >
        <Group gap={8} wrap="nowrap">
          <span aria-hidden="true">{opened ? '▾' : '▸'}</span>
          <span>Filters</span>
          {activeCount > 0 && (
            <>
              <Badge size="sm" variant="filled" aria-hidden="true">
                {activeCount}
              </Badge>
              <VisuallyHidden>{`${activeCount} active`}</VisuallyHidden>
            </>
          )}
        </Group>
      </UnstyledButton>
      {/* Only the user's own toggle animates; following the screen size does not. */}
      <Collapse expanded={opened} id={id} transitionDuration={decided ? 200 : 0}>
        {children}
      </Collapse>
    </Paper>
  );
}

/** The number of set values among a table's filters (both ends of a date range count once each). */
export function activeFilterCount(values: Record<string, string | undefined>): number {
  return Object.values(values).filter((v) => v !== undefined && v !== '').length;
}
