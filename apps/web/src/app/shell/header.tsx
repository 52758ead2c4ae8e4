import { ActionIcon, Box, Burger, Button, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { lazyComponent } from '../../lib/lazy-component.tsx';
import { Logo } from '../../lib/ui/logo.tsx';
import { useFirstIdle } from '../../lib/use-first-idle.ts';
import { ChevronDown, HeaderLink, MENU_LABELS, NavIcon, useMenu, useSignOut } from './use-menu.tsx';

// Popover and drawer code loads apart from the first screen: it keeps the initial bundle in budget.
const CreateMenu = lazyComponent(
  () => import('./create-menu.tsx'),
  (m) => m.CreateMenu,
);
// The bell's popover and list load apart too; a plain bell holds its place meanwhile.
const NotificationBell = lazyComponent(
  () => import('../../features/notifications/components/notification-bell.tsx'),
  (m) => m.NotificationBell,
);
const MenuDrawer = lazyComponent(
  () => import('./menu-drawer.tsx'),
  (m) => m.MenuDrawer,
);

/** Shown for the instant the CREATE dropdown code loads; same look, so nothing moves. */
function CreateMenuPlaceholder() {
  return (
    <button type="button" className="dd-nav-link dd-reset-button" aria-disabled="true">
      <Group gap={4} wrap="nowrap" component="span">
        {MENU_LABELS.create}
        <ChevronDown />
      </Group>
    </button>
  );
}

function BellPlaceholder() {
  return (
    <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Notifications" disabled>
      <IconBell size={20} stroke={1.6} aria-hidden />
    </ActionIcon>
  );
}

/** Laptops and up: the menu in one row, in the product's order. */
function DesktopMenu() {
  const { signedIn, isAdmin, admin, projects, calls } = useMenu();
  const { signOut, pending } = useSignOut();
  const [settings, ...tables] = admin;

  return (
    <Group component="ul" gap={4} wrap="nowrap" m={0} p={0} style={{ listStyle: 'none' }}>
      {settings && (
        <li>
          <HeaderLink entry={settings} className="dd-nav-link" />
        </li>
      )}
      {isAdmin && (
        <li>
          <Suspense fallback={<CreateMenuPlaceholder />}>
            <CreateMenu />
          </Suspense>
        </li>
      )}
      {tables.map((entry) => (
        <li key={entry.to}>
          <HeaderLink entry={entry} className="dd-nav-link" />
        </li>
      ))}
      {projects && (
        <li>
          <HeaderLink entry={projects} className="dd-nav-link" />
        </li>
      )}
      {calls && (
        <li>
          <HeaderLink entry={calls} className="dd-nav-link" />
        </li>
      )}
      {signedIn ? (
        <li>
          <button type="button" className="dd-nav-link dd-reset-button" onClick={signOut} disabled={pending}>
            <NavIcon to="sign-out" />
            {MENU_LABELS.signOut}
          </button>
        </li>
      ) : (
        <>
          <li>
            <HeaderLink entry={{ label: MENU_LABELS.signIn, to: '/login/signin' }} className="dd-nav-link" />
          </li>
          <li>
            <Button component={Link} to="/get-started" size="sm" ml={4} style={{ letterSpacing: '0.04em' }}>
              {MENU_LABELS.getStarted}
            </Button>
          </li>
        </>
      )}
    </Group>
  );
}

/** Phones: a burger that opens the same menu in a drawer. */
function MobileMenu() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const [everOpened, setEverOpened] = useState(false);
  const { pathname } = useLocation();

  useEffect(() => {
    if (opened) setEverOpened(true);
  }, [opened]);

  // A navigation (including back and forward) closes the drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path change is the trigger.
  useEffect(() => close(), [pathname, close]);

  return (
    <>
      <Burger
        opened={opened}
        onClick={toggle}
        size="sm"
        aria-label={opened ? 'Close menu' : 'Open menu'}
        aria-expanded={opened}
        aria-controls="main-menu-drawer"
      />
      {(opened || everOpened) && (
        <Suspense fallback={null}>
          <MenuDrawer id="main-menu-drawer" opened={opened} onClose={close} />
        </Suspense>
      )}
    </>
  );
}

/**
 * The app header (docs/product.md §C2 Shell). On /login paths it shows only the logo; the layout hides it
 * entirely on /get-started.
 */
export function Header() {
  const { pathname } = useLocation();
  const logoOnly = pathname === '/login' || pathname.startsWith('/login/');
  // Phones always get the burger; the longer admin menu (with CALLS, about 1,030 px) needs a wide row.
  const { isAdmin, signedIn } = useMenu();
  const collapseBelow = isAdmin ? 'lg' : 'sm';
  // The bell's popover is Mantine's Popover (lib-ui-later, ~56 KB): requested with the header, it shared
  // the slow phone line with the first screen's reads and held back the page's largest paint
  // (docs/adr/0029). The placeholder has the same look, so nothing moves when the bell replaces it.
  const idle = useFirstIdle();

  return (
    <header className={isAdmin ? 'dd-header dd-header--admin' : 'dd-header'}>
      <Container size="xl" h="100%" px={{ base: 'md', sm: 'lg' }}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Logo />
          {!logoOnly && (
            <Group gap="xs" wrap="nowrap">
              <Box component="nav" aria-label="Main" visibleFrom={collapseBelow}>
                <DesktopMenu />
              </Box>
              {signedIn &&
                (idle ? (
                  <Suspense fallback={<BellPlaceholder />}>
                    <NotificationBell />
                  </Suspense>
                ) : (
                  <BellPlaceholder />
                ))}
              <Box hiddenFrom={collapseBelow}>
                <MobileMenu />
              </Box>
            </Group>
          )}
        </Group>
      </Container>
    </header>
  );
}
