import { Box, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatDate, formatTime } from '@/domain/lib/dates';
import { deliveryTimeLevel } from '@/domain/planning/planning';
import type { TDeliveryTimeRow, TDeliveryTimes } from '@/domain/planning/planning.schemas';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { useDeliveryTimes } from '../api';
import './delivery-time-screen.css';

const TABLES: ReadonlyArray<{ key: keyof Omit<TDeliveryTimes, 'updated'>; title: string }> = [
  { key: 'jylland', title: 'Jylland' },
  { key: 'fyn', title: 'Fyn' },
  { key: 'sjaelland', title: 'Sjælland' },
];

/**
 * A delivery time in working days over its date, in one cell so a phone shows the whole table: 4 to under 7
 * warning, 7 or more or -1 danger, -1 shown blank.
 */
function Days({ days, date }: { days: number; date: string | null }) {
  const level = deliveryTimeLevel(days);
  return (
    <Table.Td className="delivery-days" data-level={level === 'ok' ? undefined : level}>
      <span className="delivery-days-count">{days === -1 ? '' : days}</span>
      {date ? <span className="delivery-days-date">{formatDate(date)}</span> : null}
    </Table.Td>
  );
}

function RegionTable({ title, rows }: { title: string; rows: TDeliveryTimeRow[] }) {
  return (
    <Paper withBorder p="sm">
      <Title order={2} fz={20} mb="xs">
        {title}
      </Title>
      {/* A scrolling box a keyboard can reach (axe: scrollable-region-focusable). */}
      <Box tabIndex={0} role="region" aria-label={`Leveringstid ${title}, rul vandret`} style={{ overflowX: 'auto' }}>
        <Table aria-label={`Leveringstid ${title}`} fz="sm" withRowBorders>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Afdeling</Table.Th>
              <Table.Th ta="center">Udskiftning (dato)</Table.Th>
              <Table.Th ta="center">Reparation (dato)</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.departmentId}>
                <Table.Th scope="row" fw={500}>
                  {row.name}
                </Table.Th>
                <Days days={row.replace} date={row.replaceDate} />
                <Days days={row.repair} date={row.repairDate} />
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
    </Paper>
  );
}

/**
 * Leveringstid (document 3, DELIVERY_TIME): per region the working days to each department's first free
 * window-replace and stone-chip place, with their dates; reloaded every 15 minutes.
 */
export function DeliveryTimeScreen() {
  const query = useDeliveryTimes();
  return (
    <Stack gap="md">
      <PageHeader
        title="Leveringstid"
        description="Arbejdsdage til første ledige tid (mandag–fredag uden helligdage); tom: ingen ledig tid de næste 8 uger."
      />
      <QueryState
        query={query}
        loadingLabel="Henter leveringstider"
        errorTitle="Leveringstider kunne ikke hentes"
        isEmpty={false}
        emptyText=""
      >
        <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="md">
          {TABLES.map((t) => (
            <RegionTable key={t.key} title={t.title} rows={query.data?.[t.key] ?? []} />
          ))}
        </SimpleGrid>
      </QueryState>
      <Text size="sm" c="dimmed">
        Sidst opdateret {query.dataUpdatedAt ? formatTime(new Date(query.dataUpdatedAt)) : '–'}
      </Text>
    </Stack>
  );
}
