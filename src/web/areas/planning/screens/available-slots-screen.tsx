import { Button, Group, NativeSelect, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { DateField } from '../../../components/date-field';
import { modals } from '@mantine/modals';
import { IconArrowBackUp, IconExternalLink, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { SCREENS } from '@/domain/access/screens';
import { REGION_LABELS, REGIONS, type TRegion } from '@/domain/departments/department.schemas';
import { copenhagenDay, daysFrom } from '@/domain/planning/planning-days';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { REGION_GROUPS, useAvailableSlotsAll, useAvailableSlotsByRegion, type RegionSearch } from '../api';
import { SlotTable } from '../components/slot-table';

/** The confirmation before a regional view opens in a new tab (document 3, Available slots screen). */
export const LEAVE_CONFIRMATION = 'Du er ved at navigerer til en anden side. Alt data som ikke er gemt vil blive slettet.';

/** The order the tables are shown in. */
const SHOWN_REGIONS: readonly TRegion[] = ['Jylland', 'Fyn', 'Sjaelland'];

const weekFrom = (start: string, count: number) => daysFrom(start, count).map((d) => `${d}T00:00:00`);

function openInNewTab(path: string) {
  modals.openConfirmModal({
    title: 'Åbn i en ny fane',
    children: <Text size="sm">{LEAVE_CONFIRMATION}</Text>,
    labels: { confirm: 'Fortsæt', cancel: 'Annuller' },
    onConfirm: () => window.open(path, '_blank', 'noopener'),
  });
}

/**
 * Ledige slots (document 3, AVAILABLE_SLOTS): every region's free places for the week, or one region from a
 * chosen day after 'Søg'; 'Tilbage' returns to all regions from today. Reloads every 15 minutes.
 */
export function AvailableSlotsScreen() {
  const [region, setRegion] = useState<TRegion | ''>('');
  const [date, setDate] = useState(() => copenhagenDay(new Date()));
  const [days, setDays] = useState<RegionSearch['days']>(7);
  const [search, setSearch] = useState<RegionSearch | null>(null);
  const all = useAvailableSlotsAll(search === null);
  const byRegion = useAvailableSlotsByRegion(search);

  const back = () => {
    setSearch(null);
    setRegion('');
    setDate(copenhagenDay(new Date()));
    void all.refetch();
  };

  return (
    <Stack gap="md">
      <PageHeader
        title="Ledige slots"
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconExternalLink size={16} />}
              onClick={() => openInNewTab(SCREENS.AVAILABLE_SLOTS_JUTLAND.path)}
            >
              Jylland visning
            </Button>
            <Button
              variant="default"
              leftSection={<IconExternalLink size={16} />}
              onClick={() => openInNewTab(SCREENS.AVAILABLE_SLOTS_FYN_SJAELLAND.path)}
            >
              Fyn og Sjælland visning
            </Button>
          </>
        }
      />
      <Paper withBorder p="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NativeSelect
            label="Region"
            value={region}
            onChange={(e) => setRegion(e.currentTarget.value as TRegion | '')}
            data={[
              { value: '', label: '' },
              ...[...REGIONS]
                .sort((a, b) => REGION_LABELS[a].localeCompare(REGION_LABELS[b], 'da'))
                .map((r) => ({ value: r, label: REGION_LABELS[r] })),
            ]}
            w={180}
          />
          <DateField label="Dato" value={date} onChange={(v) => v && setDate(v.slice(0, 10))} w={160} />
          <SegmentedControl
            aria-label="Antal dage"
            value={String(days)}
            onChange={(v) => setDays(v === '1' ? 1 : 7)}
            data={[
              { value: '7', label: '7 dage' },
              { value: '1', label: '1 dag' },
            ]}
          />
          <Button
            leftSection={<IconSearch size={16} />}
            disabled={region === ''}
            onClick={() => region && setSearch({ region, start: date, days })}
          >
            Søg
          </Button>
          <Button variant="default" leftSection={<IconArrowBackUp size={16} />} onClick={back}>
            Tilbage
          </Button>
        </Group>
      </Paper>
      {search === null ? (
        <QueryState query={all} loadingLabel="Henter ledige slots" errorTitle="Ledige slots kunne ikke hentes" isEmpty={false} emptyText="">
          <Stack gap="md">
            {SHOWN_REGIONS.map((r) => (
              <SlotTable
                key={r}
                title={REGION_LABELS[r]}
                departments={all.data?.[REGION_GROUPS[r]] ?? []}
                days={weekFrom(copenhagenDay(new Date()), 7)}
              />
            ))}
          </Stack>
        </QueryState>
      ) : (
        <QueryState
          query={byRegion}
          loadingLabel="Henter ledige slots"
          errorTitle="Ledige slots kunne ikke hentes"
          isEmpty={false}
          emptyText=""
        >
          <SlotTable
            title={REGION_LABELS[search.region]}
            departments={byRegion.data?.data ?? []}
            days={weekFrom(search.start, search.days)}
          />
        </QueryState>
      )}
    </Stack>
  );
}
