import { ActionIcon, Badge, Button, Card, Group, Paper, Stack, Table, Text, TextInput, Tooltip, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '@/domain/lib/dates';
import { API_MESSAGES } from '@/domain/lib/api-error';
import { formatPhone } from '@/domain/lib/format';
import type { TUser } from '@/domain/users/user.schemas';
import { QueryState } from '../../../components/query-state';
import { PageHeader } from '../../../components/page-header';
import { notify } from '../../../lib/notify';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useRemoveUser, useUsers } from '../api';
import { roleLabels } from '../role-labels';
import { useSession } from '../session';
import { countText } from '@/domain/lib/plural';

const collator = new Intl.Collator('da');

/** Does the user match every word of the search text (name, initials, e-mail, phone, roles, department)? */
export function matchesUserSearch(user: TUser, search: string): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = [user.name, user.initials, user.email, user.phone, user.departmentName, ...roleLabels(user.roles)]
    .join(' ')
    .toLowerCase();
  return words.every((word) => haystack.includes(word));
}

export function deleteConfirmationText(user: Pick<TUser, 'name' | 'initials'>): string {
  return `Du er ved at slette brugeren ${user.name} (${user.initials}). Er du sikker?`;
}

/** Brugeradministration: list with search, create, edit and delete (document 3 sections 2 and 5). */
export function UsersScreen() {
  const users = useUsers();
  const remove = useRemoveUser();
  const { user: me } = useSession();
  const isPhone = useIsPhone();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);

  const rows = useMemo(
    () => (users.data ?? []).filter((user) => matchesUserSearch(user, deferredSearch)).sort((a, b) => collator.compare(a.name, b.name)),
    [users.data, deferredSearch],
  );

  const confirmDelete = (user: TUser) =>
    modals.openConfirmModal({
      title: 'Slet bruger',
      children: <Text size="sm">{deleteConfirmationText(user)}</Text>,
      labels: { confirm: 'Slet', cancel: 'Annuller' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(user, { onSuccess: () => notify.success(API_MESSAGES.userDeleted) }),
    });

  const actions = (user: TUser) => {
    const isMe = me?.id === user.id;
    return (
      <Group gap={4} wrap="nowrap" justify="flex-end">
        <Tooltip label="Rediger">
          <ActionIcon component={Link} to={`/users/edit/${user.id}`} variant="subtle" aria-label={`Rediger ${user.name}`}>
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={isMe ? 'Du kan ikke slette dig selv' : 'Slet'}>
          <ActionIcon variant="subtle" color="red" onClick={() => confirmDelete(user)} disabled={isMe} aria-label={`Slet ${user.name}`}>
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    );
  };

  const roleBadges = (user: TUser) => (
    <Group gap={4}>
      {roleLabels(user.roles).map((label) => (
        <Badge key={label} variant="light" color="gray" radius="sm" tt="none" fw={500}>
          {label}
        </Badge>
      ))}
    </Group>
  );

  let content;
  if (isPhone) {
    content = (
      <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Brugere">
        {rows.map((user) => (
          <Card key={user.id} component="li" withBorder padding="sm" radius="md" aria-label={user.name}>
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap={6} wrap="nowrap">
                  <Text fw={600} truncate="end">
                    {user.name}
                  </Text>
                  <Badge variant="light" radius="sm" style={{ flexShrink: 0 }}>
                    {user.initials}
                  </Badge>
                </Group>
                {user.email ? (
                  <Text size="sm" c="dimmed" truncate="end">
                    {user.email}
                  </Text>
                ) : null}
                {user.phone ? (
                  <Text size="sm" c="dimmed">
                    {formatPhone(user.phone)}
                  </Text>
                ) : null}
              </Stack>
              {actions(user)}
            </Group>
            <Stack gap={6} mt="xs">
              {roleBadges(user)}
              <Text size="xs" c="dimmed">
                {user.departmentName ? `Afdeling: ${user.departmentName}` : 'Ingen afdeling'}
                {' · '}
                {user.lastLogin ? `Sidst logget ind ${formatDateTime(user.lastLogin)}` : 'Aldrig logget ind'}
              </Text>
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  } else {
    content = (
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover verticalSpacing="sm" aria-label="Brugere">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Navn</Table.Th>
                <Table.Th>Initialer</Table.Th>
                <Table.Th>E-mail</Table.Th>
                <Table.Th>Telefon</Table.Th>
                <Table.Th>Roller</Table.Th>
                <Table.Th>Afdeling</Table.Th>
                <Table.Th>Sidst logget ind</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Handlinger</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((user) => (
                <Table.Tr key={user.id}>
                  <Table.Td fw={500}>{user.name}</Table.Td>
                  <Table.Td>{user.initials}</Table.Td>
                  <Table.Td>{user.email}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatPhone(user.phone)}</Table.Td>
                  <Table.Td>{roleBadges(user)}</Table.Td>
                  <Table.Td>{user.departmentName}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(user.lastLogin)}</Table.Td>
                  <Table.Td>{actions(user)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    );
  }

  return (
    <>
      <PageHeader
        title="Brugeradministration"
        actions={
          <Button component={Link} to="/users/create" leftSection={<IconPlus size={18} />}>
            Opret bruger
          </Button>
        }
      />
      <TextInput
        label="Søg"
        placeholder="Navn, initialer, e-mail eller telefon"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        mb="md"
        maw={isPhone ? undefined : 420}
        type="search"
      />
      <QueryState
        query={users}
        loadingLabel="Indlæser brugere"
        errorTitle="Brugerne kunne ikke hentes"
        isEmpty={rows.length === 0}
        emptyText={search ? 'Ingen brugere matcher søgningen.' : 'Der er ingen brugere endnu.'}
      >
        {content}
      </QueryState>
      {users.data && rows.length > 0 ? (
        <Text size="xs" c="dimmed" mt="xs">
          Viser {rows.length} af {countText(users.data.length, 'bruger', 'brugere')}
        </Text>
      ) : null}
    </>
  );
}
