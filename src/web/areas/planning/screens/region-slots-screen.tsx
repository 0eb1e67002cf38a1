import { formatTime } from '@/domain/lib/dates';
import { Box, Stack, Text } from '@mantine/core';
import { REGION_LABELS, type TRegion } from '@/domain/departments/department.schemas';
import { copenhagenDay, daysFrom } from '@/domain/planning/planning-days';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { REGION_GROUPS, useAvailableSlotsAll } from '../api';
import { SlotTable } from '../components/slot-table';

const clock = (ms: number) => formatTime(new Date(ms));

/**
 * A regional view of Ledige slots, made to hang on a screen in the workshop: the regions' tables only, large,
 * this week from today, reloaded every 15 minutes.
 */
function RegionSlotsScreen({ title, regions }: { title: string; regions: readonly TRegion[] }) {
  const all = useAvailableSlotsAll();
  const week = daysFrom(copenhagenDay(new Date()), 7).map((d) => `${d}T00:00:00`);
  return (
    <Box className="region-page">
      <PageHeader title={title} />
      <QueryState query={all} loadingLabel="Henter ledige slots" errorTitle="Ledige slots kunne ikke hentes" isEmpty={false} emptyText="">
        <Stack gap="lg">
          {regions.map((r) => (
            <SlotTable key={r} title={REGION_LABELS[r]} departments={all.data?.[REGION_GROUPS[r]] ?? []} days={week} large />
          ))}
        </Stack>
      </QueryState>
      <Text size="md" c="dimmed" mt="sm">
        Sidst opdateret {all.dataUpdatedAt ? clock(all.dataUpdatedAt) : '–'}
      </Text>
    </Box>
  );
}

/** AVAILABLE_SLOTS_JUTLAND: Jylland only. */
export function AvailableSlotsJutlandScreen() {
  return <RegionSlotsScreen title="Ledige slots – Jylland" regions={['Jylland']} />;
}

/** AVAILABLE_SLOTS_FYN_SJAELLAND: Fyn and Sjælland. */
export function AvailableSlotsFynSjaellandScreen() {
  return <RegionSlotsScreen title="Ledige slots – Fyn og Sjælland" regions={['Fyn', 'Sjaelland']} />;
}
