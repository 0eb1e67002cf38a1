import { Alert, Badge, Button, Card, Group, Modal, Pagination, Paper, SimpleGrid, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { Select } from '../../../components/select';
import { IconRefresh } from '@tabler/icons-react';
import type { KeyboardEvent, MouseEvent } from 'react';
import { useState } from 'react';
import { formatDateTime } from '@/domain/lib/dates';
import { outboxKindLabel } from '@/domain/notifications/message-kinds';
import {
  deliveryOutcome,
  DELIVERY_OUTCOME_LABELS,
  OUTBOX_CHANNEL_LABELS,
  OUTBOX_CHANNELS,
  OUTBOX_SECRET_MASK,
  OUTBOX_STATUS_LABELS,
  OUTBOX_STATUSES,
  type TOutboxChannel,
  type TOutboxMessage,
  type TOutboxStatus,
} from '@/domain/outbox/outbox';
import { QueryState } from '../../../components/query-state';
import { PageHeader } from '../../../components/page-header';
import { notify } from '../../../lib/notify';
import { useIsPhone } from '../../../lib/use-is-phone';
import type { OutboxFilter } from '../api';
import { useOutbox, useRetryOutboxMessage } from '../api';

const STATUS_COLORS: Record<TOutboxStatus, string> = {
  PENDING: 'gray',
  SENDING: 'blue',
  SENT: 'teal',
  KEPT: 'violet',
  FAILED: 'red',
};

/** The delivery adapters the server names (smtp, sms-http, local). */
const TRANSPORT_LABELS: Record<string, string> = {
  local: 'Gemt lokalt (ingen gateway sat op)',
  smtp: 'SMTP',
  'sms-http': 'SMS-gateway',
  gatewayapi: 'GatewayAPI',
  'erp-file': 'JSON-fil til ERP',
  'erp-http': 'ERP-endpoint',
  businesscentral: 'Business Central',
};

function transportLabel(transport: string): string {
  return TRANSPORT_LABELS[transport] ?? transport;
}

/** Said under a text whose password, link or code the server masked. */
export const SECRET_NOTE = 'Adgangskoder, links og koder vises aldrig her; modtageren får dem i beskeden.';

/** Subject when there is one (e-mail), else the text itself (SMS). */
function summary(message: TOutboxMessage): string {
  return message.subject || message.body;
}

/**
 * The message's status; once the SMS provider reported on it, its report: 'Leveret' (on the phone) or 'Fejlet'
 * (not delivered), so each SMS shows sent, delivered or failed.
 */
function StatusBadge({ message }: { message: TOutboxMessage }) {
  const outcome = deliveryOutcome(message);
  const reported = message.deliveryStatus !== '';
  return (
    <Badge
      color={reported ? (outcome === 'DELIVERED' ? 'green' : 'red') : STATUS_COLORS[message.status]}
      variant="light"
      radius="sm"
      tt="none"
      style={{ flexShrink: 0 }}
    >
      {reported ? DELIVERY_OUTCOME_LABELS[outcome] : OUTBOX_STATUS_LABELS[message.status]}
    </Badge>
  );
}

/** What went wrong: the outbox's last error, or the provider's words on a failed delivery. */
function problemOf(message: TOutboxMessage): string {
  if (message.lastError) return message.lastError;
  return message.deliveryStatus === 'UNDELIVERED' ? `Ikke leveret: ${message.deliveryDetail}` : '';
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children || '–'}
      </Text>
    </Stack>
  );
}

/** Udbakke: every SMS and e-mail the system queued, with delivery status (Adminstrator). */
export function OutboxScreen() {
  const isPhone = useIsPhone();
  const [filter, setFilter] = useState<OutboxFilter>({ page: 0, status: null, channel: null });
  const [openId, setOpenId] = useState<string | null>(null);
  const outbox = useOutbox(filter);
  const retry = useRetryOutboxMessage();

  const messages = outbox.data?.messages ?? [];
  const opened = messages.find((m) => m.id === openId) ?? null;
  const pageCount = outbox.data?.pageCount ?? 0;

  const retryMessage = (message: TOutboxMessage) =>
    retry.mutate(message.id, { onSuccess: () => notify.success('Beskeden er sat i kø igen') });

  const retryButton = (message: TOutboxMessage, size: 'xs' | 'sm' = 'xs') =>
    message.status === 'FAILED' ? (
      <Button
        size={size}
        variant="light"
        leftSection={<IconRefresh size={14} />}
        loading={retry.isPending && retry.variables === message.id}
        onClick={(event: MouseEvent) => {
          event.stopPropagation();
          retryMessage(message);
        }}
        aria-label={`Prøv igen: ${outboxKindLabel(message.kind)} til ${message.recipient}`}
      >
        Prøv igen
      </Button>
    ) : null;

  const openOnKey = (event: KeyboardEvent, id: string) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      setOpenId(id);
    }
  };

  let content;
  if (isPhone) {
    content = (
      <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Beskeder">
        {messages.map((message) => (
          <Card
            key={message.id}
            component="li"
            withBorder
            padding="sm"
            radius="md"
            tabIndex={0}
            onClick={() => setOpenId(message.id)}
            onKeyDown={(event: KeyboardEvent) => openOnKey(event, message.id)}
            style={{ cursor: 'pointer' }}
          >
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <Text size="sm" fw={600} style={{ minWidth: 0 }}>
                {OUTBOX_CHANNEL_LABELS[message.channel]} · {outboxKindLabel(message.kind)}
              </Text>
              <StatusBadge message={message} />
            </Group>
            <Text size="sm" truncate="end">
              {message.recipient}
            </Text>
            <Text size="sm" c="dimmed" lineClamp={2}>
              {summary(message)}
            </Text>
            <Group justify="space-between" mt={6} gap="xs">
              <Text size="xs" c="dimmed">
                {formatDateTime(message.createdAt)} · Forsøg: {message.attempts}
              </Text>
              {retryButton(message)}
            </Group>
          </Card>
        ))}
      </Stack>
    );
  } else {
    content = (
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={960}>
          <Table highlightOnHover verticalSpacing="sm" aria-label="Beskeder">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Oprettet</Table.Th>
                <Table.Th>Kanal</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Modtager</Table.Th>
                <Table.Th>Emne/tekst</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Forsøg</Table.Th>
                <Table.Th>Fejl</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Handlinger</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {messages.map((message) => (
                <Table.Tr
                  key={message.id}
                  tabIndex={0}
                  onClick={() => setOpenId(message.id)}
                  onKeyDown={(event: KeyboardEvent) => openOnKey(event, message.id)}
                  style={{ cursor: 'pointer' }}
                  aria-label={`${outboxKindLabel(message.kind)} til ${message.recipient}`}
                >
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(message.createdAt)}</Table.Td>
                  <Table.Td>{OUTBOX_CHANNEL_LABELS[message.channel]}</Table.Td>
                  <Table.Td>{outboxKindLabel(message.kind)}</Table.Td>
                  <Table.Td maw={200}>
                    <Text size="sm" truncate="end" title={message.recipient}>
                      {message.recipient}
                    </Text>
                  </Table.Td>
                  <Table.Td maw={280}>
                    <Text size="sm" truncate="end" title={summary(message)}>
                      {summary(message)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge message={message} />
                  </Table.Td>
                  <Table.Td ta="right">{message.attempts}</Table.Td>
                  <Table.Td maw={200}>
                    <Text size="sm" c="red.8" truncate="end" title={problemOf(message)}>
                      {problemOf(message)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{retryButton(message)}</Table.Td>
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
      <PageHeader title="Udbakke" description="SMS'er og e-mails, som Rudeplan har sendt eller skal sende." />
      <Group gap="sm" mb="md" align="flex-end" grow={isPhone} wrap="wrap">
        <Select
          label="Status"
          placeholder="Alle"
          data={OUTBOX_STATUSES.map((status) => ({ value: status, label: OUTBOX_STATUS_LABELS[status] }))}
          value={filter.status}
          onChange={(value) => setFilter({ ...filter, page: 0, status: value as TOutboxStatus | null })}
          clearable
          w={isPhone ? undefined : 200}
        />
        <Select
          label="Kanal"
          placeholder="Alle"
          data={OUTBOX_CHANNELS.map((channel) => ({ value: channel, label: OUTBOX_CHANNEL_LABELS[channel] }))}
          value={filter.channel}
          onChange={(value) => setFilter({ ...filter, page: 0, channel: value as TOutboxChannel | null })}
          clearable
          w={isPhone ? undefined : 200}
        />
      </Group>

      <QueryState
        query={outbox}
        loadingLabel="Indlæser udbakken"
        errorTitle="Udbakken kunne ikke hentes"
        isEmpty={messages.length === 0}
        emptyText={`Der er ingen beskeder${filter.status || filter.channel ? ', der matcher filtrene' : ''}.`}
      >
        {content}
      </QueryState>

      {outbox.data && outbox.data.total > 0 ? (
        <Group justify="space-between" mt="md" gap="sm">
          <Text size="sm" c="dimmed">
            {outbox.data.total} {outbox.data.total === 1 ? 'besked' : 'beskeder'} i alt
          </Text>
          {pageCount > 1 ? (
            <Pagination
              total={pageCount}
              value={filter.page + 1}
              onChange={(page) => setFilter({ ...filter, page: page - 1 })}
              withEdges
              siblings={isPhone ? 0 : 1}
              getControlProps={(control) => ({
                'aria-label': {
                  first: 'Første side',
                  previous: 'Forrige side',
                  next: 'Næste side',
                  last: 'Sidste side',
                }[control],
              })}
              getItemProps={(page) => ({ 'aria-label': `Side ${page}` })}
            />
          ) : null}
        </Group>
      ) : null}

      <Modal
        opened={opened !== null}
        onClose={() => setOpenId(null)}
        title={opened ? `${OUTBOX_CHANNEL_LABELS[opened.channel]}: ${outboxKindLabel(opened.kind)}` : ''}
        size="lg"
        closeButtonProps={{ 'aria-label': 'Luk dialogen' }}
      >
        {opened ? (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <Detail label="Modtager">{opened.recipient}</Detail>
              <Detail label="Status">
                <StatusBadge message={opened} />
              </Detail>
              <Detail label="Oprettet">{formatDateTime(opened.createdAt)}</Detail>
              <Detail label="Leveret">{formatDateTime(opened.deliveredAt)}</Detail>
              <Detail label="Forsøg">{String(opened.attempts)}</Detail>
              <Detail label="Næste forsøg">
                {opened.status === 'PENDING' || opened.status === 'SENDING' ? formatDateTime(opened.nextAttemptAt) : ''}
              </Detail>
              <Detail label="Leveret via">{transportLabel(opened.transport)}</Detail>
              <Detail label="Type">{outboxKindLabel(opened.kind)}</Detail>
              {opened.deliveryStatus ? (
                <Detail label="Leveringsrapport">
                  {`${opened.deliveryStatus === 'DELIVERED' ? 'Leveret' : 'Ikke leveret'}${opened.deliveryReportedAt ? ` ${formatDateTime(opened.deliveryReportedAt)}` : ''} (${opened.deliveryDetail})`}
                </Detail>
              ) : null}
            </SimpleGrid>
            {problemOf(opened) ? (
              <Alert color="red" variant="light" title="Fejl">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {problemOf(opened)}
                </Text>
              </Alert>
            ) : null}
            {opened.subject ? <Detail label="Emne">{opened.subject}</Detail> : null}
            <Stack gap={4}>
              <Text size="xs" c="dimmed" fw={500}>
                Tekst
              </Text>
              <Paper withBorder p="sm" bg="gray.0">
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {opened.body}
                </Text>
              </Paper>
              {opened.body.includes(OUTBOX_SECRET_MASK) ? (
                <Text size="xs" c="dimmed">
                  {SECRET_NOTE}
                </Text>
              ) : null}
            </Stack>
            <Group justify="flex-end" gap="sm">
              {retryButton(opened, 'sm')}
              <Button variant="default" onClick={() => setOpenId(null)}>
                Luk
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}
