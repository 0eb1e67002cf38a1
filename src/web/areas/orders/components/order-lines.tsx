import { ActionIcon, Box, Card, Group, Paper, Stack, Table, Text, TextInput, ThemeIcon, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconRulerMeasure, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { addVat, formatDkk, formatKroner } from '@/domain/lib/money';
import { ITEM_TYPES } from '@/domain/orders/order-enums';
import { exclVatPriceToIncl, lineTotalOre, parseAmountInput, parsePriceInput } from '@/domain/orders/order-pricing';
import { setAmount, setUnitPriceExcl, setUnitPriceIncl } from '@/domain/orders/order-items';
import type { TOrderItem } from '@/domain/orders/order.schemas';
import { useIsPhone } from '../../../lib/use-is-phone';

interface NumberBoxProps {
  label: string;
  value: number;
  /** How the stored value is shown when the box is not being typed in. */
  format: (value: number) => string;
  onCommit: (text: string) => void;
  width?: number;
}

/** A number box that keeps what is typed while typing and passes each keystroke on (non-numeric becomes 0). */
function NumberBox({ label, value, format, onCommit, width = 110 }: NumberBoxProps) {
  const [text, setText] = useState<string | null>(null);
  return (
    <TextInput
      aria-label={label}
      value={text ?? format(value)}
      onChange={(event) => {
        setText(event.currentTarget.value);
        onCommit(event.currentTarget.value);
      }}
      onFocus={(event) => {
        setText(format(value));
        event.currentTarget.select();
      }}
      onBlur={() => setText(null)}
      size="xs"
      w={width}
      inputMode="decimal"
      styles={{ input: { textAlign: 'right' } }}
    />
  );
}

function CalibrationIcon() {
  return (
    <Tooltip label="Kalibrering">
      <ThemeIcon variant="light" color="gray" size="sm" radius="sm" aria-label="Kalibrering" role="img">
        <IconRulerMeasure size={14} />
      </ThemeIcon>
    </Tooltip>
  );
}

interface OrderLinesProps {
  items: readonly TOrderItem[];
  onChange: (change: (items: TOrderItem[]) => TOrderItem[]) => void;
  onRemove: (itemNo: string) => void;
  /** ReviewManager may also edit the price excl. VAT. */
  canEditExclPrice: boolean;
  readOnly: boolean;
}

const amountText = (n: number) => formatKroner(n).replace(/,00$/, '');

/**
 * The order lines of the confirm step: amount and unit price incl. VAT (stored ×0.8), for a
 * ReviewManager also the price excl. VAT; calibration lines (type 3) are shaded grey with an icon.
 */
export function OrderLines({ items, onChange, onRemove, canEditExclPrice, readOnly }: OrderLinesProps) {
  const isPhone = useIsPhone();
  if (items.length === 0) {
    return (
      <Paper withBorder p="md" radius="md">
        <Text c="dimmed" size="sm">
          Ingen varelinjer.
        </Text>
      </Paper>
    );
  }

  // Read-only lines (a locked order, a service call) show their values as text, not as disabled boxes.
  const shown = (text: string) => (
    <Text size="sm" ta="right" style={{ whiteSpace: 'nowrap' }}>
      {text}
    </Text>
  );
  const amountBox = (item: TOrderItem) =>
    readOnly ? (
      shown(amountText(item.amount))
    ) : (
      <NumberBox
        label={`Antal for ${item.no || item.itemNo}`}
        value={item.amount}
        format={amountText}
        width={70}
        onCommit={(text) => onChange((list) => setAmount(list, item.itemNo, parseAmountInput(text)))}
      />
    );
  const inclBox = (item: TOrderItem) =>
    readOnly ? (
      shown(formatKroner(exclVatPriceToIncl(item.itemPrice)))
    ) : (
      <NumberBox
        label={`Enhedspris inkl. moms for ${item.no || item.itemNo}`}
        value={exclVatPriceToIncl(item.itemPrice)}
        format={formatKroner}
        onCommit={(text) => onChange((list) => setUnitPriceIncl(list, item.itemNo, parsePriceInput(text)))}
      />
    );
  const exclBox = (item: TOrderItem) =>
    readOnly ? (
      shown(formatKroner(item.itemPrice))
    ) : (
      <NumberBox
        label={`Enhedspris ekskl. moms for ${item.no || item.itemNo}`}
        value={item.itemPrice}
        format={formatKroner}
        onCommit={(text) => onChange((list) => setUnitPriceExcl(list, item.itemNo, parsePriceInput(text)))}
      />
    );
  const removeButton = (item: TOrderItem) =>
    readOnly ? null : (
      <Tooltip label="Fjern linjen">
        <ActionIcon variant="subtle" color="red" onClick={() => onRemove(item.itemNo)} aria-label={`Fjern ${item.no || item.itemNo}`}>
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    );
  const isCalibration = (item: TOrderItem) => item.type === ITEM_TYPES.CALIBRATION;

  if (isPhone) {
    return (
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Ordrelinjer">
        {items.map((item) => (
          <Card
            key={item.itemNo}
            component="li"
            withBorder
            padding="sm"
            radius="md"
            bg={isCalibration(item) ? 'gray.1' : undefined}
            aria-label={`${item.no || item.itemNo} ${item.name}`}
            data-calibration={isCalibration(item) || undefined}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <Box style={{ minWidth: 0 }}>
                <Group gap={6} wrap="nowrap">
                  {isCalibration(item) ? <CalibrationIcon /> : null}
                  <Text fw={600} size="sm">
                    {item.no || item.itemNo}
                  </Text>
                </Group>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {item.name || item.description}
                </Text>
              </Box>
              {removeButton(item)}
            </Group>
            <Group gap="xs" mt="xs" wrap="wrap" align="flex-end">
              <Box>
                <Text size="xs" c="dimmed">
                  Antal
                </Text>
                {amountBox(item)}
              </Box>
              <Box>
                <Text size="xs" c="dimmed">
                  Pris inkl. moms
                </Text>
                {inclBox(item)}
              </Box>
              {canEditExclPrice ? (
                <Box>
                  <Text size="xs" c="dimmed">
                    Pris ekskl. moms
                  </Text>
                  {exclBox(item)}
                </Box>
              ) : null}
              {item.discountPercent > 0 ? (
                <Box>
                  <Text size="xs" c="dimmed">
                    Rabat
                  </Text>
                  <Text size="sm">{formatKroner(item.discountPercent)} %</Text>
                </Box>
              ) : null}
              <Box ml="auto" ta="right">
                <Text size="xs" c="dimmed">
                  I alt inkl. moms
                </Text>
                <Text size="sm" fw={600}>
                  {formatDkk(addVat(lineTotalOre(item)))}
                </Text>
              </Box>
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="xs" aria-label="Ordrelinjer">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={36}>
                <VisuallyHidden>Type</VisuallyHidden>
              </Table.Th>
              <Table.Th>Varenummer</Table.Th>
              <Table.Th>Navn</Table.Th>
              <Table.Th ta="right">Antal</Table.Th>
              <Table.Th ta="right">Enhedspris inkl. moms</Table.Th>
              {canEditExclPrice ? <Table.Th ta="right">Enhedspris ekskl. moms</Table.Th> : null}
              <Table.Th ta="right">Rabat %</Table.Th>
              <Table.Th ta="right">I alt inkl. moms</Table.Th>
              {readOnly ? null : (
                <Table.Th>
                  <VisuallyHidden>Fjern</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr
                key={item.itemNo}
                bg={isCalibration(item) ? 'gray.1' : undefined}
                data-calibration={isCalibration(item) || undefined}
              >
                <Table.Td>{isCalibration(item) ? <CalibrationIcon /> : null}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{item.no || item.itemNo}</Table.Td>
                <Table.Td>{item.name || item.description}</Table.Td>
                <Table.Td>
                  <Group justify="flex-end">{amountBox(item)}</Group>
                </Table.Td>
                <Table.Td>
                  <Group justify="flex-end">{inclBox(item)}</Group>
                </Table.Td>
                {canEditExclPrice ? (
                  <Table.Td>
                    <Group justify="flex-end">{exclBox(item)}</Group>
                  </Table.Td>
                ) : null}
                <Table.Td ta="right">{formatKroner(item.discountPercent)}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} fw={600}>
                  {formatDkk(addVat(lineTotalOre(item)))}
                </Table.Td>
                {readOnly ? null : <Table.Td>{removeButton(item)}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
