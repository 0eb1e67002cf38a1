import { weekdayOf } from '@/domain/lib/dates';
import { DEPARTMENT_SPECS, departmentId, type DepartmentSpec } from './departments';
import { stableUuid } from './random';

/**
 * Opening hours and bookable time slots per department. Hours are decimals
 * (7.5 = 07:30); standard rows carry a weekday (0 Sunday … 6 Saturday),
 * date-specific rows a 'YYYY-MM-DD' date instead.
 */
export interface OpeningHoursRow {
  id: string;
  departmentId: string;
  day: number | null;
  date: string | null;
  from: number;
  to: number;
  closed: boolean;
}

export type TimeSlotType = 'WINDOW_REPLACE' | 'STONE_CHIP';

export interface TimeSlotRow {
  id: string;
  departmentId: string;
  type: TimeSlotType;
  day: number | null;
  date: string | null;
  from: number;
  to: number;
  maxBookings: number;
  reperationTime: number;
  stoneChipAlternativeWinReplace: number;
  hasFreeCar: boolean;
  originalId: string | null;
}

const WEEKDAYS = [1, 2, 3, 4, 5] as const;
const FRIDAY = 5;
const SATURDAY = 6;

// ---------------------------------------------------------------------------
// Opening hours

/** Standard opening hours per size: [from, to] Monday–Thursday, and Friday. */
const STANDARD_HOURS: Record<DepartmentSpec['size'], { weekday: [number, number]; friday: [number, number] }> = {
  L: { weekday: [7, 17], friday: [7, 16] },
  M: { weekday: [7.5, 16], friday: [7.5, 15.5] },
  S: { weekday: [8, 16], friday: [8, 15] },
};
const MOBILE_HOURS = { weekday: [7, 16] as [number, number], friday: [7, 15] as [number, number] };
const SATURDAY_HOURS: [number, number] = [9, 13];

/** Holidays and short days around Christmas and New Year 2026/27. */
const SPECIAL_DAYS: readonly { date: string; hours: [number, number] | null }[] = [
  { date: '2026-12-24', hours: null },
  { date: '2026-12-25', hours: null },
  { date: '2026-12-26', hours: null },
  { date: '2026-12-31', hours: [7.5, 12] },
  { date: '2027-01-01', hours: null },
];

/** Workshops that open on extra Saturdays in December (the winter stone-chip rush). */
const EXTRA_SATURDAYS: readonly { code: string; dates: readonly string[] }[] = [
  { code: 'GLO', dates: ['2026-12-05', '2026-12-12'] },
  { code: 'KOL', dates: ['2026-12-05', '2026-12-12'] },
];

function openingHoursFor(spec: DepartmentSpec): OpeningHoursRow[] {
  const hours = spec.parent ? MOBILE_HOURS : STANDARD_HOURS[spec.size];
  const deptId = departmentId(spec.code);
  const row = (key: string, day: number | null, date: string | null, span: [number, number] | null): OpeningHoursRow => ({
    id: stableUuid(`opening:${spec.code}:${key}`),
    departmentId: deptId,
    day,
    date,
    from: span ? span[0] : 0,
    to: span ? span[1] : 0,
    closed: span === null,
  });
  // Sunday (and Saturday for most) has no row: a day without a row is closed.
  const rows = WEEKDAYS.map((day) => row(`day${day}`, day, null, day === FRIDAY ? hours.friday : hours.weekday));
  if (spec.saturday) rows.push(row('day6', SATURDAY, null, SATURDAY_HOURS));
  if (spec.inActive) return rows;
  for (const special of SPECIAL_DAYS) {
    const weekday = weekdayOf(special.date);
    const normallyOpen = weekday >= 1 && weekday <= 5 ? true : weekday === SATURDAY && Boolean(spec.saturday);
    if (normallyOpen) rows.push(row(special.date, null, special.date, special.hours));
  }
  for (const extra of EXTRA_SATURDAYS.filter((candidate) => candidate.code === spec.code)) {
    for (const date of extra.dates) rows.push(row(date, null, date, SATURDAY_HOURS));
  }
  return rows;
}

export const OPENING_HOURS: readonly OpeningHoursRow[] = DEPARTMENT_SPECS.flatMap(openingHoursFor);

// ---------------------------------------------------------------------------
// Time slots

interface SlotTemplate {
  from: number;
  to: number;
  maxBookings: number;
  hasFreeCar?: boolean;
}

const capacity = { L: 3, M: 2, S: 1 } as const;

/** Window-replacement slots for a workshop on one weekday. */
function windowReplaceTemplates(spec: DepartmentSpec, day: number): SlotTemplate[] {
  const max = capacity[spec.size];
  if (day === SATURDAY) {
    return [
      { from: 9, to: 11, maxBookings: Math.min(max, 2) },
      { from: 11, to: 13, maxBookings: 1 },
    ];
  }
  // Tuesday's first slot (and Thursday's where the shop has loan cars) includes a free loan car.
  const freeCar = day === 2 || (day === 4 && Boolean(spec.loanCar));
  const slots: SlotTemplate[] = [
    { from: 8, to: 10, maxBookings: freeCar ? 1 : max, hasFreeCar: freeCar },
    { from: 10, to: 12, maxBookings: max },
    { from: 12, to: 14, maxBookings: Math.max(1, max - 1) },
  ];
  if (day !== FRIDAY) slots.push({ from: 14, to: 16, maxBookings: max });
  return slots;
}

/** Stone-chip slots for a workshop on one weekday: hourly. */
function stoneChipTemplates(spec: DepartmentSpec, day: number): SlotTemplate[] {
  const max = spec.size === 'L' ? 2 : 1;
  const [first, last] = day === SATURDAY ? [9, 13] : day === FRIDAY ? [8, 14] : [8, 15];
  return Array.from({ length: last - first }, (_, i) => ({ from: first + i, to: first + i + 1, maxBookings: max }));
}

/** Mobile vans book in the arrival windows the SMS texts name: 8–12, 10–14, 12–16. */
function mobileWindowReplaceTemplates(spec: DepartmentSpec, day: number): SlotTemplate[] {
  const max = spec.size === 'L' ? 2 : 1;
  const slots: SlotTemplate[] = [
    { from: 8, to: 12, maxBookings: max },
    { from: 10, to: 14, maxBookings: max },
  ];
  if (day !== FRIDAY) slots.push({ from: 12, to: 16, maxBookings: max });
  return slots;
}

function mobileStoneChipTemplates(spec: DepartmentSpec, day: number): SlotTemplate[] {
  const max = spec.size === 'L' ? 3 : 2;
  return [
    { from: 8, to: 12, maxBookings: max },
    { from: 12, to: day === FRIDAY ? 15 : 16, maxBookings: max },
  ];
}

function templatesFor(spec: DepartmentSpec, type: TimeSlotType, day: number): SlotTemplate[] {
  if (spec.parent) return type === 'WINDOW_REPLACE' ? mobileWindowReplaceTemplates(spec, day) : mobileStoneChipTemplates(spec, day);
  return type === 'WINDOW_REPLACE' ? windowReplaceTemplates(spec, day) : stoneChipTemplates(spec, day);
}

function slotId(code: string, type: TimeSlotType, dayOrDate: string, from: number): string {
  return stableUuid(`slot:${code}:${type}:${dayOrDate}:${from}`);
}

function toRow(
  spec: DepartmentSpec,
  type: TimeSlotType,
  template: SlotTemplate,
  when: { day: number } | { date: string },
  originalId: string | null,
): TimeSlotRow {
  const key = 'day' in when ? `day${when.day}` : when.date;
  const stoneChip = type === 'STONE_CHIP';
  return {
    id: slotId(spec.code, type, key, template.from),
    departmentId: departmentId(spec.code),
    type,
    day: 'day' in when ? when.day : null,
    date: 'date' in when ? when.date : null,
    from: template.from,
    to: template.to,
    maxBookings: template.maxBookings,
    reperationTime: stoneChip ? (spec.size === 'S' || spec.parent ? 1 : 0.5) : 0,
    stoneChipAlternativeWinReplace: stoneChip ? 2 : 0,
    hasFreeCar: template.hasFreeCar ?? false,
    originalId,
  };
}

function standardDays(spec: DepartmentSpec): number[] {
  return spec.saturday ? [...WEEKDAYS, SATURDAY] : [...WEEKDAYS];
}

/**
 * Date-specific slots. A date's specific slots are the whole plan for that
 * day: each one that changes a standard slot points to it through originalId;
 * a slot with no standard counterpart (an extra Saturday) has none.
 */
interface Exception {
  codes: readonly string[];
  date: string;
  types: readonly TimeSlotType[];
  /** Changes the standard slots of that weekday; returning null drops the slot that day. */
  adjust?: (template: SlotTemplate) => SlotTemplate | null;
  /** Slots for a day without a standard plan (extra Saturdays). */
  extra?: (spec: DepartmentSpec, type: TimeSlotType) => SlotTemplate[];
}

const EXCEPTIONS: readonly Exception[] = [
  // The day before Christmas Eve: half the fitters have the day off.
  {
    codes: ['ARH', 'AAL', 'VEJ', 'ODE', 'VAL', 'GLO'],
    date: '2026-12-23',
    types: ['WINDOW_REPLACE'],
    adjust: (slot) => ({ ...slot, maxBookings: Math.min(slot.maxBookings, 1) }),
  },
  // New Year's Eve: open until noon.
  {
    codes: ['ARH', 'AAL', 'VEJ', 'KOL', 'ODE', 'VAL', 'GLO', 'ROS'],
    date: '2026-12-31',
    types: ['WINDOW_REPLACE', 'STONE_CHIP'],
    adjust: (slot) => (slot.to <= 12 ? slot : null),
  },
  // Extra December Saturdays at workshops that are normally closed on Saturdays.
  ...['2026-12-05', '2026-12-12'].map((date): Exception => ({
    codes: EXTRA_SATURDAYS.map((extra) => extra.code),
    date,
    types: ['WINDOW_REPLACE', 'STONE_CHIP'],
    extra: (spec, type) =>
      type === 'WINDOW_REPLACE'
        ? [
            { from: 9, to: 11, maxBookings: 2 },
            { from: 11, to: 13, maxBookings: 2 },
          ]
        : stoneChipTemplates(spec, SATURDAY).map((slot) => ({ ...slot, maxBookings: 2 })),
  })),
  // A Saturday with an extra fitter in Aarhus and Valby.
  {
    codes: ['ARH', 'VAL'],
    date: '2026-12-12',
    types: ['WINDOW_REPLACE'],
    adjust: (slot) => ({ ...slot, maxBookings: slot.maxBookings + 1 }),
  },
  // The first Monday of the year: winter damage after New Year, one extra booking per slot.
  {
    codes: ['ARH', 'AAL', 'ODE', 'VAL'],
    date: '2027-01-04',
    types: ['WINDOW_REPLACE', 'STONE_CHIP'],
    adjust: (slot) => ({ ...slot, maxBookings: slot.hasFreeCar ? 1 : slot.maxBookings + 1 }),
  },
  // Stock-taking: the Viborg and Horsens workshops take no window replacements in the afternoon.
  {
    codes: ['VIB', 'HOR'],
    date: '2027-01-08',
    types: ['WINDOW_REPLACE'],
    adjust: (slot) => (slot.from >= 12 ? null : slot),
  },
];

function slotsFor(spec: DepartmentSpec): TimeSlotRow[] {
  if (spec.inActive) return [];
  const rows: TimeSlotRow[] = [];
  for (const type of ['WINDOW_REPLACE', 'STONE_CHIP'] as const) {
    for (const day of standardDays(spec)) {
      for (const template of templatesFor(spec, type, day)) rows.push(toRow(spec, type, template, { day }, null));
    }
    for (const exception of EXCEPTIONS) {
      if (!exception.codes.includes(spec.code) || !exception.types.includes(type)) continue;
      const when = { date: exception.date };
      if (exception.extra) {
        for (const template of exception.extra(spec, type)) rows.push(toRow(spec, type, template, when, null));
        continue;
      }
      const weekday = weekdayOf(exception.date);
      if (!standardDays(spec).includes(weekday)) continue;
      for (const template of templatesFor(spec, type, weekday)) {
        const adjusted = exception.adjust ? exception.adjust(template) : template;
        if (!adjusted) continue;
        const original = slotId(spec.code, type, `day${weekday}`, template.from);
        rows.push(toRow(spec, type, adjusted, when, original));
      }
    }
  }
  return rows;
}

export const TIME_SLOTS: readonly TimeSlotRow[] = DEPARTMENT_SPECS.flatMap(slotsFor);
