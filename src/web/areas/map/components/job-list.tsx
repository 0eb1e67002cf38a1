import { Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { memo } from 'react';
import { IconMapPin } from '@tabler/icons-react';
import type { MapGroup, TMapGrouping } from '@/domain/map/map';
import type { TPositionState } from '../api';
import { JobBadge } from './job-badge';
import { JobDetails, type TShownJob } from './job-details';

interface JobListProps {
  jobs: readonly TShownJob[];
  groups: readonly { group: MapGroup; count: number }[];
  grouping: TMapGrouping;
  today: string;
  radiusKm: number;
  positions: ReadonlyMap<string, TPositionState>;
  /** 'værkstedet' or 'adressen'. */
  origin: string;
  selectedOrderId: string | null;
  onShowOnMap: (orderId: string) => void;
  /** Why there is nothing to show (no van, no day, no jobs); null when there are jobs. */
  emptyText: string | null;
}

/**
 * The jobs beside the map (below it on a phone), grouped by van or by fitter as the tab says and numbered as their
 * marks: the same jobs as the map, so the screen is usable without tiles, and every job whose address cannot be
 * found is here with 'Adressen kunne ikke findes'.
 */
export const JobList = memo(function JobList({
  jobs,
  groups,
  grouping,
  today,
  radiusKm,
  positions,
  origin,
  selectedOrderId,
  onShowOnMap,
  emptyText,
}: JobListProps) {
  return (
    <Box component="section" aria-labelledby="map-jobs-title">
      <Title order={2} fz="md" id="map-jobs-title" mb="xs">
        Opgaver ({jobs.length})
      </Title>
      {emptyText ? (
        <Paper withBorder p="md">
          <Text c="dimmed" size="sm">
            {emptyText}
          </Text>
        </Paper>
      ) : (
        <Stack gap="md">
          {groups.map(({ group }) => {
            const own = jobs.filter((j) => j.group.key === group.key);
            if (own.length === 0) return null;
            const headingId = `map-group-${group.key}`;
            return (
              <Box key={group.key} component="section" aria-labelledby={headingId}>
                <Group gap={6} mb={4} wrap="nowrap">
                  <Box aria-hidden w={12} h={12} style={{ borderRadius: '50%', background: group.colour, flex: 'none' }} />
                  <Title order={3} fz="sm" id={headingId}>
                    {group.name} ({own.length})
                  </Title>
                </Group>
                <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
                  {own.map((shown) => {
                    const position = positions.get(shown.job.address.trim());
                    const selected = shown.job.orderId === selectedOrderId;
                    return (
                      <Paper
                        component="li"
                        key={shown.job.orderId}
                        withBorder
                        p="xs"
                        data-order-id={shown.job.orderId}
                        aria-current={selected ? 'true' : undefined}
                        style={
                          selected
                            ? { borderColor: 'var(--mantine-color-blue-7)', boxShadow: '0 0 0 1px var(--mantine-color-blue-7)' }
                            : undefined
                        }
                      >
                        <Group gap="xs" align="flex-start" wrap="nowrap">
                          <JobBadge number={shown.number} fill={shown.group.colour} ring={shown.dayColour} />
                          <Box style={{ flex: 1, minWidth: 0 }}>
                            <JobDetails
                              shown={shown}
                              today={today}
                              grouping={grouping}
                              radiusKm={radiusKm}
                              position={position}
                              origin={origin}
                            />
                            {shown.position ? (
                              <Button
                                variant="subtle"
                                size="compact-sm"
                                mt={4}
                                leftSection={<IconMapPin size={16} aria-hidden />}
                                onClick={() => onShowOnMap(shown.job.orderId)}
                                aria-label={`Vis på kortet: ordre ${shown.job.orderNr}`}
                              >
                                Vis på kortet
                              </Button>
                            ) : null}
                          </Box>
                        </Group>
                      </Paper>
                    );
                  })}
                </Stack>
              </Box>
            );
          })}
        </Stack>
      )}
    </Box>
  );
});
