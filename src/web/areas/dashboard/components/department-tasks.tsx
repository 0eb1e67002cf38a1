import { Anchor, Badge, Button, Drawer, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { MouseEvent, ReactNode } from 'react';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatTime } from '@/domain/lib/dates';
import { formatPhone, formatPlate } from '@/domain/lib/format';
import { ORDER_STATUS_LABELS, ORDER_TYPE_LABELS } from '@/domain/orders/order-enums';
import type { TOrder } from '@/domain/orders/order.schemas';
import { QueryState } from '../../../components/query-state';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useOrderList } from '../../orders';
import { useSession } from '../../users';
import { todaysFilter } from '../dashboard-blocks';

const time = (order: TOrder) =>
  order.timeAndPlace.from && order.timeAndPlace.to ? `${formatTime(order.timeAndPlace.from)}–${formatTime(order.timeAndPlace.to)}` : '';

const place = (order: TOrder) => {
  const t = order.timeAndPlace;
  return t.department.mobileService && t.mobileServiceLocation.address
    ? `${t.department.name} · ${t.mobileServiceLocation.address}`
    : t.department.name;
};

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children || '–'}
      </Text>
    </div>
  );
}

/**
 * The department's jobs today (document 1's worksheet orders list, Adminstrator and Operation), in the start area
 * 'Dagens opgaver': a table on desktop; on a phone a compact table whose row opens a detail panel. `title` heads it
 * when the area shows the user's own jobs above it.
 */
export function DepartmentTasks({ title }: { title?: string }) {
  const { user } = useSession();
  const isPhone = useIsPhone();
  const navigate = useNavigate();
  const filter = useMemo(() => todaysFilter(user?.departmentGuid), [user?.departmentGuid]);
  const list = useOrderList(filter);
  const [open, setOpen] = useState<TOrder | null>(null);
  const orders = list.data?.orders ?? [];
  const tableName = title ?? 'Dagens opgaver';
  const worksheet = (order: TOrder) => `/worksheet/${order.additionalData.orderId}`;
  // One tab stop per row: the order number (a link, or on a phone the button opening the details); a click on the
  // rest of the row does the same for the mouse.
  const onRowClick = (event: MouseEvent, action: () => void) => {
    if (event.target instanceof Element && event.target.closest('a, button')) return;
    action();
  };

  const table = isPhone ? (
    <Paper withBorder radius="md">
      <Table verticalSpacing="xs" highlightOnHover aria-label={tableName}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Tid</Table.Th>
            <Table.Th>Ordre</Table.Th>
            <Table.Th>Reg. nr.</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((order) => (
            <Table.Tr
              key={order.additionalData.orderId}
              onClick={(event) => onRowClick(event, () => setOpen(order))}
              style={{ cursor: 'pointer' }}
              aria-label={`Ordre ${order.additionalData.orderNr}`}
            >
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{time(order)}</Table.Td>
              <Table.Td>
                <Anchor component="button" type="button" size="sm" aria-haspopup="dialog" onClick={() => setOpen(order)}>
                  {order.additionalData.orderNr}
                </Anchor>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatPlate(order.car.registrationNumber)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  ) : (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={860}>
        <Table verticalSpacing="xs" highlightOnHover striped aria-label={tableName}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Tid</Table.Th>
              <Table.Th>Ordre nr.</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Reg. nr.</Table.Th>
              <Table.Th>Bil</Table.Th>
              <Table.Th>Kunde</Table.Th>
              <Table.Th>Sted</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {orders.map((order) => (
              <Table.Tr
                key={order.additionalData.orderId}
                onClick={(event) => onRowClick(event, () => navigate(worksheet(order)))}
                style={{ cursor: 'pointer' }}
              >
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{time(order)}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={worksheet(order)} size="sm">
                    {order.additionalData.orderNr}
                  </Anchor>
                </Table.Td>
                <Table.Td>{ORDER_TYPE_LABELS[order.additionalData.orderType]}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatPlate(order.car.registrationNumber)}</Table.Td>
                <Table.Td>{[order.car.make, order.car.model].filter(Boolean).join(' ')}</Table.Td>
                <Table.Td>{order.customer.name}</Table.Td>
                <Table.Td>{place(order)}</Table.Td>
                <Table.Td>
                  <Badge variant="light" radius="sm" tt="none">
                    {ORDER_STATUS_LABELS[order.additionalData.orderStatus]}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );

  return (
    <Stack gap="xs">
      {title ? (
        <Title order={3} size="h5">
          {title}
        </Title>
      ) : null}
      <QueryState
        query={list}
        loadingLabel="Henter dagens opgaver"
        errorTitle="Dagens opgaver kunne ikke hentes"
        isEmpty={orders.length === 0}
        emptyText="Ingen opgaver i dag"
      >
        {table}
      </QueryState>
      <Drawer
        opened={open !== null}
        onClose={() => setOpen(null)}
        closeButtonProps={{ 'aria-label': 'Luk' }}
        position="bottom"
        size="auto"
        title={open ? `Ordre ${open.additionalData.orderNr}` : ''}
      >
        {open ? (
          <Stack gap="sm" pb="md">
            <Group grow align="flex-start">
              <Detail label="Tid">{time(open)}</Detail>
              <Detail label="Type">{ORDER_TYPE_LABELS[open.additionalData.orderType]}</Detail>
            </Group>
            <Group grow align="flex-start">
              <Detail label="Reg. nr.">{formatPlate(open.car.registrationNumber)}</Detail>
              <Detail label="Bil">{[open.car.make, open.car.model].filter(Boolean).join(' ')}</Detail>
            </Group>
            <Detail label="Kunde">
              {[open.customer.name, open.customer.phone ? formatPhone(open.customer.phone) : ''].filter(Boolean).join(' · ')}
            </Detail>
            <Detail label="Sted">{place(open)}</Detail>
            <Detail label="Status">{ORDER_STATUS_LABELS[open.additionalData.orderStatus]}</Detail>
            <Button component={Link} to={worksheet(open)} rightSection={<IconArrowRight size={16} />}>
              Åbn arbejdskort
            </Button>
          </Stack>
        ) : null}
      </Drawer>
    </Stack>
  );
}
