import { Anchor, Drawer, Group, Paper, SimpleGrid, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { MouseEvent, ReactNode } from 'react';
import { useState } from 'react';
import { formatDate, formatDateTime } from '@/domain/lib/dates';
import type { TTransferLine } from '@/domain/transfers/transfer.schemas';
import { counterpartCode, formatQuantity, handledQuantity, lineKey, lineName, sideLabel } from '../transfer-view';
import { HandleButton, RegisteredCheck, SideBadge } from './line-status';

interface LinesProps {
  lines: TTransferLine[];
  /** Opens the confirm dialog for a line. */
  onHandle: (line: TTransferLine) => void;
  nameOf: (code: string) => string | undefined;
}

/** 'fra NØR-LAGER' / 'til ODE', the full name on hover. */
function Counterpart({ line, nameOf }: { line: TTransferLine; nameOf: LinesProps['nameOf'] }) {
  const code = counterpartCode(line);
  return (
    <Text size="xs" c="dimmed" title={nameOf(code)} style={{ whiteSpace: 'nowrap' }}>
      {line.is_Receipt ? 'fra' : 'til'} {code}
    </Text>
  );
}

/** Håndteret: what this side has handled, the green check when it is registered, and what is shipped for a receipt. */
function Handled({ line }: { line: TTransferLine }) {
  return (
    <Stack gap={0}>
      <Group gap={4} wrap="nowrap">
        <Text size="sm">{handledQuantity(line)}</Text>
        <RegisteredCheck line={line} />
      </Group>
      {line.is_Receipt && line.qty_Shipped < line.qty_in_Transit ? (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {line.qty_Shipped} afsendt
        </Text>
      ) : null}
    </Stack>
  );
}

/** The table 'Overflytningsordrer' on wider screens. */
export function TransferTable({ lines, onHandle, nameOf }: LinesProps) {
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={900}>
        <Table verticalSpacing="xs" striped highlightOnHover aria-labelledby="transfer-lines-title">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Order No</Table.Th>
              <Table.Th>Afsend/Modtag</Table.Th>
              <Table.Th>Item No</Table.Th>
              <Table.Th>Beskrivelse</Table.Th>
              <Table.Th>Dato</Table.Th>
              <Table.Th ta="right">Antal</Table.Th>
              <Table.Th>Håndteret</Table.Th>
              <Table.Th>
                <VisuallyHidden>Håndter</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line) => (
              <Table.Tr key={lineKey(line)}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm" fw={600}>
                    {line.order_No}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Linje {line.line_No}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Stack gap={2} align="flex-start">
                    <SideBadge line={line} />
                    <Counterpart line={line} nameOf={nameOf} />
                  </Stack>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{line.item_No}</Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={2} title={line.description}>
                    {line.description}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(line.created)}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatQuantity(line.qty_in_Transit, line.measure_Unit)}
                </Table.Td>
                <Table.Td>
                  <Handled line={line} />
                </Table.Td>
                <Table.Td ta="right">
                  <HandleButton line={line} onHandle={() => onHandle(line)} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children || '–'}
      </Text>
    </div>
  );
}

/** Every field of a line, for the phone's detail popup and the dashboard. */
export function LineDetails({ line, nameOf }: { line: TTransferLine; nameOf: LinesProps['nameOf'] }) {
  const place = (code: string) => {
    const name = nameOf(code);
    return name && name !== code ? `${name} (${code})` : code;
  };
  return (
    <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
      <Detail label="Order No">{line.order_No}</Detail>
      <Detail label="Linje">{line.line_No}</Detail>
      <Detail label="Item No">{line.item_No}</Detail>
      <Detail label="Dato">{formatDate(line.created)}</Detail>
      <Detail label="Fra">{place(line.transfer_from_Code)}</Detail>
      <Detail label="Til">{place(line.transfer_To_Code)}</Detail>
      <Detail label="Antal">{formatQuantity(line.qty_in_Transit, line.measure_Unit)}</Detail>
      <Detail label="Håndteret">
        <Handled line={line} />
      </Detail>
      <Detail label={line.is_Receipt ? 'Modtaget den' : 'Afsendt den'}>{formatDateTime(line.receipt_Date)}</Detail>
      <Detail label="ERP">{line.in_DB ? (line.nav_Need_Update ? 'Afventer overførsel' : 'Overført') : ''}</Detail>
      <div style={{ gridColumn: '1 / -1' }}>
        <Detail label="Beskrivelse">{line.description}</Detail>
      </div>
    </SimpleGrid>
  );
}

/** Phones: a compact table (order no, date, send/receive) whose row opens a detail popup with the handle button. */
export function CompactTransferTable({ lines, onHandle, nameOf }: LinesProps) {
  const [open, setOpen] = useState<TTransferLine | null>(null);
  const onRowClick = (event: MouseEvent, line: TTransferLine) => {
    if (event.target instanceof Element && event.target.closest('a, button')) return;
    setOpen(line);
  };
  return (
    <>
      <Paper withBorder radius="md">
        <Table verticalSpacing="xs" highlightOnHover aria-labelledby="transfer-lines-title">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Order No</Table.Th>
              <Table.Th>Dato</Table.Th>
              <Table.Th>Afsend/Modtag</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line) => (
              <Table.Tr key={lineKey(line)} onClick={(event) => onRowClick(event, line)} style={{ cursor: 'pointer' }}>
                <Table.Td>
                  <Anchor
                    component="button"
                    type="button"
                    size="sm"
                    fw={600}
                    aria-haspopup="dialog"
                    aria-label={lineName(line)}
                    onClick={() => setOpen(line)}
                  >
                    {line.order_No}
                  </Anchor>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {line.item_No}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(line.created)}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <SideBadge line={line} />
                    <RegisteredCheck line={line} />
                  </Group>
                  <Counterpart line={line} nameOf={nameOf} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <Drawer
        opened={open !== null}
        onClose={() => setOpen(null)}
        closeButtonProps={{ 'aria-label': 'Luk' }}
        position="bottom"
        size="auto"
        title={open ? `${sideLabel(open)} ${lineName(open)}` : ''}
      >
        {open ? (
          <Stack gap="md" pb="md">
            <LineDetails line={open} nameOf={nameOf} />
            <HandleButton
              line={open}
              fullWidth
              onHandle={() => {
                const line = open;
                setOpen(null);
                onHandle(line);
              }}
            />
          </Stack>
        ) : null}
      </Drawer>
    </>
  );
}
