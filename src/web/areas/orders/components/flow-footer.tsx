import { Box, Button, Collapse, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import { formatPlate } from '@/domain/lib/format';
import { addVat, formatDkk } from '@/domain/lib/money';
import { lineTotalOre, orderTotals } from '@/domain/orders/order-pricing';
import type { TOrder } from '@/domain/orders/order.schemas';
import { insurerDisplayName } from '@/domain/orders/who-pays';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useInsurers } from '../../parties';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" lh={1.2}>
        {label}
      </Text>
      <Text size="sm" fw={500} lh={1.3} style={{ overflowWrap: 'anywhere' }}>
        {value || '–'}
      </Text>
    </Box>
  );
}

export function carTitle(order: TOrder): string {
  const { make, model, modelYear } = order.car;
  return [make, model, modelYear ? String(modelYear) : ''].filter(Boolean).join(' ');
}

function debitorAddress(order: TOrder): string {
  const d = order.debitor;
  return [d.address, [d.zipCode, d.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

function ItemList({ order }: { order: TOrder }) {
  if (order.items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Ingen varer på ordren endnu.
      </Text>
    );
  }
  return (
    <Table fz="sm" verticalSpacing={4} aria-label="Varer på ordren">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Antal</Table.Th>
          <Table.Th>Vare</Table.Th>
          <Table.Th ta="right">Pris inkl. moms</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {order.items.map((item) => (
          <Table.Tr key={item.itemNo}>
            <Table.Td>{item.amount}</Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              {item.name || item.description}{' '}
              <Text span c="dimmed" size="xs">
                ({item.no || item.itemNo})
              </Text>
            </Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {formatDkk(addVat(lineTotalOre(item)))}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

interface FlowFooterProps {
  order: TOrder;
  /** The step's Continue button (or the step's own buttons), on the right. */
  action?: ReactNode;
  /** Why Continue waits, beside it (below the total on a phone). */
  hint?: string | null;
  /** The action is one button: on a phone it goes in the total's row (issue 39: the footer's height). */
  compactAction?: boolean;
}

/**
 * The footer during the flow (document 1 section 2): car make, model, year, VIN, insurance,
 * owner, debitor name and address, the total incl. VAT, and a toggle that shows the items.
 * It stays at the bottom of the window while the page scrolls. On a phone it starts collapsed to
 * one row (issue 39: it took a fifth of the screen): the total, the toggle that shows the details
 * and the items, and Continue; a hint why Continue waits goes below it in small type.
 */
export function FlowFooter({ order, action, hint, compactAction = false }: FlowFooterProps) {
  const isPhone = useIsPhone();
  const insurers = useInsurers();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const total = orderTotals(order).totalInclOre;

  const facts = (
    <>
      <Fact label="Bil" value={carTitle(order)} />
      <Fact label="Reg. nr." value={formatPlate(order.car.registrationNumber)} />
      <Fact label="Stelnummer (VIN)" value={order.car.vehicleIdentificationNumber} />
      <Fact label="Forsikring" value={insurerDisplayName(insurers.data ?? [], order.car.insurance)} />
      <Fact label="Ejer" value={order.car.owner} />
      <Fact label="Debitor" value={order.debitor.debitorName} />
      <Fact label="Debitors adresse" value={debitorAddress(order)} />
    </>
  );

  const toggle = (
    <Button
      variant="subtle"
      size="xs"
      onClick={() => setOpen((o) => !o)}
      aria-expanded={open}
      aria-controls={detailsId}
      rightSection={open ? <IconChevronDown size={14} /> : <IconChevronUp size={14} />}
    >
      {isPhone ? (open ? 'Skjul detaljer' : 'Vis detaljer') : open ? 'Skjul varer' : `Vis varer (${order.items.length})`}
    </Button>
  );

  return (
    <Paper
      component="aside"
      aria-label="Ordreoversigt"
      withBorder
      shadow="sm"
      radius="md"
      p={{ base: 'xs', sm: 'sm' }}
      mt="lg"
      style={{ position: 'sticky', bottom: 8, zIndex: 5 }}
    >
      {isPhone ? (
        <Stack gap={4}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Box style={{ minWidth: 0 }}>
              <Text size="xs" c="dimmed" lh={1.2}>
                I alt inkl. moms
              </Text>
              <Text fw={700} size="sm" data-testid="flow-total" style={{ whiteSpace: 'nowrap' }}>
                {formatDkk(total)}
              </Text>
            </Box>
            <Group gap={4} wrap="nowrap">
              {toggle}
              {compactAction ? action : null}
            </Group>
          </Group>
          {hint ? (
            <Text size="xs" c="dimmed" lh={1.3}>
              {hint}
            </Text>
          ) : null}
          <Collapse expanded={open} id={detailsId}>
            <Stack gap="xs" py="xs">
              <Box style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 8 }}>{facts}</Box>
              <ItemList order={order} />
            </Stack>
          </Collapse>
          {compactAction ? null : action}
        </Stack>
      ) : (
        <Stack gap="xs">
          <Group justify="space-between" align="flex-end" wrap="nowrap" gap="md">
            <Box style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(120px, 1fr))', gap: 8, flex: 1, minWidth: 0 }}>
              {facts}
            </Box>
            <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
              <Text size="xs" c="dimmed" lh={1.2}>
                I alt inkl. moms
              </Text>
              <Text fw={700} size="lg" lh={1.2} data-testid="flow-total">
                {formatDkk(total)}
              </Text>
            </Stack>
          </Group>
          <Collapse expanded={open} id={detailsId}>
            <ItemList order={order} />
          </Collapse>
          <Group justify="space-between" wrap="wrap" gap="xs">
            {toggle}
            <Group gap="sm" wrap="wrap" justify="flex-end" style={{ marginLeft: 'auto' }}>
              {hint ? (
                <Text size="sm" c="dimmed">
                  {hint}
                </Text>
              ) : null}
              {action}
            </Group>
          </Group>
        </Stack>
      )}
    </Paper>
  );
}
