import { Anchor, Badge, Card, Group, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { REGION_LABELS, REGIONS, type TDepartment } from '@/domain/departments/department.schemas';
import { useIsPhone } from '../../../lib/use-is-phone';
import { WEEKDAYS } from '../department-form';

const collator = new Intl.Collator('da');

/** The weekdays a department is open, in short: 'Man–Fre', 'Man–Lør' or a list ('Man, Ons'). */
export function openDaysText(department: Pick<TDepartment, 'openingHours'>): string {
  const open = WEEKDAYS.filter((w) => department.openingHours.some((h) => h.day === w.day && !h.closed));
  if (open.length === 0) return 'Lukket';
  const positions = open.map((w) => WEEKDAYS.indexOf(w));
  const running = positions.every((p, i) => i === 0 || p === positions[i - 1]! + 1);
  return running && open.length > 2 ? `${open[0]!.short}–${open.at(-1)!.short}` : open.map((w) => w.short).join(', ');
}

export function matchesDepartmentSearch(department: TDepartment, search: string): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const haystack = [
    department.name,
    department.navLocationCode,
    department.navResponsibilityCenter,
    department.city,
    department.zipCode,
    REGION_LABELS[department.region],
  ]
    .join(' ')
    .toLowerCase();
  return words.every((w) => haystack.includes(w));
}

interface DepartmentsOverviewProps {
  departments: readonly TDepartment[];
}

/** The departments the user may open, by region, each a link to its page. */
export function DepartmentsOverview({ departments }: DepartmentsOverviewProps) {
  const isPhone = useIsPhone();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const rows = departments
    .filter((d) => matchesDepartmentSearch(d, deferred))
    .sort((a, b) => REGIONS.indexOf(a.region) - REGIONS.indexOf(b.region) || collator.compare(a.name, b.name));

  const kind = (d: TDepartment) => (
    <Group gap={4} wrap="nowrap">
      <Badge variant="light" color={d.mobileService ? 'grape' : 'blue'} radius="sm" tt="none" fw={500}>
        {d.mobileService ? 'Mobilservice' : 'Værksted'}
      </Badge>
      {d.inActive ? (
        <Badge variant="light" color="gray" radius="sm" tt="none" fw={500}>
          Inaktiv
        </Badge>
      ) : null}
    </Group>
  );
  const slots = (d: TDepartment) => `${d.windowReplaceTimeSlots.length} rudeskift · ${d.stoneChipTimeSlots.length} stenslag`;
  const link = (d: TDepartment) => (
    <Anchor component={Link} to={`/departments/${d.id}`} fw={600}>
      {d.name}
    </Anchor>
  );

  return (
    <Stack gap="sm">
      <TextInput
        label="Søg"
        placeholder="Navn, kode, ansvarscenter eller by"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        w={{ base: '100%', sm: 360 }}
      />
      {rows.length === 0 ? (
        <Paper withBorder p="lg">
          <Text c="dimmed">Ingen afdelinger matcher søgningen.</Text>
        </Paper>
      ) : isPhone ? (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Afdelinger">
          {rows.map((d) => (
            <Card key={d.id} component="li" withBorder radius="md" padding="sm">
              <Stack gap={4}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  {link(d)}
                  <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                    {REGION_LABELS[d.region]}
                  </Text>
                </Group>
                {kind(d)}
                <Text size="sm" c="dimmed">
                  {d.navLocationCode} · {d.navResponsibilityCenter}
                </Text>
                <Text size="sm" c="dimmed">
                  Åbent {openDaysText(d)} · {slots(d)}
                </Text>
              </Stack>
            </Card>
          ))}
        </Stack>
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={820}>
            <Table striped highlightOnHover verticalSpacing="sm" aria-label="Afdelinger">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Navn</Table.Th>
                  <Table.Th>Region</Table.Th>
                  <Table.Th>Lokationskode</Table.Th>
                  <Table.Th>Ansvarscenter</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Åbent</Table.Th>
                  <Table.Th>Standardtider</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((d) => (
                  <Table.Tr key={d.id}>
                    <Table.Td>{link(d)}</Table.Td>
                    <Table.Td>{REGION_LABELS[d.region]}</Table.Td>
                    <Table.Td>{d.navLocationCode}</Table.Td>
                    <Table.Td>{d.navResponsibilityCenter}</Table.Td>
                    <Table.Td>{kind(d)}</Table.Td>
                    <Table.Td>{openDaysText(d)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{slots(d)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </Stack>
  );
}
