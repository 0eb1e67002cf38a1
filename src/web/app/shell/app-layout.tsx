import { Box } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { SCREENS } from '@/domain/access/screens';
import { DeviceBanner } from '../../areas/offline';
import { useSession } from '../../areas/users';
import { useIsPhone } from '../../lib/use-is-phone';
import './app-layout.css';
import { HeaderBar } from './header-bar';
import { NavMenu } from './nav-menu';

/** The phone menu's drawer is loaded when the burger is first pressed, not with the first page (issue 11). */
const PhoneMenu = lazy(() => import('./phone-menu').then((m) => ({ default: m.PhoneMenu })));

/**
 * The regional slot views hang on a screen in the workshop (issue 16): the whole width for the table, without the
 * side navigation; the header keeps the way back (the menu on a phone, signing out).
 */
const WALL_SCREEN_PATHS: readonly string[] = [SCREENS.AVAILABLE_SLOTS_JUTLAND.path, SCREENS.AVAILABLE_SLOTS_FYN_SJAELLAND.path];

/**
 * Header, side navigation and the page (document 3 section 2). The navigation is shown only when signed in; on a
 * phone it moves into a side panel opened by the burger. Plain elements with the layout in app-layout.css rather
 * than Mantine's AppShell, whose resizing and scroll locking every page's first script would carry (issue 11).
 */
export function AppLayout() {
  const { user } = useSession();
  const isPhone = useIsPhone();
  const { pathname } = useLocation();
  // The phone menu belongs to the page it was opened on, so it is closed on any page change.
  const [menuOpenedOn, setMenuOpenedOn] = useState<string | null>(null);
  // Once opened, the menu stays drawn (closed), so it can close with its transition and open again at once.
  const [menuUsed, setMenuUsed] = useState(false);
  const menuOpened = menuOpenedOn === pathname;
  const closeMenu = () => setMenuOpenedOn(null);
  const toggleMenu = () => {
    setMenuUsed(true);
    setMenuOpenedOn(menuOpened ? null : pathname);
  };

  const wallScreen = WALL_SCREEN_PATHS.includes(pathname);
  const showNavbar = user !== null && !isPhone && !wallScreen;

  return (
    <div className="app-layout" data-with-navbar={showNavbar || undefined}>
      {/* right-scroll-bar-position: the header keeps its place when a dialog hides the page's scroll bar. */}
      <header className="app-layout-header right-scroll-bar-position">
        <HeaderBar user={user} isPhone={isPhone} menuOpened={menuOpened} onToggleMenu={toggleMenu} />
      </header>

      {showNavbar ? (
        <nav className="app-layout-navbar" aria-label="Hovedmenu">
          <NavMenu roles={user.roles} />
        </nav>
      ) : null}

      <main className="app-layout-main">
        <DeviceBanner />
        <Box maw={wallScreen ? undefined : 1400} mx="auto">
          <Outlet />
        </Box>
      </main>

      {user !== null && isPhone && menuUsed ? (
        <Suspense fallback={null}>
          <PhoneMenu roles={user.roles} opened={menuOpened} onClose={closeMenu} />
        </Suspense>
      ) : null}
      <ScrollRestoration />
    </div>
  );
}
