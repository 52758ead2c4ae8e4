import { Button, CloseButton, Divider, Drawer, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CREATE_ITEMS, HeaderLink, MENU_LABELS, NavIcon, useMenu, useSignOut } from './use-menu.tsx';

function DrawerSection({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      {title && (
        <Text
          size="xs"
          fw={700}
          c="dimmed"
          tt="uppercase"
          px={12}
          pt="xs"
          style={{ letterSpacing: '0.08em' }}
        >
          {title}
        </Text>
      )}
      {children}
    </Stack>
  );
}

/** The phone menu: the same entries as the desktop row, in a drawer. Loaded on the first open. */
export function MenuDrawer({ id, opened, onClose }: { id: string; opened: boolean; onClose: () => void }) {
  const { signedIn, admin, projects, calls } = useMenu();
  const { signOut, pending } = useSignOut();

  return (
    // Compound parts without Drawer.Header: its <header> element would be a second banner landmark.
    <Drawer.Root opened={opened} onClose={onClose} position="right" size="xs">
      <Drawer.Overlay />
      <Drawer.Content id={id} aria-label="Menu">
        <Drawer.Body pt="md">
          <Group justify="space-between" mb="md">
            <Text fw={700}>Menu</Text>
            <CloseButton onClick={onClose} aria-label="Close menu" />
          </Group>
          <nav aria-label="Main">
            <Stack gap="sm">
              {admin.length > 0 && (
                <>
                  <DrawerSection>
                    {admin.map((entry) => (
                      <HeaderLink key={entry.to} entry={entry} className="dd-drawer-link" onClick={onClose} />
                    ))}
                  </DrawerSection>
                  <DrawerSection title={MENU_LABELS.create}>
                    {CREATE_ITEMS.map((item) => (
                      <HeaderLink
                        key={item.to}
                        entry={{ label: `Create ${item.label.toLowerCase()}`, to: item.to }}
                        className="dd-drawer-link"
                        onClick={onClose}
                      />
                    ))}
                  </DrawerSection>
                  <Divider />
                </>
              )}
              <DrawerSection>
                {projects && <HeaderLink entry={projects} className="dd-drawer-link" onClick={onClose} />}
                {calls && <HeaderLink entry={calls} className="dd-drawer-link" onClick={onClose} />}
                {signedIn ? (
                  <button
                    type="button"
                    className="dd-drawer-link dd-reset-button"
                    onClick={signOut}
                    disabled={pending}
                  >
                    <NavIcon to="sign-out" />
                    {MENU_LABELS.signOut}
                  </button>
                ) : (
                  <>
                    <HeaderLink
                      entry={{ label: MENU_LABELS.signIn, to: '/login/signin' }}
                      className="dd-drawer-link"
                      onClick={onClose}
                    />
                    <Button component={Link} to="/get-started" onClick={onClose} mt="xs" fullWidth>
                      {MENU_LABELS.getStarted}
                    </Button>
                  </>
                )}
              </DrawerSection>
            </Stack>
          </nav>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
