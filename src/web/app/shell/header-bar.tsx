import { ActionIcon, Anchor, Badge, Burger, Button, Group, Text } from '@mantine/core';
import { IconCalendar, IconLogout } from '@tabler/icons-react';
import { Link } from 'react-router';
import { canOpen, landingPath, SCREENS } from '@/domain/access/screens';
import type { TUserInfo } from '@/domain/users/user.schemas';
import { HeaderSearch, PhoneHeaderSearch } from './header-search';
import { useSignOut } from './use-sign-out';

interface HeaderBarProps {
  user: TUserInfo | null;
  isPhone: boolean;
  menuOpened: boolean;
  onToggleMenu: () => void;
}

export function HeaderBar({ user, isPhone, menuOpened, onToggleMenu }: HeaderBarProps) {
  const { signOut, isPending } = useSignOut();
  const home = user ? landingPath(user.roles) : '/login';

  return (
    <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        {user && isPhone ? (
          <Burger opened={menuOpened} onClick={onToggleMenu} size="sm" aria-label="Åbn menu" aria-expanded={menuOpened} />
        ) : null}
        <Anchor component={Link} to={home} underline="never" c="inherit" aria-label="Rudeplan – til startsiden">
          <Text component="span" fw={700} fz={20} c="blue.8" style={{ letterSpacing: '-0.01em' }}>
            Rudeplan
          </Text>
        </Anchor>
      </Group>

      {user && !isPhone ? <HeaderSearch roles={user.roles} /> : null}

      {user ? (
        isPhone ? (
          <Group gap={4} wrap="nowrap">
            <PhoneHeaderSearch roles={user.roles} />
            <Badge variant="light" size="lg" radius="sm" title={user.name} aria-label={`Logget ind som ${user.name} (${user.initials})`}>
              {user.initials}
            </Badge>
            {canOpen(SCREENS.CALENDAR.access, user.roles) ? (
              <ActionIcon component={Link} to={SCREENS.CALENDAR.path} variant="subtle" size="lg" aria-label="Kalender">
                <IconCalendar size={22} stroke={1.6} />
              </ActionIcon>
            ) : null}
            <ActionIcon variant="subtle" size="lg" onClick={signOut} loading={isPending} aria-label="Log ud">
              <IconLogout size={22} stroke={1.6} />
            </ActionIcon>
          </Group>
        ) : (
          <Group gap="md" wrap="nowrap">
            <Group gap={8} wrap="nowrap">
              <Text size="sm" fw={500} truncate="end" maw={260}>
                {user.name}
              </Text>
              {/* A plain title, not Mantine's Tooltip: the shell stays without floating-ui (issue 11). */}
              <Badge variant="light" radius="sm" title="Initialer">
                {user.initials}
              </Badge>
            </Group>
            <Button variant="default" size="xs" leftSection={<IconLogout size={16} />} onClick={signOut} loading={isPending}>
              Log ud
            </Button>
          </Group>
        )
      ) : null}
    </Group>
  );
}
