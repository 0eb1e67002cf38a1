import { Anchor, Box, Button, Card, Group, NumberInput, Paper, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useMemo, useState, type FormEvent } from 'react';
import { formatDays } from '@/domain/capacity/capacity';
import { MIN_DELIVERY_TIME, type TCapacityOption } from '@/domain/capacity/capacity.schemas';
import { PageHeader } from '../../../components/page-header';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useSession } from '../../users';
import { TRAINING_DATA_CSV_URL, useTryFind } from '../api';
import { SuggestionsDialog } from '../components/suggestions-dialog';
import { TrendIcon } from '../components/trend-icon';

interface DepartmentRow {
  id: string;
  name: string;
  replace: number;
  repair: number;
  trendReplace: number;
  trendRepair: number;
  options: TCapacityOption[];
}

/** The departments that have suggestions, in the order of their best suggestion. */
function departmentRows(options: readonly TCapacityOption[]): DepartmentRow[] {
  const rows = new Map<string, DepartmentRow>();
  for (const o of options) {
    const row = rows.get(o.toDepartmentId) ?? {
      id: o.toDepartmentId,
      name: o.toDepartment,
      replace: o.toReplaceDeliveryTime,
      repair: o.toRepairDeliveryTime,
      trendReplace: o.trendReplaceValue,
      trendRepair: o.trendRepairValue,
      options: [],
    };
    row.options.push(o);
    rows.set(o.toDepartmentId, row);
  }
  return [...rows.values()];
}

function Days({ days, trend }: { days: number; trend: number }) {
  return (
    <Table.Td>
      <Group gap={6} wrap="nowrap">
        <span>{formatDays(days)}</span>
        <TrendIcon value={trend} />
      </Group>
    </Table.Td>
  );
}

/** The phone's card per department: the table's five columns do not fit 390 px, and its action would scroll away. */
function DepartmentCards({ rows, onOpen }: { rows: DepartmentRow[]; onOpen: (id: string) => void }) {
  return (
    <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Afdelinger med optimeringsmuligheder">
      {rows.map((row) => (
        <Card key={row.id} component="li" withBorder padding="sm" radius="md" aria-label={row.name}>
          <Text fw={600}>{row.name}</Text>
          <Stack gap={4} mt={6}>
            {[
              { label: 'Rudeskift', days: row.replace, trend: row.trendReplace },
              { label: 'Stenslag', days: row.repair, trend: row.trendRepair },
            ].map(({ label, days, trend }) => (
              <Group key={label} gap={6} wrap="nowrap" align="flex-start">
                <Text size="sm" w={80} c="dimmed" style={{ flexShrink: 0 }}>
                  {label}
                </Text>
                <Text size="sm">{formatDays(days)}</Text>
                <TrendIcon value={trend} />
              </Group>
            ))}
            <Group gap={6} wrap="nowrap">
              <Text size="sm" w={80} c="dimmed" style={{ flexShrink: 0 }}>
                Forslag
              </Text>
              <Text size="sm">{row.options.length}</Text>
            </Group>
          </Stack>
          <Button mt="sm" fullWidth variant="light" onClick={() => onOpen(row.id)} aria-label={`Se løsningsforslag for ${row.name}`}>
            Se løsningsforslag
          </Button>
        </Card>
      ))}
    </Stack>
  );
}

/**
 * Kapacitetsoptimering (document 3, CAPACITY_OPTIMIZATION): search for suggestions for the departments whose delivery
 * time is at least 'Min leverings tid', see them per department and save the useful ones as training data.
 */
export function CapacityOptimizationScreen() {
  const { user } = useSession();
  const isPhone = useIsPhone();
  const tryFind = useTryFind();
  const [minDeliveryTime, setMinDeliveryTime] = useState<number>(MIN_DELIVERY_TIME.default);
  const [openId, setOpenId] = useState<string | null>(null);
  const rows = useMemo(() => departmentRows(tryFind.data ?? []), [tryFind.data]);
  const open = rows.find((r) => r.id === openId) ?? null;

  const search = (event: FormEvent) => {
    event.preventDefault();
    tryFind.mutate(minDeliveryTime);
  };

  return (
    <Stack gap="md">
      <PageHeader
        title="Kapacitetsoptimering"
        description="Forslag til afdelinger, hvis leveringstid (arbejdsdage til første ledige tid) er mindst den valgte. Trend: leveringstiden mod regionens gennemsnit."
        actions={
          user?.roles.includes('Adminstrator') ? (
            <Anchor href={TRAINING_DATA_CSV_URL} download>
              <Group gap={4} wrap="nowrap">
                <IconDownload size={16} aria-hidden />
                Hent træningsdata (CSV)
              </Group>
            </Anchor>
          ) : null
        }
      />
      <Paper withBorder p="sm" component="form" onSubmit={search}>
        <Group align="end" wrap="wrap">
          <NumberInput
            label="Min leverings tid"
            min={MIN_DELIVERY_TIME.min}
            max={MIN_DELIVERY_TIME.max}
            clampBehavior="strict"
            allowDecimal={false}
            allowNegative={false}
            value={minDeliveryTime}
            onChange={(value) => setMinDeliveryTime(typeof value === 'number' ? value : MIN_DELIVERY_TIME.default)}
            w={160}
          />
          <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />} loading={tryFind.isPending}>
            Søg efter optimeringsmuligheder
          </Button>
        </Group>
      </Paper>
      {tryFind.isSuccess && rows.length === 0 ? <Text role="status">Ingen optimeringsmuligheder fundet</Text> : null}
      {rows.length > 0 && isPhone ? <DepartmentCards rows={rows} onOpen={setOpenId} /> : null}
      {rows.length > 0 && !isPhone ? (
        <Paper withBorder p="sm">
          <Box tabIndex={0} role="region" aria-label="Afdelinger med optimeringsmuligheder, rul vandret" style={{ overflowX: 'auto' }}>
            <Table aria-label="Afdelinger med optimeringsmuligheder" fz="sm" withRowBorders>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Afdeling</Table.Th>
                  <Table.Th>Rudeskift</Table.Th>
                  <Table.Th>Stenslag</Table.Th>
                  <Table.Th>Forslag</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Th scope="row" fw={500}>
                      {row.name}
                    </Table.Th>
                    <Days days={row.replace} trend={row.trendReplace} />
                    <Days days={row.repair} trend={row.trendRepair} />
                    <Table.Td>{row.options.length}</Table.Td>
                    <Table.Td>
                      <Button size="xs" variant="light" onClick={() => setOpenId(row.id)} aria-label={`Se løsningsforslag for ${row.name}`}>
                        Se løsningsforslag
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
        </Paper>
      ) : null}
      <SuggestionsDialog department={open?.name ?? null} options={open?.options ?? []} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
