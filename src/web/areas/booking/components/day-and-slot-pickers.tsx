import { Badge, Text, UnstyledButton } from '@mantine/core';
import { IconCar } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { useState } from 'react';
import { dayAvailableFor, dayStateFor } from '@/domain/booking/availability';
import type { TDayAvailability, TTimeslot } from '@/domain/booking/booking.schemas';
import { formatTime } from '@/domain/lib/dates';
import { dayjs, TimePicker } from '../../../components/dates';

// The booking's day and time pickers: a day of the month calendar, a slot and the own times 'Fra'/'Til'.

/** A slot's length in hours. */
export const slotHours = (slot: TTimeslot) => (Date.parse(slot.to) - Date.parse(slot.from)) / 3_600_000;
/** Hours as Danish text: 2,5. */
export const formatHours = (hours: number) => String(Math.round(hours * 100) / 100).replace('.', ',');

/** Text only a screen reader reads, inline so the button's name runs on without extra spaces ('24. november'). */
const SPOKEN_ONLY: CSSProperties = { fontSize: 0 };

export function SlotButton({
  slot,
  chosen,
  waitingList,
  tooShort,
  onChoose,
}: {
  slot: TTimeslot;
  chosen: boolean;
  waitingList: boolean;
  /** Shorter than the car needs at this department (its rule set's minimum work length): not to be chosen. */
  tooShort: boolean;
  onChoose: () => void;
}) {
  const full = slot.available <= 0 || tooShort;
  const time = `${formatTime(slot.from)}–${formatTime(slot.to)}`;
  const places = tooShort
    ? 'For kort til bilen'
    : slot.available <= 0
      ? 'Ingen ledige'
      : slot.available === 1
        ? '1 ledig plads'
        : `${slot.available} ledige pladser`;
  // Named by what it shows ('08:00–10:00, 1 ledig plads, Gratis lånebil'); the commas are for a screen reader.
  return (
    <UnstyledButton
      onClick={onChoose}
      disabled={tooShort || (full && !waitingList)}
      aria-pressed={chosen}
      style={{
        border: `1px solid var(--mantine-color-${chosen ? 'blue-7' : 'gray-4'})`,
        background: chosen ? 'var(--mantine-color-blue-7)' : full ? 'var(--mantine-color-gray-1)' : 'white',
        color: chosen ? 'white' : full ? 'var(--mantine-color-gray-7)' : undefined,
        borderRadius: 6,
        padding: '8px 10px',
        cursor: tooShort || (full && !waitingList) ? 'not-allowed' : 'pointer',
      }}
    >
      <Text fw={700} size="sm" c="inherit" style={{ display: 'block' }}>
        {time}
        <span style={SPOKEN_ONLY}>,</span>
      </Text>
      <Text size="xs" c="inherit" style={{ display: 'block' }}>
        {places}
        {slot.hasFreeCar ? <span style={SPOKEN_ONLY}>,</span> : null}
      </Text>
      {slot.hasFreeCar ? (
        <Badge
          mt={4}
          size="xs"
          radius="sm"
          variant={chosen ? 'white' : 'light'}
          color="teal"
          leftSection={<IconCar size={10} aria-hidden />}
          tt="none"
        >
          Gratis lånebil
        </Badge>
      ) : null}
    </UnstyledButton>
  );
}

export type TDayState =
  | { kind: 'past' }
  | { kind: 'closed' }
  | { kind: 'unknown' }
  | { kind: 'free'; places: number }
  | { kind: 'full' }
  | { kind: 'over' }
  | { kind: 'none' };

/** A calendar day's state from the domain's (dayStateFor): a day without slots is not a full day. */
export function dayState(day: TDayAvailability | undefined, orderType: string, past: boolean): TDayState {
  if (past) return { kind: 'past' };
  if (!day) return { kind: 'unknown' };
  const state = dayStateFor(day, orderType);
  if (state === 'FREE') return { kind: 'free', places: dayAvailableFor(day, orderType) };
  return ({ CLOSED: { kind: 'closed' }, FULL: { kind: 'full' }, OVER: { kind: 'over' }, NO_SLOTS: { kind: 'none' } } as const)[state];
}

/**
 * A day of the 'Dato og tid' calendar: the day number and, under it, the day's free places as a small number;
 * a fully booked day is struck through with a dash. Its name carries what it shows, spelt out:
 * '24. november 2026, 6 ledige' ('1 ledig'), '25. november 2026, fuldt booket', '… lukket', '… passeret',
 * '… tiderne er passeret' (today after its last bookable slot), '… ingen tider' (open, no slots: not full).
 */
export function CalendarDay({ date, state, selected }: { date: string; state: TDayState; selected: boolean }) {
  const d = dayjs(date).locale('da');
  const status = {
    free: state.kind === 'free' && state.places === 1 ? 'ledig' : 'ledige',
    full: 'fuldt booket',
    over: 'tiderne er passeret',
    none: 'ingen tider',
    closed: 'lukket',
    past: 'passeret',
    unknown: '',
  }[state.kind];
  const struck = state.kind === 'full' || state.kind === 'over';
  // The two lines are blocks: the name gets a space between them ('… 2026,' + ' ' + '6 ledige').
  return (
    <span style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', lineHeight: 1.05 }}>
      <span style={{ display: 'block', textDecoration: struck ? 'line-through' : undefined }}>
        {d.date()}
        <span style={SPOKEN_ONLY}>{d.format('. MMMM YYYY') + (status ? ',' : '')}</span>
      </span>
      {state.kind === 'free' ? (
        <span style={{ display: 'block', fontSize: 11, fontWeight: 700, color: selected ? 'inherit' : 'var(--mantine-color-teal-9)' }}>
          {state.places} <span style={SPOKEN_ONLY}>{status}</span>
        </span>
      ) : (
        <span style={{ display: 'block', fontSize: 11 }}>
          <span aria-hidden>{struck ? '–' : '\u00a0'}</span>
          {status ? <span style={SPOKEN_ONLY}>{status}</span> : null}
        </span>
      )}
    </span>
  );
}

/**
 * 'Fra'/'Til' as 24-hour HH:mm whatever the browser's language (a native time input follows the
 * browser's locale and may show '10:00 AM'): hours and minutes fields, typed '1430' or pasted '14:30'.
 * `onChange` gets 'HH:mm', or '' while the time is incomplete. The field keeps what is typed until
 * it is a whole time, so clearing the minutes does not wipe the hours.
 */
export function ClockField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const [shown, setShown] = useState(value);
  const [given, setGiven] = useState(value);
  if (value !== given) {
    setGiven(value);
    // A change from outside (another day, a saved order); our own '' for an incomplete time is not shown back.
    if (value !== '') setShown(value);
  }
  return (
    <TimePicker
      label={label}
      format="24h"
      value={shown}
      onChange={(next) => {
        if (next !== '') setShown(next);
        setGiven(next);
        onChange(next);
      }}
      minutesInputLabel={`${label} minutter`}
      hoursPlaceholder="tt"
      minutesPlaceholder="mm"
      withAsterisk
      error={error}
    />
  );
}
