import { Box, Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { TPlaceState } from '@/domain/booking/booking.schemas';
import type { TAvailableSlotsDay, TAvailableSlotsDepartment } from '@/domain/planning/planning.schemas';
import './slot-table.css';

/** The text of the single row shown when no department remains (document 3 section 5). */
export const NO_DEPARTMENTS = 'Ingen afdelinger blev fundet';

const dayOfMonth = (date: string) => Number(date.slice(8, 10));

/** What a blank cell means, said to a screen reader: a day whose time is over counts as closed; no slots is not full. */
const BLANK: Record<TPlaceState, string> = { CLOSED: 'lukket', OVER: 'tiderne er passeret', NO_SLOTS: 'ingen tider', FULL: '', FREE: '' };

function Count({ value, kind, date, state }: { value: number | null; kind: string; date: string; state: TPlaceState }) {
  // Closed, over or without slots: blank. Zero (every place taken): highlighted.
  if (value === null)
    return (
      <Table.Td
        className="slot-cell"
        data-closed
        data-state={state}
        aria-label={`${kind} ${dayOfMonth(date)}.: ${BLANK[state] || 'lukket'}`}
      />
    );
  return (
    <Table.Td className="slot-cell" data-zero={value === 0 || undefined}>
      {value}
    </Table.Td>
  );
}

/**
 * A kind's column header. The regional views show it short ('Mont.', 'Rep.', explained under the table) so the
 * whole week fits a workshop screen at their large size; a screen reader hears the full word either way.
 */
function KindHeader({ full, short, large }: { full: string; short: string; large: boolean }) {
  return (
    <Table.Th ta="center" className="slot-kind">
      {large ? (
        <>
          <span aria-hidden="true">{short}</span>
          <VisuallyHidden>{full}</VisuallyHidden>
        </>
      ) : (
        full
      )}
    </Table.Th>
  );
}

interface SlotTableProps {
  /** The region's name as shown: 'Jylland', 'Fyn', 'Sjælland'. */
  title: string;
  departments: TAvailableSlotsDepartment[];
  /** The days of the table when no department remains ('YYYY-MM-DDT00:00:00'). */
  days: string[];
  /** The large, readable-across-the-room style of the regional views. */
  large?: boolean;
}

/**
 * One region of Ledige slots: a row per department, per day the free window-replace (Montering) and stone-chip
 * (Reparationer) places under the day of month; 0 (every place taken) highlighted; a closed day, a day whose time
 * is over and a kind without slots that day blank.
 */
export function SlotTable({ title, departments, days, large = false }: SlotTableProps) {
  const columns: string[] = departments[0]?.availableSlots.map((s) => s.date) ?? days;
  const rows: Array<{ key: string; name: string; slots: TAvailableSlotsDay[] }> = departments.length
    ? departments.map((d) => ({ key: d.departmentId, name: d.name, slots: d.availableSlots }))
    : [
        {
          key: 'none',
          name: NO_DEPARTMENTS,
          slots: columns.map((date) => ({
            date,
            windowReplacementAvailableSlots: 0,
            stoneChipAvailableSlots: 0,
            closed: false,
            windowReplacementState: 'FULL',
            stoneChipState: 'FULL',
          })),
        },
      ];
  return (
    <Paper withBorder p={large ? 'md' : 'sm'} className={large ? 'slot-table slot-table--large' : 'slot-table'}>
      <Title order={2} fz={large ? 32 : 20} mb="xs">
        {title}
      </Title>
      {/* A scrolling box a keyboard can reach (axe: scrollable-region-focusable). */}
      <Box tabIndex={0} role="region" aria-label={`Ledige slots ${title}, rul vandret`} style={{ overflowX: 'auto' }}>
        <Box miw={large ? 900 : 640}>
          <Table striped withColumnBorders aria-label={`Ledige slots ${title}`} fz={large ? 22 : 'sm'}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th rowSpan={2}>Afdeling</Table.Th>
                {columns.map((date) => (
                  <Table.Th key={date} colSpan={2} ta="center">
                    {dayOfMonth(date)}
                  </Table.Th>
                ))}
              </Table.Tr>
              <Table.Tr>
                {columns.flatMap((date) => [
                  <KindHeader key={`${date}-m`} full="Montering" short="Mont." large={large} />,
                  <KindHeader key={`${date}-r`} full="Reparationer" short="Rep." large={large} />,
                ])}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.key}>
                  <Table.Th scope="row" fw={500}>
                    {row.name}
                  </Table.Th>
                  {row.slots.flatMap((s) => [
                    <Count
                      key={`${s.date}-m`}
                      value={s.windowReplacementAvailableSlots}
                      kind="Montering"
                      date={s.date}
                      state={s.windowReplacementState}
                    />,
                    <Count
                      key={`${s.date}-r`}
                      value={s.stoneChipAvailableSlots}
                      kind="Reparationer"
                      date={s.date}
                      state={s.stoneChipState}
                    />,
                  ])}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      </Box>
      {departments.length === 0 ? null : (
        <Text size={large ? 'md' : 'xs'} c="dimmed" mt={4}>
          {departments.length} {departments.length === 1 ? 'afdeling' : 'afdelinger'}
          {large ? ' · Mont.: Montering (rudeskift) · Rep.: Reparationer (stenslag)' : null}
        </Text>
      )}
    </Paper>
  );
}
