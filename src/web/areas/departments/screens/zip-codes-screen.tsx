import { Button, Checkbox, Group, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { Select } from '../../../components/select';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { TZipCodeAvailability } from '@/domain/departments';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useDepartments, useSaveZipRow, useZipRows, type ZipFilter } from '../api';
import { countText } from '@/domain/lib/plural';

/** The weekday columns in Danish week order (Monday first), with the row's field for each. */
const WEEKDAYS = [
  ['monday', 'Mandag', 'Man'],
  ['tuesday', 'Tirsdag', 'Tir'],
  ['wednesday', 'Onsdag', 'Ons'],
  ['thursday', 'Torsdag', 'Tor'],
  ['friday', 'Fredag', 'Fre'],
  ['saturday', 'Lørdag', 'Lør'],
  ['sunday', 'Søndag', 'Søn'],
] as const;

type Flag = (typeof WEEKDAYS)[number][0] | 'isActive';

/**
 * Postnummer styring (/zipcodes, document 3): which mobile-service van serves a zip code on which weekdays.
 * Filter by a van or by a typed zip code; each change is saved at once and booking reads it live.
 */
export function ZipCodesScreen() {
  const isPhone = useIsPhone();
  const departments = useDepartments();
  const vans = (departments.data ?? []).filter((d) => d.mobileService).sort((a, b) => a.name.localeCompare(b.name, 'da'));
  const [filter, setFilter] = useState<ZipFilter | null>(null);
  const [typed, setTyped] = useState('');
  const rows = useZipRows(filter);
  const save = useSaveZipRow(filter);
  const vanOptions = vans.map((d) => ({ value: d.id, label: d.name }));

  const search = () => {
    const zip = typed.trim();
    if (zip) setFilter({ by: 'zip', zipCode: zip });
  };

  const change = (row: TZipCodeAvailability, patch: Partial<Pick<TZipCodeAvailability, Flag | 'departmentId'>>) => {
    const next = { ...row, ...patch };
    save.mutate({
      id: row.id,
      zipCode: next.zipCode,
      departmentId: next.departmentId,
      monday: next.monday,
      tuesday: next.tuesday,
      wednesday: next.wednesday,
      thursday: next.thursday,
      friday: next.friday,
      saturday: next.saturday,
      sunday: next.sunday,
      isActive: next.isActive,
    });
  };

  const flag = (row: TZipCodeAvailability, field: Flag, label: string) => (
    <Checkbox
      aria-label={`${label} ${row.zipCode} ${row.departmentName}`}
      checked={row[field]}
      disabled={save.isPending}
      onChange={(event) => change(row, { [field]: event.currentTarget.checked })}
    />
  );

  const vanSelect = (row: TZipCodeAvailability) => (
    <Select
      aria-label={`Afdeling for ${row.zipCode}`}
      data={vanOptions}
      value={row.departmentId}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      maxDropdownHeight={250}
      onChange={(departmentId) => departmentId && departmentId !== row.departmentId && change(row, { departmentId })}
      disabled={save.isPending}
      size="xs"
      w={{ base: '100%', sm: 200 }}
    />
  );

  const list = rows.data ?? [];
  const table = isPhone ? (
    <Stack gap="sm">
      {list.map((row) => (
        <Paper key={row.id} withBorder p="sm">
          <Group justify="space-between" mb="xs">
            <Text fw={600}>
              {row.zipCode} {row.city}
            </Text>
            <Checkbox
              label="Aktiv"
              checked={row.isActive}
              disabled={save.isPending}
              onChange={(e) => change(row, { isActive: e.currentTarget.checked })}
            />
          </Group>
          {vanSelect(row)}
          <Group gap="xs" mt="sm">
            {WEEKDAYS.map(([field, , short]) => (
              <Checkbox
                key={field}
                label={short}
                aria-label={`${short} ${row.zipCode}`}
                checked={row[field]}
                disabled={save.isPending}
                onChange={(event) => change(row, { [field]: event.currentTarget.checked })}
              />
            ))}
          </Group>
        </Paper>
      ))}
    </Stack>
  ) : (
    <Paper withBorder>
      <Table.ScrollContainer minWidth={960}>
        <Table striped highlightOnHover verticalSpacing="xs" aria-label="Postnumre">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Postnummer</Table.Th>
              <Table.Th>By</Table.Th>
              <Table.Th>Afdeling</Table.Th>
              {WEEKDAYS.map(([field, label]) => (
                <Table.Th key={field}>{label}</Table.Th>
              ))}
              <Table.Th>Aktiv</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{row.zipCode}</Table.Td>
                <Table.Td>{row.city}</Table.Td>
                <Table.Td>{vanSelect(row)}</Table.Td>
                {WEEKDAYS.map(([field, label]) => (
                  <Table.Td key={field}>{flag(row, field, label)}</Table.Td>
                ))}
                <Table.Td>{flag(row, 'isActive', 'Aktiv')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );

  return (
    <>
      <PageHeader
        title="Postnummer styring"
        description="Hvilken mobilservice kører i hvilke postnumre, og på hvilke ugedage. Ændringer gemmes med det samme."
      />
      <Paper withBorder p="md" mb="md">
        <Group align="flex-end" gap="md" wrap="wrap">
          <Select
            label="Lokation"
            placeholder={departments.isPending ? 'Henter afdelinger...' : 'Vælg en mobilservice'}
            data={vanOptions}
            value={filter?.by === 'department' ? filter.departmentId : null}
            onChange={(departmentId) => setFilter(departmentId ? { by: 'department', departmentId } : null)}
            searchable
            clearable
            maxDropdownHeight={500}
            w={{ base: '100%', sm: 280 }}
          />
          <TextInput
            label="Postnummer"
            value={typed}
            inputMode="numeric"
            maxLength={4}
            onChange={(event) => setTyped(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') search();
            }}
            w={{ base: '100%', sm: 160 }}
          />
          <Button leftSection={<IconSearch size={16} />} onClick={search} disabled={typed.trim() === ''}>
            Søg
          </Button>
        </Group>
      </Paper>
      {filter === null ? (
        <Text c="dimmed">Vælg en mobilservice eller søg på et postnummer.</Text>
      ) : (
        <QueryState
          query={rows}
          loadingLabel="Henter postnumre"
          errorTitle="Postnumrene kunne ikke hentes"
          isEmpty={list.length === 0}
          emptyText="Der tilbydes ikke mobilservice i dette område."
        >
          <Text size="sm" c="dimmed" mb="xs" aria-live="polite">
            {countText(list.length, 'postnummer', 'postnumre')}
          </Text>
          {table}
        </QueryState>
      )}
    </>
  );
}
