import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES, type TDayAvailability, type TTimeslot } from '@/domain/booking';
import type { TDepartment } from '@/domain/departments';
import type { TOrder } from '@/domain/orders';
import { RULE_SET_MESSAGES, type TCarRule, type TDebitorRuleSet, type TRuleSet } from '@/domain/rule-sets';
import type { TDebitor } from '@/domain/parties';
import { departmentByCode, findSlot, insurerDebitor, month, orderBody, windscreenFor, type FoundSlot } from '../helpers/orders';
import { createTestApp, login, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let adm: string;
let ks: string;
let aarhus: TDepartment;
let odense: TDepartment;
let car: TOrder['car'];
let windscreen: { itemNo: string };
let tryg: TDebitor;
let slotNo = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  [adm, ks] = (await Promise.all(['ADM', 'KS'].map((i) => login(ctx.app, i)))) as [string, string];
  aarhus = await departmentByCode(ctx.app, ks, 'ARH');
  odense = await departmentByCode(ctx.app, ks, 'ODE');
  ({ car, windscreen } = await windscreenFor(ctx.app, ks, 'AB12345'));
  tryg = await insurerDebitor(ctx.app, ks, 'Tryg');
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, cookie = adm) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

async function rule(body: object): Promise<TCarRule> {
  const response = await call('POST', '/api/departmentRuleSet/rule?id=', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function ruleSet(body: object, id = ''): Promise<TRuleSet> {
  const response = await call('POST', `/api/departmentRuleSet/ruleSet?id=${id}`, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function orderCount(): Promise<number> {
  return Number((await ctx.database.pool.query<{ n: string }>('select count(*) as n from orders')).rows[0]!.n);
}

const getOrder = async (id: string): Promise<TOrder> =>
  (await ctx.app.inject({ method: 'GET', url: `/api/order/order/${id}`, headers: { cookie: ks } })).json();

function book(department: TDepartment, found: FoundSlot, overrides = {}) {
  return call(
    'POST',
    '/api/order/order',
    orderBody({ department, found, car, debitor: tryg, items: [{ itemNo: windscreen.itemNo }], overrides }),
    ks,
  );
}

describe('department rule sets', () => {
  it("refuses a make at a workshop of a set that forbids it, with the set's alert, while another workshop books it", async () => {
    const forbid = await rule({ carMake: car.make, isWorkAllowed: false });
    expect(forbid.ruleName).toBe(`Work_Not_Allowed_${car.make}`);
    const set = await ruleSet({
      ruleSetName: `Ingen ${car.make} i Aarhus`,
      alertMessage: `${car.make} tages i Odense`,
      departmentIds: [aarhus.id],
      ruleIds: [forbid.id],
    });
    expect(set.departments).toEqual([{ departmentId: aarhus.id, departmentName: aarhus.name }]);

    const check = await call(
      'POST',
      '/api/departmentRuleSet/check',
      { departmentId: aarhus.id, carMake: car.make, carModel: car.model, orderType: 'REPLACE_FRONT' },
      ks,
    );
    expect(check.json()).toEqual({ accepted: false, alertMessage: `${car.make} tages i Odense`, minimumWorkLength: 0 });

    const found = await findSlot(ctx.app, ks, aarhus.id, 'windowReplaceSlots', undefined, slotNo++);
    const refused = await book(aarhus, found);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`${car.make} tages i Odense`);
    const elsewhere = await book(odense, await findSlot(ctx.app, ks, odense.id, 'windowReplaceSlots', undefined, slotNo++));
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);

    // The searches leave the workshop out, and its month has nothing for the car.
    const nearest = await call(
      'POST',
      '/api/timeslot/nearest',
      { carMake: car.make, carModel: car.model, orderType: 'REPLACE_FRONT', searchCriteria: { zipCode: '8000' } },
      ks,
    );
    expect((nearest.json() as Array<{ department: { id: string } }>).some((d) => d.department.id === aarhus.id)).toBe(false);
    const y = Number(found.date.slice(0, 4));
    const m = Number(found.date.slice(5, 7));
    const days = await ctx.app.inject({
      method: 'POST',
      url: `/api/timeslot/${aarhus.id}/${y}/${m}`,
      headers: { cookie: ks },
      payload: { carMake: car.make, carModel: car.model, OrderType: 'REPLACE_FRONT' },
    });
    expect((days.json() as Array<{ closed: boolean }>).every((d) => d.closed)).toBe(true);
    expect((await month(ctx.app, ks, aarhus.id, y, m)).some((d) => !d.closed)).toBe(true);

    // A model rule beats the make rule.
    const allowModel = await rule({ carMake: car.make, carModel: car.model, isWorkAllowed: true, minimumWorkLength: 0.5 });
    await ruleSet(
      {
        ruleSetName: set.ruleSetName,
        alertMessage: set.alertMessage,
        departmentIds: [aarhus.id],
        ruleIds: [forbid.id, allowModel.id],
        updateId: set.updateId,
      },
      set.id,
    );
    const allowed = await book(aarhus, await findSlot(ctx.app, ks, aarhus.id, 'windowReplaceSlots', undefined, slotNo++));
    expect(allowed.statusCode, allowed.body).toBe(200);

    // Moving an order into a department that does not take the car is refused too.
    const orderAtOdense = elsewhere.json() as TOrder;
    await call('DELETE', `/api/departmentRuleSet/ruleSet/${set.id}/removeRule?ruleId=${allowModel.id}`);
    const target = await findSlot(ctx.app, ks, aarhus.id, 'windowReplaceSlots', undefined, slotNo++);
    const moved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/order/order',
      headers: { cookie: ks },
      payload: {
        ...orderAtOdense,
        timeAndPlace: {
          ...orderAtOdense.timeAndPlace,
          department: { id: aarhus.id },
          date: target.date,
          timeSlotId: target.slot.id,
          from: target.slot.from,
          to: target.slot.to,
        },
      },
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe(`${car.make} tages i Odense`);
    const afterMove = await getOrder(orderAtOdense.additionalData.orderId);
    expect(afterMove.timeAndPlace).toEqual(orderAtOdense.timeAndPlace);
    expect(afterMove.timeAndPlace.department.id).toBe(odense.id);

    // And so is a copy of it into that department; nothing is made.
    const before = await orderCount();
    const copied = await call(
      'POST',
      `/api/order/copy/${orderAtOdense.additionalData.orderId}`,
      {
        internalComment: 'Ny tid',
        timeAndPlace: {
          department: { id: aarhus.id },
          date: target.date,
          timeSlotId: target.slot.id,
          from: target.slot.from,
          to: target.slot.to,
        },
      },
      ks,
    );
    expect(copied.statusCode).toBe(409);
    expect(copied.json().message).toBe(`${car.make} tages i Odense`);
    expect(await orderCount()).toBe(before);
  });

  it("refuses a booking shorter than a Work_Allowed rule's minimum work length with the rule's message, saving nothing", async () => {
    const vejle = await departmentByCode(ctx.app, ks, 'VEJ');
    const found = await findSlot(ctx.app, ks, vejle.id, 'windowReplaceSlots', undefined, slotNo++);
    const slotHours = (Date.parse(`${found.slot.to}Z`) - Date.parse(`${found.slot.from}Z`)) / 3_600_000;
    const minimum = Math.floor(slotHours) + 1;
    const allow = await rule({ carMake: car.make, isWorkAllowed: true, minimumWorkLength: minimum });
    expect(allow.ruleName).toBe(`Work_Allowed_${car.make}`);
    const set = await ruleSet({
      ruleSetName: `Lange ${car.make}-job i Vejle`,
      alertMessage: `${car.make} kræver lang tid`,
      departmentIds: [vejle.id],
      ruleIds: [allow.id],
    });
    const check = await call(
      'POST',
      '/api/departmentRuleSet/check',
      { departmentId: vejle.id, carMake: car.make, carModel: car.model, orderType: 'REPLACE_FRONT' },
      ks,
    );
    expect(check.json()).toEqual({ accepted: true, alertMessage: null, minimumWorkLength: minimum });

    const before = await orderCount();
    const refused = await book(vejle, found);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors).toEqual({ 'timeAndPlace.timeSlotId': [RULE_SET_MESSAGES.tooShort(String(minimum))] });
    expect(await orderCount()).toBe(before);

    // The booking calendar counts for this car only the places of slots that long; the slots stay listed.
    const [y, m] = found.date.split('-').map(Number) as [number, number];
    const monthOf = async (body: object) =>
      (await call('POST', `/api/timeslot/${vejle.id}/${y}/${m}`, body, ks)).json() as TDayAvailability[];
    const plain = await monthOf({});
    const forCar = await monthOf({ carMake: car.make, carModel: car.model, OrderType: 'REPLACE_FRONT' });
    const hours = (slot: TTimeslot) => (Date.parse(`${slot.to}Z`) - Date.parse(`${slot.from}Z`)) / 3_600_000;
    const day = Number(found.date.slice(8, 10));
    expect(forCar.find((d) => d.dayOfMonth === day)!.windowReplaceSlots.map((t) => t.id)).toEqual(
      plain.find((d) => d.dayOfMonth === day)!.windowReplaceSlots.map((t) => t.id),
    );
    for (const d of forCar) {
      expect(d.windowReplaceAvailable, `day ${d.dayOfMonth}`).toBe(
        d.windowReplaceSlots.filter((t) => hours(t) >= minimum).reduce((sum, t) => sum + t.available, 0),
      );
    }
    expect(forCar.find((d) => d.dayOfMonth === day)!.windowReplaceAvailable).toBeLessThan(
      plain.find((d) => d.dayOfMonth === day)!.windowReplaceAvailable,
    );

    // Without the set the same slot is taken: the minimum was what refused it.
    expect((await call('DELETE', `/api/departmentRuleSet/ruleSet?id=${set.id}`)).statusCode).toBe(200);
    const taken = await book(vejle, found);
    expect(taken.statusCode, taken.body).toBe(200);
  });

  it('keeps a rule a set uses, needs every value of a set, and removes links at once', async () => {
    const forbid = await rule({ carMake: 'Lada', isWorkAllowed: false });
    const set = await ruleSet({
      ruleSetName: 'Ingen Lada',
      alertMessage: 'Ingen Lada her',
      departmentIds: [odense.id, aarhus.id],
      ruleIds: [forbid.id],
    });
    const inUse = await call('DELETE', `/api/departmentRuleSet/rule?id=${forbid.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe(RULE_SET_MESSAGES.ruleInUse);
    const incomplete = await call('POST', '/api/departmentRuleSet/ruleSet?id=', {
      ruleSetName: 'Tom',
      alertMessage: 'x',
      departmentIds: [],
      ruleIds: [forbid.id],
    });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().message).toBe(RULE_SET_MESSAGES.missingValues);
    const noMake = await call('POST', '/api/departmentRuleSet/rule?id=', { carMake: '' });
    expect(noMake.statusCode).toBe(400);

    expect((await call('DELETE', `/api/departmentRuleSet/ruleSet/${set.id}/removeDepartment?departmentId=${odense.id}`)).statusCode).toBe(
      200,
    );
    const page = (await call('GET', '/api/departmentRuleSet/ruleSet?pageSize=100000&pageNumber=0')).json() as {
      ruleSets: TRuleSet[];
      totalPages: number;
    };
    expect(page.ruleSets.find((s) => s.id === set.id)!.departments.map((d) => d.departmentId)).toEqual([aarhus.id]);
    expect((await call('DELETE', `/api/departmentRuleSet/ruleSet?id=${set.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/departmentRuleSet/rule?id=${forbid.id}`)).statusCode).toBe(200);
    const rules = (await call('GET', '/api/departmentRuleSet/rules?pageSize=10&pageNumber=0')).json() as {
      rules: TCarRule[];
      totalPages: number;
    };
    expect(rules.rules.some((r) => r.id === forbid.id)).toBe(false);
    expect((await call('GET', '/api/departmentRuleSet/rules', undefined, ks)).statusCode).toBe(403);
  });
});

describe('a save of a stale copy (issue 37)', () => {
  const STALE = {
    rule: 'Reglen er ændret af en anden, siden du åbnede den. Genindlæs for at se ændringerne.',
    ruleSet: 'Reglsættet er ændret af en anden, siden du åbnede det. Genindlæs for at se ændringerne.',
    debitorRule: 'Rækken er ændret af en anden, siden du åbnede den. Genindlæs for at se ændringerne.',
  };
  const allSets = async () =>
    ((await call('GET', '/api/departmentRuleSet/ruleSet?pageSize=100000&pageNumber=0')).json() as { ruleSets: TRuleSet[] }).ruleSets;
  const allRules = async () =>
    ((await call('GET', '/api/departmentRuleSet/rules?pageSize=100000&pageNumber=0')).json() as { rules: TCarRule[] }).rules;

  it("of a car rule is refused with 409 in Danish; the other's minimum stays; a fresh save answers a new version", async () => {
    const made = await rule({ carMake: 'Skoda', carModel: 'Enyaq', minimumWorkLength: 1 });
    expect(made.updateId).toMatch(/^[0-9a-f-]{36}$/);
    const first = await call('POST', `/api/departmentRuleSet/rule?id=${made.id}`, { ...made, minimumWorkLength: 2 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().updateId).not.toBe(made.updateId);
    const stale = await call('POST', `/api/departmentRuleSet/rule?id=${made.id}`, { ...made, disallowRoofWindowWork: true });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ type: 'GENERIC_ERROR', message: STALE.rule, errors: { updateId: [STALE.rule] } });
    expect((await allRules()).find((r) => r.id === made.id)).toMatchObject({ minimumWorkLength: 2, disallowRoofWindowWork: false });
    const fresh = await call('POST', `/api/departmentRuleSet/rule?id=${made.id}`, { ...first.json(), disallowRoofWindowWork: true });
    expect(fresh.statusCode, fresh.body).toBe(200);
    const { updateId: _left, ...unversioned } = fresh.json() as TCarRule;
    expect((await call('POST', `/api/departmentRuleSet/rule?id=${made.id}`, unversioned)).statusCode).toBe(400);
  });

  it("of a rule set is refused, and a link removed at once is not put back by an older copy's save", async () => {
    const lada = await rule({ carMake: 'Lada', carModel: 'Niva', isWorkAllowed: false });
    const set = await ruleSet({
      ruleSetName: 'Ingen Niva',
      alertMessage: 'Ingen Niva her',
      departmentIds: [odense.id, aarhus.id],
      ruleIds: [lada.id],
    });
    const body = {
      ruleSetName: set.ruleSetName,
      alertMessage: set.alertMessage,
      departmentIds: [odense.id, aarhus.id],
      ruleIds: [lada.id],
    };
    // Another administrator takes Odense out of the set (at once, in edit mode); this copy still has it.
    const removed = await call('DELETE', `/api/departmentRuleSet/ruleSet/${set.id}/removeDepartment?departmentId=${odense.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().updateId).toBe((await allSets()).find((s) => s.id === set.id)!.updateId);
    const stale = await call('POST', `/api/departmentRuleSet/ruleSet?id=${set.id}`, {
      ...body,
      alertMessage: 'Ny tekst',
      updateId: set.updateId,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: STALE.ruleSet, errors: { updateId: [STALE.ruleSet] } });
    expect((await allSets()).find((s) => s.id === set.id)).toMatchObject({
      alertMessage: 'Ingen Niva her',
      departments: [{ departmentId: aarhus.id }],
    });

    // The screen's own removal names its version and answers the next, with which its save goes through.
    const current = (await allSets()).find((s) => s.id === set.id)!;
    const own = await call('DELETE', `/api/departmentRuleSet/ruleSet/${set.id}/removeRule?ruleId=${lada.id}&updateId=${current.updateId}`);
    expect(own.statusCode, own.body).toBe(200);
    const staleRemoval = await call(
      'DELETE',
      `/api/departmentRuleSet/ruleSet/${set.id}/removeDepartment?departmentId=${aarhus.id}&updateId=${current.updateId}`,
    );
    expect(staleRemoval.statusCode).toBe(409);
    const saved = await call('POST', `/api/departmentRuleSet/ruleSet?id=${set.id}`, {
      ...body,
      departmentIds: [aarhus.id],
      ruleIds: [lada.id],
      alertMessage: 'Ny tekst',
      updateId: own.json().updateId,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ alertMessage: 'Ny tekst' });
    expect(saved.json().updateId).not.toBe(own.json().updateId);
    expect((await call('DELETE', `/api/departmentRuleSet/ruleSet?id=${set.id}`)).statusCode).toBe(200);
  });

  it("of a debtor rule row is refused, and the other administrator's debitor stays", async () => {
    const row = (
      await call('POST', '/api/debitorruleset/save', { type: 'LEASING', leasing: 'Versionsleasing', debitor: '', isMandatory: false })
    ).json() as TDebitorRuleSet;
    expect(row.updateId).toMatch(/^[0-9a-f-]{36}$/);
    const first = await call('POST', '/api/debitorruleset/save', { ...row, debitor: tryg.no });
    expect(first.statusCode, first.body).toBe(200);
    const stale = await call('POST', '/api/debitorruleset/save', { ...row, isMandatory: true });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: STALE.debitorRule, errors: { updateId: [STALE.debitorRule] } });
    const rows = (await call('GET', '/api/debitorruleset/all')).json() as TDebitorRuleSet[];
    expect(rows.find((r) => r.id === row.id)).toMatchObject({ debitor: tryg.no, isMandatory: false, updateId: first.json().updateId });
    const fresh = await call('POST', '/api/debitorruleset/save', { ...first.json(), isMandatory: true });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect((await call('DELETE', `/api/debitorruleset/${row.id}`)).statusCode).toBe(200);
  });
});

describe('debtor rule sets', () => {
  it("makes a mandatory row's debitor the only payer the server takes for the car", async () => {
    const leaser = 'Ejer Testleasing A/S';
    const saved = await call('POST', '/api/debitorruleset/save', { type: 'INSURANCE', owner: leaser, debitor: tryg.no, isMandatory: true });
    expect(saved.statusCode, saved.body).toBe(200);
    const row = saved.json() as TDebitorRuleSet;
    expect((await call('GET', '/api/debitorruleset/all')).json()).toContainEqual(row);
    const match = await call('POST', '/api/debitorruleset/match', { owner: leaser.toUpperCase() }, ks);
    expect(match.json()).toMatchObject({ id: row.id, debitor: tryg.no, isMandatory: true });

    const found = await findSlot(ctx.app, ks, odense.id, 'windowReplaceSlots', undefined, slotNo++);
    const cash = await call(
      'POST',
      '/api/order/order',
      orderBody({
        department: odense,
        found,
        car: { ...car, owner: leaser },
        debitor: { ...tryg, no: odense.debitorId },
        items: [{ itemNo: windscreen.itemNo }],
        overrides: { additionalData: { whoIsPaying: 'CASH' } },
      }),
      ks,
    );
    expect(cash.statusCode).toBe(400);
    expect(Object.keys(cash.json().errors)).toEqual(['debitor.no']);
    const right = await book(odense, found, { car: { ...car, owner: leaser } });
    expect(right.statusCode, right.body).toBe(200);

    const unknown = await call('POST', '/api/debitorruleset/save', { owner: 'X', debitor: 'FINDES-IKKE' });
    expect(unknown.statusCode).toBe(400);
    expect((await call('DELETE', `/api/debitorruleset/${row.id}`)).statusCode).toBe(200);
  });
});

describe('debtor rule sets on a save', () => {
  it("refuses a save that changes the payer or the debitor of a car with a mandatory debitor, on 'debitor.no', changing nothing", async () => {
    const leaser = 'Ejer Gemleasing A/S';
    const row = (
      await call('POST', '/api/debitorruleset/save', { type: 'INSURANCE', owner: leaser, debitor: tryg.no, isMandatory: true })
    ).json() as TDebitorRuleSet;
    const found = await findSlot(ctx.app, ks, odense.id, 'windowReplaceSlots', undefined, slotNo++);
    const booked = await book(odense, found, { car: { ...car, owner: leaser } });
    expect(booked.statusCode, booked.body).toBe(200);
    const order = booked.json() as TOrder;
    expect(order.debitor.no).toBe(tryg.no);
    const message = RULE_SET_MESSAGES.mandatoryDebitor(tryg.debitorName);

    const changes: Array<[string, (o: TOrder) => void]> = [
      [
        'another debitor and payer',
        (o) => {
          // The department's own debitor, as a cash customer's order has it.
          o.debitor = { ...o.debitor, no: odense.debitorId };
          o.additionalData.whoIsPaying = 'CASH';
        },
      ],
      ['another debitor', (o) => (o.debitor = { ...o.debitor, no: odense.debitorId })],
      ['another payer', (o) => (o.additionalData.whoIsPaying = 'CASH')],
    ];
    for (const [name, change] of changes) {
      const body = structuredClone(order);
      change(body);
      const saved = await ctx.app.inject({ method: 'PUT', url: '/api/order/order', headers: { cookie: ks }, payload: body });
      expect(saved.statusCode, `${name}: ${saved.body}`).toBe(400);
      expect(saved.json().errors, name).toEqual({ 'debitor.no': [message] });
      expect(await getOrder(order.additionalData.orderId), name).toEqual(order);
    }
    expect((await call('DELETE', `/api/debitorruleset/${row.id}`)).statusCode).toBe(200);
  });
});

describe('the demo rule sets', () => {
  it('has Esbjerg refuse Tesla, the vans refuse Tesla roof windows, and Ayvens cars paid by Ayvens', async () => {
    const sets = (await call('GET', '/api/departmentRuleSet/ruleSet?pageSize=100000&pageNumber=0')).json() as { ruleSets: TRuleSet[] };
    const esbjerg = await departmentByCode(ctx.app, ks, 'ESB');
    const van = await departmentByCode(ctx.app, ks, 'MARH');
    expect(sets.ruleSets.find((s) => s.ruleSetName === 'Ingen Tesla i Esbjerg')!.departments.map((d) => d.departmentId)).toEqual([
      esbjerg.id,
    ]);
    const check = (departmentId: string, orderType: string) =>
      call('POST', '/api/departmentRuleSet/check', { departmentId, carMake: 'Tesla', carModel: 'Model 3', orderType }, ks).then(
        (r) => r.json() as { accepted: boolean },
      );
    expect((await check(esbjerg.id, 'REPLACE_FRONT')).accepted).toBe(false);
    expect((await check(van.id, 'REPLACE_ROOF')).accepted).toBe(false);
    expect((await check(van.id, 'REPLACE_FRONT')).accepted).toBe(true);

    const yaris = (
      await ctx.app.inject({ method: 'GET', url: '/api/car/search/CD67890', headers: { cookie: ks } })
    ).json() as TOrder['car'];
    const rule = (
      await call(
        'POST',
        '/api/debitorruleset/match',
        { user: yaris.user, owner: yaris.owner, leaser: yaris.leaser, insurance: yaris.insurance },
        ks,
      )
    ).json() as TDebitorRuleSet;
    expect(rule).toMatchObject({ type: 'LEASING', isMandatory: true });
  });
});

describe('the mobile-service search and the rule sets (demo)', () => {
  it('leaves out the vans that change no Tesla roof windows, and says so when none is left', async () => {
    const search = (orderType: string) =>
      call(
        'POST',
        '/api/timeslot/nearest',
        { carMake: 'Tesla', carModel: 'Model 3', orderType, searchCriteria: { zipCode: '8000' }, onlyMobile: true },
        ks,
      );
    const front = await search('REPLACE_FRONT');
    expect(front.statusCode, front.body).toBe(200);
    expect((front.json() as unknown[]).length).toBeGreaterThan(0);
    const roof = await search('REPLACE_ROOF');
    expect(roof.statusCode).toBe(404);
    expect(roof.json().message).toBe(BOOKING_MESSAGES.noMobileForCar);
  });
});
