import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconArrowRight, IconMessage, IconPhoneCall, IconRoute } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate, formatTime } from '@/domain/lib/dates';
import { formatPhone, formatPlate } from '@/domain/lib/format';
import { directionsUrl } from '@/domain/map/directions';
import { customerTelHref, isJobToDo, jobAddress, nextJob } from '@/domain/orders/fitter-jobs';
import type { TFitterJob, TFitterJobDay, TFitterJobs } from '@/domain/orders/fitter-jobs.schemas';
import { ORDER_STATUS_LABELS } from '@/domain/orders/order-enums';
import type { TOrder } from '@/domain/orders/order.schemas';
import { lazyDialog } from '../../../lib/lazy-dialog';

/** The existing 'Send SMS' dialog (its rules and texts), loaded at the user's first act on the page. */
const SmsDialog = lazyDialog(() => import('../../notifications').then((m) => m.SmsDialog));

const worksheetPath = (order: TOrder) => `/worksheet/${order.additionalData.orderId}`;
const timeOf = (order: TOrder) =>
  order.timeAndPlace.from && order.timeAndPlace.to
    ? `${formatTime(order.timeAndPlace.from)}–${formatTime(order.timeAndPlace.to)}`
    : 'Ingen tid';
const carOf = (order: TOrder) =>
  [formatPlate(order.car.registrationNumber), [order.car.make, order.car.model].filter(Boolean).join(' ')].filter(Boolean).join(' · ');
/** Where: the customer's address for a mobile job, the workshop's name and address otherwise. */
const placeOf = (order: TOrder) => {
  const address = jobAddress(order);
  return order.timeAndPlace.department.mobileService ? address : [order.timeAndPlace.department.name, address].filter(Boolean).join(', ');
};

/**
 * The next job, with what the fitter does before arriving: the way there in the phone's maps, a call to the
 * customer, the 'på vej' SMS (document 1: only a mobile-service job whose customer allows SMS; otherwise 'SMS ikke
 * tilladt', disabled, with the reason the server gave), and the worksheet.
 */
function NextJob({ job }: { job: TFitterJob }) {
  const { order, onMyWaySmsRefusal } = job;
  const [smsOpen, setSmsOpen] = useState(false);
  const directions = directionsUrl(jobAddress(order));
  const tel = customerTelHref(order);
  const sent = order.notificationStatus.smsOnMyWay;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="section"
      aria-labelledby="next-job-title"
      style={{ borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 }}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Title order={3} size="h4" id="next-job-title">
            Næste opgave
          </Title>
          <Text fw={700}>{timeOf(order)}</Text>
        </Group>
        <div>
          <Text fw={600}>
            {[order.customer.name || 'Ukendt kunde', order.customer.phone ? `tlf. ${formatPhone(order.customer.phone)}` : '']
              .filter(Boolean)
              .join(' · ')}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {placeOf(order) || 'Ingen adresse'}
          </Text>
          <Text size="sm" c="dimmed">
            {carOf(order)}
          </Text>
        </div>
        <SimpleGrid cols={2} spacing="xs">
          {directions ? (
            <Button
              component="a"
              href={directions}
              target="_blank"
              rel="noopener"
              variant="light"
              leftSection={<IconRoute size={18} aria-hidden />}
            >
              Vis vej
            </Button>
          ) : (
            <Button variant="light" disabled>
              Ingen adresse
            </Button>
          )}
          {tel ? (
            <Button component="a" href={tel} variant="light" leftSection={<IconPhoneCall size={18} aria-hidden />}>
              Ring op
            </Button>
          ) : (
            <Button variant="light" disabled>
              Intet telefonnr.
            </Button>
          )}
          {onMyWaySmsRefusal === null ? (
            // The dialog opens with 'På vej' chosen and shows the text the customer gets; 'Send' sends it.
            <Button
              variant="light"
              leftSection={<IconMessage size={18} aria-hidden />}
              aria-haspopup="dialog"
              onClick={() => setSmsOpen(true)}
            >
              {sent ? 'På vej (sendt)' : 'SMS: På vej'}
            </Button>
          ) : (
            <Stack gap={2}>
              {/* The spec's words, whole: on a narrow phone they may take two lines. */}
              <Button
                variant="light"
                disabled
                aria-describedby="next-job-sms-reason"
                px={8}
                h="auto"
                mih={36}
                styles={{ label: { whiteSpace: 'normal', lineHeight: 1.2, textAlign: 'center' } }}
              >
                SMS ikke tilladt
              </Button>
              <Text size="xs" c="dimmed" id="next-job-sms-reason">
                {onMyWaySmsRefusal}
              </Text>
            </Stack>
          )}
          <Button component={Link} to={worksheetPath(order)} rightSection={<IconArrowRight size={18} aria-hidden />}>
            Arbejdskort
          </Button>
        </SimpleGrid>
      </Stack>
      <SmsDialog order={order} opened={smsOpen} onClose={() => setSmsOpen(false)} initialKind="ON_MY_WAY" />
    </Paper>
  );
}

/** A day's jobs in time order, each a link to its worksheet; the next job is marked. */
function JobList({
  day,
  title,
  titleId,
  nextId,
  emptyText,
}: {
  day: TFitterJobDay;
  title: string;
  titleId: string;
  nextId: string | null;
  emptyText: string;
}) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={3} size="h5" id={titleId}>
        {title}
      </Title>
      {day.jobs.length === 0 ? (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      ) : (
        <Stack component="ol" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {day.jobs.map(({ order }) => {
            const done = !isJobToDo(order);
            return (
              <li key={order.additionalData.orderId}>
                <UnstyledButton
                  component={Link}
                  to={worksheetPath(order)}
                  display="block"
                  w="100%"
                  p="xs"
                  style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)' }}
                >
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Text fw={700} size="sm">
                      {timeOf(order)}
                    </Text>
                    <Group gap={4} wrap="nowrap">
                      {order.additionalData.orderId === nextId ? (
                        <Badge radius="sm" tt="none">
                          Næste
                        </Badge>
                      ) : null}
                      <Badge variant="light" color={done ? 'gray' : undefined} radius="sm" tt="none">
                        {ORDER_STATUS_LABELS[order.additionalData.orderStatus]}
                      </Badge>
                    </Group>
                  </Group>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {[order.customer.name, placeOf(order)].filter(Boolean).join(' · ')}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {carOf(order)} · ordre {order.additionalData.orderNr}
                  </Text>
                </UnstyledButton>
              </li>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * The fitter's own jobs (GET /api/order/myjobs): the next job with its actions, today's jobs in time order, and
 * tomorrow's below. On a desktop the next job and today's list stand side by side.
 */
export function FitterJobs({ jobs }: { jobs: TFitterJobs }) {
  const next = nextJob(jobs.today.jobs);
  const nextId = next?.order.additionalData.orderId ?? null;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: next ? 2 : 1 }} spacing="md">
        {next ? <NextJob job={next} /> : null}
        <JobList day={jobs.today} title="Mine opgaver i dag" titleId="my-jobs-today" nextId={nextId} emptyText="Ingen opgaver i dag" />
      </SimpleGrid>
      <JobList
        day={jobs.tomorrow}
        title={`I morgen, ${formatDate(`${jobs.tomorrow.date}T00:00:00`)}`}
        titleId="my-jobs-tomorrow"
        nextId={null}
        emptyText="Ingen opgaver i morgen"
      />
    </Stack>
  );
}
