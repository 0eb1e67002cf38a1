import { Divider, NavLink, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { menuFor } from '@/domain/access/screens';
import { ScreenIcon } from '../../components/screen-icon';

/** True when the current path belongs to the menu item (its own path or a sub-path). */
export function isActivePath(itemPath: string, pathname: string): boolean {
  if (itemPath === '/') return pathname === '/';
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}

interface NavMenuProps {
  roles: readonly string[];
  onNavigate?: () => void;
}

/** The side navigation: the user's menu in menu order, top items first (document 3 section 2). */
export function NavMenu({ roles, onNavigate }: NavMenuProps) {
  const { pathname } = useLocation();
  const items = menuFor(roles);
  const top = items.filter((item) => item.top);
  const rest = items.filter((item) => !item.top);

  const render = (item: (typeof items)[number]) => (
    <NavLink
      key={item.name}
      component={Link}
      to={item.path}
      label={item.label}
      leftSection={<ScreenIcon name={item.name} />}
      active={isActivePath(item.path, pathname)}
      aria-current={isActivePath(item.path, pathname) ? 'page' : undefined}
      onClick={onNavigate}
      variant="light"
      py={4}
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
    />
  );

  return (
    <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {top.map((item) => (
        <li key={item.name}>{render(item)}</li>
      ))}
      {top.length > 0 && rest.length > 0 ? (
        <li aria-hidden>
          <Divider my="xs" />
        </li>
      ) : null}
      {rest.map((item) => (
        <li key={item.name}>{render(item)}</li>
      ))}
    </Stack>
  );
}
