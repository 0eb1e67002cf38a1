import { ActionIcon, Anchor, Badge, Button, Group, Menu, Paper, Stack, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconDots, IconMessage, IconMessageDollar, IconMoodSmile, IconStatusChange } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { FEEDBACK_LABEL_WITHOUT_WORKER, FEEDBACK_NEEDS_WORKER, hasWorker } from '../../feedback';
import { formatDate, formatTime } from '@/domain/lib/dates';
import { formatPhone, formatPlate } from '@/domain/lib/format';
import { SMS_FLAGS, SMS_KINDS, type TSmsKind } from '@/domain/notifications/sms';
import { ORDER_STATUS_LABELS, ORDER_TYPE_LABELS } from '@/domain/orders/order-enums';
import { orderListTarget } from '@/domain/order-lists';
import type { TOrder } from '@/domain/orders/order.schemas';
import { LazyMenu } from '../../../components/lazy-menu';
import { LazyTooltip } from '../../../components/lazy-tooltip';
import { useRememberedList } from '../../../lib/remembered-list';

/** What a row offers besides opening the order (its link goes to orderListTarget). */
export interface RowActions {
  /** A click anywhere else on the row opens the order too. */
  open: (order: TOrder) => void;
  /** Status change (CustomerService, Adminstrator); absent for other roles. */
  changeStatus?: (order: TOrder) => void;
  sendSms?: (order: TOrder) => void;
  /** The 'Tilbud' reminder on offers lacking one (Complaint, Adminstrator). */
  offerReminder?: (order: TOrder) => void;
  offerReminderDue: (order: TOrder) => boolean;
  /** Feedback on the order's fitter; disabled (with a tooltip) until a fitter is set. */
  feedback?: (order: TOrder) => void;
}

/** Short labels of the sent-SMS flags (the notification-status column). */
const SENT_LABELS: Record<TSmsKind, string> = {
  ON_MY_WAY: 'På vej',
  ARRIVE_BETWEEN_8_12: '8-12',
  ARRIVE_BETWEEN_10_14: '10-14',
  ARRIVE_BETWEEN_12_16: '12-16',
  OFFER_SMS: 'Tilbud',
};

export function sentSms(order: TOrder): TSmsKind[] {
  return SMS_KINDS.filter((kind) => order.notificationStatus[SMS_FLAGS[kind]]);
}

const when = (order: TOrder) => {
  const t = order.timeAndPlace;
  const time = t.from && t.to ? `${formatTime(t.from)}–${formatTime(t.to)}` : '';
  return { date: formatDate(t.date), time };
};

const place = (order: TOrder) => order.timeAndPlace.department.name || '–';

function SmsBadges({ order }: { order: TOrder }) {
  const sent = sentSms(order);
  if (sent.length === 0)
    return (
      <Text size="sm" c="dimmed" aria-label="Ingen SMS sendt">
        –
      </Text>
    );
  return (
    <Group gap={4} wrap="wrap">
      {sent.map((kind) => (
        <Badge key={kind} size="sm" variant="light" color="teal" radius="sm" tt="none">
          {SENT_LABELS[kind]}
        </Badge>
      ))}
    </Group>
  );
}

function StatusBadge({ order }: { order: TOrder }) {
  return (
    <Badge variant="light" radius="sm" tt="none">
      {ORDER_STATUS_LABELS[order.additionalData.orderStatus]}
    </Badge>
  );
}

const stop = (event: MouseEvent) => event.stopPropagation();

/** A click on the row's free space opens the order; links, buttons and menus inside it do their own thing. */
const onRowClick = (event: MouseEvent, open: () => void) => {
  if (event.target instanceof Element && event.target.closest('a, button, input, [role="menu"]')) return;
  if (window.getSelection()?.toString()) return; // the user is selecting text
  open();
};

function RowButtons({ order, actions }: { order: TOrder; actions: RowActions }) {
  const nr = order.additionalData.orderNr;
  return (
    <Group gap={4} wrap="nowrap" onClick={stop}>
      {actions.changeStatus ? (
        <LazyTooltip label="Skift status">
          <ActionIcon variant="subtle" aria-label={`Skift status for ordre ${nr}`} onClick={() => actions.changeStatus!(order)}>
            <IconStatusChange size={18} />
          </ActionIcon>
        </LazyTooltip>
      ) : null}
      {actions.sendSms ? (
        <LazyTooltip label="Send SMS">
          <ActionIcon variant="subtle" aria-label={`Send SMS for ordre ${nr}`} onClick={() => actions.sendSms!(order)}>
            <IconMessage size={18} />
          </ActionIcon>
        </LazyTooltip>
      ) : null}
      {actions.feedback ? (
        <LazyTooltip label={hasWorker(order) ? 'Feedback på montøren' : FEEDBACK_NEEDS_WORKER}>
          <ActionIcon
            variant="subtle"
            aria-label={`Feedback for ordre ${nr}`}
            disabled={!hasWorker(order)}
            onClick={() => actions.feedback!(order)}
          >
            <IconMoodSmile size={18} />
          </ActionIcon>
        </LazyTooltip>
      ) : null}
      {actions.offerReminder && actions.offerReminderDue(order) ? (
        <Button
          size="compact-xs"
          variant="light"
          color="orange"
          leftSection={<IconMessageDollar size={14} />}
          aria-label={`Send tilbuds-SMS for ordre ${nr}`}
          onClick={() => actions.offerReminder!(order)}
        >
          Tilbud
        </Button>
      ) : null}
    </Group>
  );
}

/**
 * The list on a desktop: one row per order. The order number is the row's link (a middle click opens it in a
 * new tab) and its only tab stop besides the row's buttons; a click anywhere on the row opens it too.
 */
/** The list's orders as the worksheet's 'Næste ordre' reads them (issue 39). */
const remembered = (orders: TOrder[]) =>
  orders.map((o) => ({ orderId: o.additionalData.orderId, orderNr: String(o.additionalData.orderNr), target: orderListTarget(o) }));

export function ListTable({ orders, actions, label }: { orders: TOrder[]; actions: RowActions; label: string }) {
  useRememberedList(remembered(orders));
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={1000}>
        <Table verticalSpacing="xs" highlightOnHover striped aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Dato</Table.Th>
              <Table.Th style={{ whiteSpace: 'nowrap' }}>Ordre nr.</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Reg. nr.</Table.Th>
              <Table.Th>Kunde</Table.Th>
              <Table.Th>Afdeling</Table.Th>
              <Table.Th style={{ whiteSpace: 'nowrap' }}>SMS sendt</Table.Th>
              <Table.Th aria-label="Handlinger" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {orders.map((order) => {
              const w = when(order);
              return (
                <Table.Tr
                  key={order.additionalData.orderId}
                  onClick={(event) => onRowClick(event, () => actions.open(order))}
                  style={{ cursor: 'pointer' }}
                  aria-label={`Ordre ${order.additionalData.orderNr}`}
                >
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{w.date || '–'}</Text>
                    <Text size="xs" c="dimmed">
                      {w.time}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={orderListTarget(order)} size="sm" fw={500}>
                      {order.additionalData.orderNr}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{ORDER_TYPE_LABELS[order.additionalData.orderType]}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <StatusBadge order={order} />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatPlate(order.car.registrationNumber)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{order.customer.name || '–'}</Text>
                    <Text size="xs" c="dimmed" title={order.customer.email || undefined}>
                      {order.customer.phone ? formatPhone(order.customer.phone) : order.customer.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>{place(order)}</Table.Td>
                  <Table.Td>
                    <SmsBadges order={order} />
                  </Table.Td>
                  <Table.Td>
                    <RowButtons order={order} actions={actions} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** The list on a phone: compact rows, each a link to the order (named 'Ordre <nr> · …'); the menu holds the actions. */
export function ListCards({ orders, actions, label }: { orders: TOrder[]; actions: RowActions; label: string }) {
  useRememberedList(remembered(orders));
  return (
    <Stack gap="xs" role="list" aria-label={label}>
      {orders.map((order) => {
        const w = when(order);
        const nr = order.additionalData.orderNr;
        const hasMenu = actions.changeStatus || actions.sendSms || (actions.offerReminder && actions.offerReminderDue(order));
        return (
          <Paper key={order.additionalData.orderId} withBorder radius="md" p="xs" role="listitem">
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <UnstyledButton component={Link} to={orderListTarget(order)} style={{ flex: 1, minWidth: 0 }}>
                <Group gap={6} justify="space-between" wrap="nowrap">
                  <Text fw={600} size="sm">
                    <VisuallyHidden component="span">Ordre</VisuallyHidden> {nr} ·{' '}
                    {/* A plate is read as one: it never breaks between its groups beside a long status. */}
                    <span style={{ whiteSpace: 'nowrap' }}>{formatPlate(order.car.registrationNumber) || '–'}</span>
                  </Text>
                  <StatusBadge order={order} />
                </Group>
                <Text size="xs" c="dimmed">
                  {[w.date, w.time, ORDER_TYPE_LABELS[order.additionalData.orderType]].filter(Boolean).join(' · ')}
                </Text>
                <Text size="xs" truncate>
                  {[order.customer.name, place(order)].filter(Boolean).join(' · ')}
                </Text>
                {sentSms(order).length ? (
                  <Text size="xs" c="teal">
                    SMS:{' '}
                    {sentSms(order)
                      .map((k) => SENT_LABELS[k])
                      .join(', ')}
                  </Text>
                ) : null}
              </UnstyledButton>
              {hasMenu ? (
                <LazyMenu
                  position="bottom-end"
                  withinPortal
                  target={
                    <ActionIcon variant="subtle" aria-label={`Handlinger for ordre ${nr}`}>
                      <IconDots size={18} />
                    </ActionIcon>
                  }
                >
                  {actions.changeStatus ? <Menu.Item onClick={() => actions.changeStatus!(order)}>Skift status</Menu.Item> : null}
                  {actions.sendSms ? <Menu.Item onClick={() => actions.sendSms!(order)}>Send SMS</Menu.Item> : null}
                  {actions.offerReminder && actions.offerReminderDue(order) ? (
                    <Menu.Item onClick={() => actions.offerReminder!(order)}>Send tilbuds-SMS</Menu.Item>
                  ) : null}
                  {actions.feedback ? (
                    <Menu.Item
                      disabled={!hasWorker(order)}
                      onClick={() => actions.feedback!(order)}
                      title={hasWorker(order) ? undefined : FEEDBACK_NEEDS_WORKER}
                    >
                      {hasWorker(order) ? 'Feedback' : FEEDBACK_LABEL_WITHOUT_WORKER}
                    </Menu.Item>
                  ) : null}
                </LazyMenu>
              ) : null}
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
