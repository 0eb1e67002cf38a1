import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { TMobileServiceOrder } from '@/domain/map/map.schemas';
import { formatTime } from '@/domain/lib/dates';
import { dayName, formatDay, formatDistance, MAP_MESSAGES, NO_FITTER, type MapJob, type TMapGrouping } from '@/domain/map/map';
import { ORDER_STATUS_LABELS, ORDER_TYPE_LABELS, type TOrderStatus, type TOrderType } from '@/domain/orders/order-enums';
import type { TPositionState } from '../api';

export type TShownJob = MapJob<TMobileServiceOrder>;

/** '08:00–10:00', or 'Uden tidspunkt'. */
export function jobTime(job: Pick<TMobileServiceOrder, 'from' | 'to'>): string {
  if (!job.from) return 'Uden tidspunkt';
  return job.to ? `${formatTime(job.from)}–${formatTime(job.to)}` : formatTime(job.from);
}

export function jobDay(shown: Pick<TShownJob, 'day'>, today: string): string {
  return `${dayName(shown.day, today)} ${formatDay(shown.day)}`;
}

/** What a user hears for a job's mark on the map: its number first (what the mark shows), then who and when. */
export function jobLabel(shown: TShownJob, today: string): string {
  return `${shown.number}: ordre ${shown.job.orderNr}, ${shown.job.customerName || 'ukendt kunde'}, ${jobDay(shown, today)} ${jobTime(shown.job)}`;
}

interface JobDetailsProps {
  shown: TShownJob;
  today: string;
  grouping: TMapGrouping;
  radiusKm: number;
  position: TPositionState | undefined;
  /** 'værkstedet' or 'adressen': where the distance is measured from. */
  origin: string;
}

/** A job as the list and the marker's popup show it. */
export function JobDetails({ shown, today, grouping, radiusKm, position, origin }: JobDetailsProps) {
  const { job } = shown;
  const type = ORDER_TYPE_LABELS[job.orderType as TOrderType] ?? job.orderType;
  const status = ORDER_STATUS_LABELS[job.orderStatus as TOrderStatus] ?? job.orderStatus;
  const fitter = job.worker !== NO_FITTER && job.workerName ? job.workerName : 'Ingen montør';
  const approximate = position?.status === 'found' && !position.position.exact;
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Group gap={8} wrap="wrap" align="baseline">
        <Anchor component={Link} to={`/worksheet/${job.orderId}`} fw={700}>
          Ordre {job.orderNr}
        </Anchor>
        <Text size="sm" fw={600}>
          {jobTime(job)}
        </Text>
        <Text size="sm" c="dimmed">
          {jobDay(shown, today)}
        </Text>
      </Group>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {job.customerName || 'Ukendt kunde'}
        {job.registrationNumber ? ` · ${job.registrationNumber}` : ''} · {type}
        {job.orderStatus !== 'PROCESSING' ? ` · ${status}` : ''}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {job.address || 'Ingen adresse'}
      </Text>
      <Text size="sm" c="dimmed">
        {grouping === 'department' ? `Montør: ${fitter}` : job.departmentName}
      </Text>
      <Group gap={6} wrap="wrap" mt={2}>
        <Badge variant="light" color={job.covered ? 'teal' : 'gray'} size="sm" tt="none">
          Overdækket: {job.covered ? 'Ja' : 'Nej'}
        </Badge>
        {shown.distanceKm !== null ? (
          <Text size="sm">
            {approximate ? 'ca. ' : ''}
            {formatDistance(shown.distanceKm)} fra {origin}
            {shown.withinRadius === false ? (
              <Badge ml={6} variant="light" color="orange" size="sm" tt="none">
                Uden for {radiusKm} km
              </Badge>
            ) : null}
          </Text>
        ) : null}
        {position?.status === 'notFound' || (position === undefined && !job.address) ? (
          <Text size="sm" c="red.8" fw={600}>
            {MAP_MESSAGES.addressNotFound}
          </Text>
        ) : null}
        {position?.status === 'failed' ? (
          <Text size="sm" c="red.8">
            Adressen kunne ikke slås op lige nu
          </Text>
        ) : null}
        {position?.status === 'pending' ? (
          <Text size="sm" c="dimmed">
            Finder adressen …
          </Text>
        ) : null}
      </Group>
    </Stack>
  );
}
