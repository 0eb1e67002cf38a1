import { AppShell, Box, Drawer, ScrollArea } from '@mantine/core';
import { useState } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useSession } from '../../areas/users';
import { useIsPhone } from '../../lib/use-is-phone';
import { HeaderBar } from './header-bar';
import { NavMenu } from './nav-menu';

/**
 * Header, side navigation and the notification area (document 3 section 2). The navigation is
 * shown only when signed in; on a phone it moves into a side panel opened by the burger.
 */
export function AppLayout() {
  const { user } = useSession();
  const isPhone = useIsPhone();
  const { pathname } = useLocation();
  // The phone menu belongs to the page it was opened on, so it is closed on any page change.
  const [menuOpenedOn, setMenuOpenedOn] = useState<string | null>(null);
  const menuOpened = menuOpenedOn === pathname;
  const closeMenu = () => setMenuOpenedOn(null);
  const toggleMenu = () => setMenuOpenedOn(menuOpened ? null : pathname);

  const showNavbar = user !== null && !isPhone;

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 248, breakpoint: 'sm', collapsed: { desktop: !showNavbar, mobile: true } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppShell.Header>
        <HeaderBar user={user} isPhone={isPhone} menuOpened={menuOpened} onToggleMenu={toggleMenu} />
      </AppShell.Header>

      {showNavbar ? (
        <AppShell.Navbar p="sm" component="nav" aria-label="Hovedmenu">
          <AppShell.Section grow component={ScrollArea}>
            <NavMenu roles={user.roles} />
          </AppShell.Section>
        </AppShell.Navbar>
      ) : null}

      <AppShell.Main>
        <Box maw={1400} mx="auto">
          <Outlet />
        </Box>
      </AppShell.Main>

      {user !== null && isPhone ? (
        <Drawer opened={menuOpened} onClose={closeMenu} title="Menu" size="80%" closeButtonProps={{ 'aria-label': 'Luk menu' }}>
          <nav aria-label="Hovedmenu">
            <NavMenu roles={user.roles} onNavigate={closeMenu} />
          </nav>
        </Drawer>
      ) : null}
      <ScrollRestoration />
    </AppShell>
  );
}
