import { describe, expect, it } from 'vitest';
import { LOAN_CAR_MESSAGES, type TDamageOrder } from '../loan-cars';
import { ZDepartmentInput, ZTimeSlotInput, type TTimeSlot } from './department.schemas';
import {
  carriedBookings,
  changedMasterFields,
  closingRefusal,
  copiedSlots,
  damageRefusal,
  datePlanRefusal,
  editableDepartmentIds,
  hoursCloseADay,
  marksDamagesOfDepartments,
  normalisedDepartment,
  normalisedSlot,
  readableDepartmentIds,
  readsEveryDepartment,
  slotChangeRefusal,
  slotDeleteRefusal,
  type THoursPlan,
} from './department-rules';

const A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const C = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
const keys = [
  { id: A, navResponsibilityCenter: 'MIDT' },
  { id: B, navResponsibilityCenter: 'MIDT' },
  { id: C, navResponsibilityCenter: 'SYD' },
];

describe('editableDepartmentIds', () => {
  it('gives an administrator every department', () => {
    expect(editableDepartmentIds({ roles: ['Adminstrator'], departmentId: null }, keys)).toEqual(new Set([A, B, C]));
  });

  it('gives TimeManagement its own department and those sharing its responsibility centre, nobody else anything', () => {
    expect(editableDepartmentIds({ roles: ['TimeManagement'], departmentId: A }, keys)).toEqual(new Set([A, B]));
    expect(editableDepartmentIds({ roles: ['TimeManagement'], departmentId: null }, keys).size).toBe(0);
    expect(editableDepartmentIds({ roles: ['CustomerService'], departmentId: A }, keys).size).toBe(0);
  });
});

describe('readableDepartmentIds (issue 37)', () => {
  it('narrows TimeManagement alone to the departments it may edit', () => {
    expect(readableDepartmentIds({ roles: ['TimeManagement'], departmentId: A }, keys)).toEqual(new Set([A, B]));
    expect(readableDepartmentIds({ roles: ['TimeManagement'], departmentId: null }, keys).size).toBe(0);
    expect(readsEveryDepartment({ roles: ['TimeManagement', 'Complaint'] })).toBe(false);
  });

  it('gives every department to every other role, and to TimeManagement with a role whose screens pick among them all', () => {
    for (const roles of [
      ['Adminstrator'],
      ['CustomerService'],
      ['Stock'],
      ['Complaint'],
      ['TimeManagement', 'Adminstrator'],
      ['TimeManagement', 'CustomerService'],
      ['TimeManagement', 'Stock'],
    ]) {
      expect(readsEveryDepartment({ roles }), roles.join()).toBe(true);
      expect(readableDepartmentIds({ roles, departmentId: A }, keys), roles.join()).toEqual(new Set([A, B, C]));
    }
  });
});

const slot = (fields: Partial<TTimeSlot> = {}): TTimeSlot => ({
  id: A,
  originalId: null,
  parentSlotId: null,
  day: 1,
  date: null,
  from: 8,
  to: 10,
  maxBookings: 3,
  reperationTime: 0,
  stoneChipAlternativeWinReplace: 0,
  hasFreeCar: false,
  updateId: '00000000-0000-4000-8000-000000000001',
  ...fields,
});
const input = (fields: Record<string, unknown>) => ZTimeSlotInput.parse({ day: 1, from: 8, to: 10, maxBookings: 3, ...fields });

describe('time slots', () => {
  it('locks a booked slot: its day and times stay, and it is not deleted', () => {
    expect(slotChangeRefusal(slot(), input({ from: 9 }), 2, 1)).toMatch(/^Der er 2 bookinger knyttet til tiden/);
    expect(slotChangeRefusal(slot(), input({ day: 2 }), 2, 1)).not.toBeNull();
    expect(slotChangeRefusal(slot(), input({ maxBookings: 5 }), 2, 1)).toBeNull();
    expect(slotDeleteRefusal(1)).toBe('Der er 1 booking knyttet til tiden. Den kan ikke slettes, og dag og tidsrum kan ikke ændres.');
    expect(slotDeleteRefusal(0)).toBeNull();
  });

  it('never goes below the places it holds on a day; a free loan car makes it single', () => {
    expect(slotChangeRefusal(slot(), input({ maxBookings: 1 }), 4, 2)).toBe(
      'Der er 2 bookinger på tiden på samme dag; antal pladser kan ikke være lavere',
    );
    expect(normalisedSlot(input({ maxBookings: 4, hasFreeCar: true })).maxBookings).toBe(1);
    expect(slotChangeRefusal(slot(), input({ hasFreeCar: true }), 2, 2)).not.toBeNull();
    expect(slotChangeRefusal(null, input({ day: 3 }), 0, 0)).toBeNull();
  });

  it("copies a weekday's standard slots to a date, remembering where each came from", () => {
    const copies = copiedSlots([slot(), slot({ id: B, day: 2 }), slot({ id: C, from: 10, to: 12 })], 1, '2027-03-01T00:00:00');
    expect(copies.map((c) => [c.date, c.day, c.from, c.originalId])).toEqual([
      ['2027-03-01', null, 8, A],
      ['2027-03-01', null, 10, C],
    ]);
  });
});

describe('department master data', () => {
  const base = ZDepartmentInput.parse({ name: 'Aarhus', navResponsibilityCenter: 'MIDT', region: 'Jylland' });

  it('starts the location code from the responsibility centre and clears the parent of a workshop', () => {
    const saved = normalisedDepartment({ ...base, parentDepartmentId: B, mobileService: false });
    expect(saved.navLocationCode).toBe('MIDT');
    expect(saved.parentDepartmentId).toBe('');
  });

  it('tells which master-data fields a save changes (opening hours are not master data)', () => {
    const stored = {
      ...base,
      id: A,
      lat: null,
      lng: null,
      parentDepartmentId: '00000000-0000-0000-0000-000000000000',
      calendarDepartmentId: '00000000-0000-0000-0000-000000000000',
    };
    const storedDepartment = stored as unknown as Parameters<typeof changedMasterFields>[0];
    expect(
      changedMasterFields(storedDepartment, { ...base, openingHours: [{ day: 1, date: null, from: 7, to: 16, closed: false }] }),
    ).toEqual([]);
    expect(changedMasterFields(storedDepartment, { ...base, name: 'Aarhus Syd', coffee: true })).toEqual(['name', 'coffee']);
  });
});

describe("a date's own plan never strands the weekday's bookings", () => {
  // 2027-03-01 is a Monday.
  const monday = [slot(), slot({ id: B, from: 10, to: 12, maxBookings: 2 })];

  it("carries a booked weekday slot's bookings to its copy with the same times", () => {
    const copies = copiedSlots(monday, 1, '2027-03-01');
    const plan = carriedBookings(
      [
        { slot: monday[0]!, linked: 2, held: 2 },
        { slot: monday[1]!, linked: 0, held: 0 },
      ],
      copies,
      '2027-03-01',
    );
    expect(plan).toEqual({ ok: true, moves: [{ fromSlotId: A, toCopy: 0 }] });
  });

  it("takes another weekday's copy only with the same times, free-car flag and room, else refuses naming the bookings", () => {
    const saturday = [
      slot({ id: C, day: 6, from: 8, to: 10, maxBookings: 1 }),
      slot({ id: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd', day: 6, from: 11, to: 13 }),
    ];
    const copies = copiedSlots(saturday, 6, '2027-03-01');
    expect(carriedBookings([{ slot: monday[0]!, linked: 1, held: 1 }], copies, '2027-03-01')).toEqual({
      ok: true,
      moves: [{ fromSlotId: A, toCopy: 0 }],
    });
    expect(carriedBookings([{ slot: monday[0]!, linked: 2, held: 2 }], copies, '2027-03-01')).toEqual({
      ok: false,
      refusal: 'Der er 2 bookinger den 01/03-2027 på tider, som kopien ikke har med samme tidsrum og plads nok. Flyt dem først.',
    });
    expect(carriedBookings([{ slot: monday[1]!, linked: 1, held: 1 }], copies, '2027-03-01')).toMatchObject({ ok: false });
    expect(carriedBookings([{ slot: { ...monday[0]!, hasFreeCar: true }, linked: 1, held: 1 }], copies, '2027-03-01')).toMatchObject({
      ok: false,
    });
    // A waiting-list booking holds no place, so it moves even to a full copy.
    expect(carriedBookings([{ slot: monday[0]!, linked: 3, held: 1 }], copies, '2027-03-01')).toMatchObject({ ok: true });
  });

  it('refuses a first date slot while the weekday slots hold bookings that day', () => {
    expect(datePlanRefusal(0, '2027-03-01')).toBeNull();
    expect(datePlanRefusal(1, '2027-03-01')).toBe(
      "Der er 1 booking på ugedagens tider den 01/03-2027. Brug 'Kopier til dato' først, så følger den med, og tilføj så tiden.",
    );
  });
});

describe('closing days through the opening hours', () => {
  const week: THoursPlan = { openingHours: [1, 2, 3, 4, 5].map((day) => ({ day, date: null, closed: false })), specificOpeningHours: [] };
  const closedDate = (date: string): THoursPlan => ({
    ...week,
    specificOpeningHours: [{ day: null, date: `${date}T00:00:00`, closed: true }],
  });

  it('tells when a save closes a day: a date of its own, a weekday, or a date falling back to a closed weekday', () => {
    expect(hoursCloseADay(week, week)).toBe(false);
    expect(hoursCloseADay(week, closedDate('2027-03-01'))).toBe(true);
    expect(hoursCloseADay(closedDate('2027-03-01'), week)).toBe(false);
    expect(hoursCloseADay(week, { ...week, openingHours: week.openingHours.filter((row) => row.day !== 3) })).toBe(true);
    const saturdayOpen: THoursPlan = { ...week, specificOpeningHours: [{ day: null, date: '2027-03-06', closed: false }] };
    expect(hoursCloseADay(saturdayOpen, week)).toBe(true);
    expect(hoursCloseADay(week, saturdayOpen)).toBe(false);
  });

  it('refuses to close days that hold bookings, naming them; other days close freely', () => {
    const booked = [
      { date: '2027-03-01', count: 2 },
      { date: '2027-03-02', count: 1 },
    ];
    expect(closingRefusal(week, closedDate('2027-03-01'), booked)).toBe(
      'Der er 2 bookinger den 01/03-2027. Dagen kan ikke lukkes, før de er flyttet.',
    );
    expect(closingRefusal(week, closedDate('2027-03-03'), booked)).toBeNull();
    expect(closingRefusal(week, { ...week, openingHours: [] }, booked)).toBe(
      'Der er 3 bookinger den 01/03-2027, 02/03-2027. Dagene kan ikke lukkes, før de er flyttet.',
    );
  });
});

const CAR_A = '11111111-1111-4111-8111-111111111111';
const CAR_A2 = '22222222-2222-4222-8222-222222222222';
const CAR_C = '33333333-3333-4333-8333-333333333333';
const carA = { id: CAR_A, departmentId: A };
const carC = { id: CAR_C, departmentId: C };
const order = (change: Partial<TDamageOrder> = {}): TDamageOrder => ({ lentCarIds: [CAR_A, CAR_A2], hasFreeLoanCar: true, ...change });

describe('damageRefusal', () => {
  it('lets an administrator mark any car, with or without an order', () => {
    expect(damageRefusal({ roles: ['Adminstrator'], departmentId: null }, carC, keys, null)).toBeNull();
  });

  it("lets TimeManagement mark its own centre's cars, not another centre's", () => {
    const tm = { roles: ['TimeManagement'], departmentId: A };
    expect(damageRefusal(tm, carA, keys, null)).toBeNull();
    expect(damageRefusal({ ...tm, departmentId: B }, carA, keys, null)).toBeNull();
    expect(damageRefusal(tm, carC, keys, null)).toBe(LOAN_CAR_MESSAGES.notYourCentresCar);
    // An order gives TimeManagement nothing: it has no worksheet.
    expect(damageRefusal(tm, carC, keys, order({ lentCarIds: [CAR_C] }))).toBe(LOAN_CAR_MESSAGES.notYourCentresCar);
  });

  it("lets the worksheet's roles mark only the loan car of the order they send", () => {
    for (const roles of [['CustomerService'], ['Operation'], ['ReviewManager']]) {
      const user = { roles, departmentId: A };
      expect(damageRefusal(user, carA, keys, order())).toBeNull();
      expect(damageRefusal(user, carA, keys, null)).toBe(LOAN_CAR_MESSAGES.notTheOrdersCar);
      expect(damageRefusal(user, carC, keys, order())).toBe(LOAN_CAR_MESSAGES.notTheOrdersCar);
    }
  });

  it("lets TimeManagement with a worksheet role mark its centre on the Departments screen and its order's car on the worksheet", () => {
    const user = { roles: ['TimeManagement', 'Operation'], departmentId: A };
    expect(damageRefusal(user, carA, keys, null)).toBeNull();
    expect(damageRefusal(user, carC, keys, order({ lentCarIds: [CAR_C] }))).toBeNull();
    expect(damageRefusal(user, carC, keys, order())).toBe(LOAN_CAR_MESSAGES.notTheOrdersCar);
  });

  it('shows the Departments screen marking to administrators and TimeManagement', () => {
    expect(marksDamagesOfDepartments({ roles: ['Adminstrator'] })).toBe(true);
    expect(marksDamagesOfDepartments({ roles: ['TimeManagement'] })).toBe(true);
    expect(marksDamagesOfDepartments({ roles: ['Operation'] })).toBe(false);
  });
});
