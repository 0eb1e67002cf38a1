import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { copenhagenDay, copenhagenParts, fromCopenhagen, parseWireDateTime } from '@/domain/lib/dates';
import { ZERO_GUID } from '@/domain/lib/guid';
import { isReplaceType, type TOrderStatus, type TOrderType, type TWhoPays, WINDOW_MANUFACTURERS } from '@/domain/orders';
import type { HOLD_REASONS } from '@/domain/orders';
import { ZOrder, type TOrder } from '@/domain/orders';
import { bookOrder, createOrder, getOrder } from '@/server/areas/orders';
import { getDebitorPrices } from '@/server/areas/parties';
import type { Db } from '@/server/db/client';
import {
  carMakes,
  carModels,
  debitors,
  departments,
  insurers,
  leasers,
  orders,
  productCarFits,
  productGroups,
  products,
  timeSlots,
  users,
  vehicles,
} from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { personName, STREETS } from './reference/people';
import { createRandom, type Random } from './reference/random';

/**
 * A few hundred orders over the past three weeks and the coming three, made through the
 * order service itself (so every rule holds: slots, capacity, items, prices, validation),
 * each "created" a few days before its booking. Statuses beyond booking are then set as the
 * later services set them: finished with fitter and window maker, awaiting review, on hold,
 * cancelled, web orders awaiting review, offers and offer requests.
 */
const DAYS_BACK = 21;
const DAYS_AHEAD = 21;
/** Holds as the hold dialog makes them: a reason of HOLD_REASONS and a comment (calibration holds need a signed disclaimer). */
const HOLDS: ReadonlyArray<readonly [(typeof HOLD_REASONS)[number], string]> = [
  ['Rude i restordre – afventer levering', 'Ruden er i restordre hos leverandøren; forventet levering i næste uge.'],
  ['Kunden ønsker en ny tid', 'Kunden ringer tilbage med en ny tid.'],
  ['Afventer godkendelse fra forsikring', 'Skaden er anmeldt; afventer forsikringens godkendelse af OE-rude.'],
  ['Bilen mangler dele', 'Regnsensorbeslag mangler; bestilt hos forhandleren.'],
];
const FINISHED_COMMENTS = ['', '', 'Kunden var tilfreds', 'Viskerblade skiftet samtidig', 'Kalibrering udført uden bemærkninger'];

interface SeedData {
  random: Random;
  vehicles: Array<typeof vehicles.$inferSelect & { make: string; model: string }>;
  fits: Map<string, Array<{ no: string; group: string }>>;
  insurerDebitor: Map<string, string>;
  leaserDebitor: Map<string, string>;
  companies: string[];
  debitors: Map<string, typeof debitors.$inferSelect>;
  fitters: Map<string, string[]>;
  actors: Array<{ id: string; initials: string }>;
}

async function loadData(db: Db, seed = 20_261_122): Promise<SeedData> {
  const random = createRandom(seed);
  const [vehicleRows, fitRows, insurerRows, leaserRows, debitorRows, fitterRows, actorRows] = await Promise.all([
    db
      .select({ v: vehicles, make: carMakes.name, model: carModels.name })
      .from(vehicles)
      .innerJoin(carMakes, eq(carMakes.manuId, vehicles.manuId))
      .innerJoin(carModels, eq(carModels.modelId, vehicles.modelId))
      .orderBy(asc(vehicles.registrationNumber)),
    db
      .select({
        modelId: productCarFits.modelId,
        from: productCarFits.yearFrom,
        to: productCarFits.yearTo,
        no: products.no,
        group: productGroups.name,
      })
      .from(productCarFits)
      .innerJoin(products, eq(products.id, productCarFits.productId))
      .innerJoin(productGroups, eq(productGroups.id, products.groupId))
      .orderBy(asc(products.no)),
    db.select().from(insurers),
    db.select().from(leasers),
    db.select().from(debitors),
    db
      .select({ id: users.id, departmentId: users.departmentId })
      .from(users)
      .where(and(sql`'Operation' = any(${users.roles})`, isNull(users.deletedAt))),
    db
      .select({ id: users.id, initials: users.initials })
      .from(users)
      .where(inArray(users.initials, ['KS', 'REK', 'ADM'])),
  ]);
  const fits = new Map<string, Array<{ no: string; group: string }>>();
  for (const { v } of vehicleRows) {
    const year = (v.modelYear ?? 0) * 100 + 6;
    fits.set(
      v.registrationNumber,
      fitRows
        .filter((f) => f.modelId === v.modelId && f.from <= year && (f.to === 0 || f.to >= year))
        .map((f) => ({ no: f.no, group: f.group })),
    );
  }
  const fitters = new Map<string, string[]>();
  for (const f of fitterRows) if (f.departmentId) fitters.set(f.departmentId, [...(fitters.get(f.departmentId) ?? []), f.id]);
  return {
    random,
    vehicles: vehicleRows.map((r) => ({ ...r.v, make: r.make, model: r.model })),
    fits,
    insurerDebitor: new Map(
      insurerRows.flatMap((i) =>
        i.debitorNo ? [[i.bilStatistikName.toLowerCase(), i.debitorNo] as const, [i.name.toLowerCase(), i.debitorNo] as const] : [],
      ),
    ),
    leaserDebitor: new Map(leaserRows.flatMap((l) => (l.debitorNo ? [[l.name.toLowerCase(), l.debitorNo] as const] : []))),
    companies: debitorRows.filter((d) => d.kind === 'COMPANY' && d.name !== 'DUMMY - SKIFT KONTO').map((d) => d.no),
    debitors: new Map(debitorRows.map((d) => [d.no, d])),
    fitters,
    actors: actorRows,
  };
}

function pickType(random: Random, mobile: boolean): TOrderType {
  const roll = random.next();
  if (mobile) return roll < 0.55 ? 'REPAIR' : 'REPLACE_FRONT';
  if (roll < 0.45) return 'REPLACE_FRONT';
  if (roll < 0.75) return 'REPAIR';
  if (roll < 0.87) return 'REPLACE_SIDE';
  if (roll < 0.97) return 'REPLACE_REAR';
  return 'REPLACE_ROOF';
}

const GROUP_OF: Partial<Record<TOrderType, string>> = {
  REPLACE_FRONT: 'Forrude',
  REPLACE_SIDE: 'Siderude',
  REPLACE_REAR: 'Bagrude',
  REPLACE_ROOF: 'Tagrude',
};

function itemsFor(data: SeedData, plate: string, type: TOrderType): string[] | null {
  const { random } = data;
  if (type === 'REPAIR') return random.chance(0.3) ? ['REP1', 'REP2'] : ['REP1'];
  const glass = (data.fits.get(plate) ?? []).filter((f) => f.group === GROUP_OF[type]);
  if (glass.length === 0) return null;
  const items = [random.pick(glass).no];
  if (type === 'REPLACE_FRONT' && random.chance(0.25)) items.push('PK3');
  return items;
}

function payerFor(
  data: SeedData,
  vehicle: SeedData['vehicles'][number],
  department: typeof departments.$inferSelect,
): { payer: TWhoPays; debitorNo: string | null } {
  const { random } = data;
  const leased = vehicle.leasing !== '' && vehicle.leasing !== 'IkkeLeaset';
  if (leased && random.chance(0.6)) return { payer: 'LEASING', debitorNo: data.leaserDebitor.get(vehicle.leaser.toLowerCase()) ?? null };
  const insurer = data.insurerDebitor.get(vehicle.insurance.toLowerCase());
  if (insurer && random.chance(0.7)) return { payer: 'INSURANCE', debitorNo: insurer };
  if (random.chance(0.3)) return { payer: 'DEBITOR', debitorNo: random.pick(data.companies) };
  return { payer: 'CASH', debitorNo: department.debitorNo };
}

async function buildOrder(
  db: Db,
  data: SeedData,
  department: typeof departments.$inferSelect,
  date: string,
  slot: typeof timeSlots.$inferSelect,
  type: TOrderType,
): Promise<TOrder | null> {
  const { random } = data;
  const vehicle = random.pick(data.vehicles);
  const itemNos = itemsFor(data, vehicle.registrationNumber, type);
  if (!itemNos) return null;
  const { payer, debitorNo } = payerFor(data, vehicle, department);
  const debitor = debitorNo ? data.debitors.get(debitorNo) : undefined;
  if (!debitor || !debitor.address || !/^\d{8}$/.test(debitor.phone)) return null;
  const prices = await getDebitorPrices(db, debitor.no, itemNos);
  const name =
    payer === 'LEASING' || payer === 'DEBITOR'
      ? vehicle.user || personName(random)
      : vehicle.owner && !/A\/S|ApS/.test(vehicle.owner)
        ? vehicle.owner
        : personName(random);
  const emailName = name
    .toLowerCase()
    .replace(/[æ]/g, 'ae')
    .replace(/[ø]/g, 'oe')
    .replace(/[å]/g, 'aa')
    .replace(/[^a-z]+/g, '.');
  const allowEmail = random.chance(0.7);
  return ZOrder.parse({
    additionalData: {
      orderType: type,
      orderStatus: 'PROCESSING',
      whoIsPaying: payer,
      rekvNr: payer === 'INSURANCE' ? `SK-${random.int(100000, 999999)}` : '',
      externalOrderComment: random.chance(0.2) ? 'Montøren ringer ca. 30 minutter før ankomst.' : '',
    },
    timeAndPlace: {
      department: { id: department.id },
      date: `${date}T00:00:00`,
      timeSlotId: slot.id,
      mobileServiceLocation: department.mobileService
        ? {
            address: `${random.pick(STREETS)} ${random.int(1, 120)}, ${department.zipCode} ${department.city}`,
            covered: random.chance(0.3),
          }
        : undefined,
    },
    customer: {
      name,
      address: `${random.pick(STREETS)} ${random.int(1, 120)}`,
      zipCode: department.zipCode,
      city: department.city,
      phone: String(random.int(20_000_000, 61_999_999)),
      email: allowEmail || payer === 'INSURANCE' ? `${emailName}@example.dk` : '',
      allowSms: random.chance(0.8),
      allowEmail,
    },
    debitor: {
      no: debitor.no,
      debitorName: debitor.name,
      address: debitor.address,
      zipCode: debitor.zipCode,
      city: debitor.city,
      phone: debitor.phone,
      email: debitor.email,
      cvr: debitor.cvr,
    },
    car: {
      registrationNumber: vehicle.registrationNumber,
      make: vehicle.make,
      manuId: vehicle.manuId ?? 0,
      model: vehicle.model,
      modId: vehicle.modelId ?? 0,
      modelYear: vehicle.modelYear,
      insurance: vehicle.insurance,
      leasing: vehicle.leasing,
      leaser: vehicle.leaser,
      owner: vehicle.owner,
      user: vehicle.user,
      vehicleIdentificationNumber: vehicle.vin,
      colour: vehicle.colour,
      bodywork: vehicle.bodywork,
    },
    items: itemNos.map((no, index) => {
      const price = prices.find((p) => p.itemNo === no);
      // The pane of a replacement is its main item, as the booking screen marks it (removing it asks for a MAINITEMCHANGED log).
      return { itemNo: no, amount: 1, itemPrice: price?.price ?? 0, isMainItem: index === 0 && type !== 'REPAIR' };
    }),
  });
}

/** The status an order of this age ends up in, with the fields the later steps fill in. */
function laterLife(
  data: SeedData,
  order: TOrder,
  departmentId: string,
  daysFromToday: number,
): { status: TOrderStatus; set: Partial<typeof orders.$inferInsert> } {
  const { random } = data;
  // A department without fitters of its own borrows one (finishing and holding need a fitter).
  const fitter = random.pick(data.fitters.get(departmentId) ?? [...data.fitters.values()].flat());
  const workerId = fitter ?? null;
  const replace = isReplaceType(order.additionalData.orderType);
  const hold = (pick: readonly [string, string]) => ({
    workerId,
    onHoldReason: pick[0],
    onHoldComment: pick[1],
    // A replacement on hold has its window maker chosen (the hold dialog's marked fields).
    windowManufacturer: replace ? WINDOW_MANUFACTURERS[Number(order.additionalData.orderNr) % 8]! : 'NONE',
  });
  if (daysFromToday < 0) {
    const roll = random.next();
    if (roll < 0.07) return { status: 'CANCELLED', set: {} };
    if (roll < 0.11) return { status: 'ON_HOLD', set: hold(random.pick(HOLDS)) };
    const finished = {
      workerId,
      windowManufacturer: replace ? random.pick(WINDOW_MANUFACTURERS.filter((m) => m !== 'NONE')) : 'NONE',
      timeSpent: replace ? random.pick([60, 75, 90, 105, 120, 150]) : random.pick([15, 30, 45]),
      workKm: random.int(5_000, 240_000),
      workCompletedAt: order.timeAndPlace.to ? parseWireDateTime(order.timeAndPlace.to) : null,
      internalComment: random.pick(FINISHED_COMMENTS),
    };
    // Insurance-paid replacements go to review before they are finished (document 2, finishing).
    if (replace && order.additionalData.whoIsPaying === 'INSURANCE' && roll < 0.45) return { status: 'PENDING_REVIEW', set: finished };
    return { status: 'FINISHED', set: finished };
  }
  const roll = random.next();
  if (roll < 0.05) return { status: 'ON_HOLD', set: hold(random.pick(HOLDS)) };
  if (roll < 0.1 && daysFromToday > 1) return { status: 'WEB_REVIEW', set: { createdBy: 'WEB', createdById: null } };
  // Near-term jobs already have their fitter, so Dagens opgaver and the calendar show who goes.
  return { status: 'PROCESSING', set: daysFromToday <= 3 ? { workerId } : {} };
}

export async function seedOrders(db: Db, now = new Date()): Promise<number> {
  const data = await loadData(db);
  const { random } = data;
  const active = await db.select().from(departments).where(eq(departments.inActive, false)).orderBy(asc(departments.navLocationCode));
  const slots = await db
    .select()
    .from(timeSlots)
    .where(
      inArray(
        timeSlots.departmentId,
        active.map((d) => d.id),
      ),
    );
  const today = copenhagenParts(now);
  let made = 0;

  for (let offset = -DAYS_BACK; offset <= DAYS_AHEAD; offset++) {
    const noon = fromCopenhagen(today.year, today.month, today.day + offset, 12);
    const date = copenhagenDay(noon);
    const weekday = copenhagenParts(noon).weekday;
    for (const department of active) {
      const own = slots.filter((s) => s.departmentId === department.id);
      const perDay = department.mobileService ? random.int(0, 2) : random.int(0, department.maxNumberOfWorkers >= 4 ? 3 : 2);
      for (let n = 0; n < perDay; n++) {
        const type = pickType(random, department.mobileService);
        const kind = type === 'REPAIR' ? 'STONE_CHIP' : 'WINDOW_REPLACE';
        const specific = own.filter((s) => s.type === kind && s.date === date);
        const candidates = specific.length ? specific : own.filter((s) => s.type === kind && s.date === null && s.day === weekday);
        if (candidates.length === 0) continue;
        const slot = random.pick(candidates);
        const order = await buildOrder(db, data, department, date, slot, type);
        if (!order) continue;
        // Booked 1–10 days before the day (or earlier today), never in the future.
        const createdAt = new Date(
          Math.min(now.getTime() - 3_600_000, noon.getTime() - random.int(1, 10) * 86_400_000 - random.int(0, 6) * 3_600_000),
        );
        const actor = random.pick(data.actors);
        try {
          const saved = await createOrder(db, order, 'BOOKING', actor, { now: createdAt, notify: false });
          const { status, set } = laterLife(data, saved, department.id, offset);
          await db
            .update(orders)
            .set({ ...set, orderStatus: status })
            .where(eq(orders.id, saved.additionalData.orderId));
          made++;
        } catch (error) {
          // A full slot or a closed day is simply not booked, as the screen would not offer it.
          if (!(error instanceof AppError)) throw error;
        }
      }
    }
  }

  // Offers and offer requests for the coming weeks: they hold no place in a slot.
  for (let i = 0; i < 40; i++) {
    const department = random.pick(active.filter((d) => !d.mobileService));
    const offset = random.int(2, DAYS_AHEAD);
    const noon = fromCopenhagen(today.year, today.month, today.day + offset, 12);
    const candidates = slots.filter(
      (s) => s.departmentId === department.id && s.type === 'WINDOW_REPLACE' && s.date === null && s.day === copenhagenParts(noon).weekday,
    );
    if (candidates.length === 0) continue;
    const order = await buildOrder(db, data, department, copenhagenDay(noon), random.pick(candidates), 'REPLACE_FRONT');
    if (!order || !order.customer.email) continue;
    try {
      const saved = await createOrder(db, order, 'OFFER', random.pick(data.actors), {
        now: new Date(now.getTime() - random.int(1, 72) * 3_600_000),
        notify: false,
      });
      if (i % 4 === 0)
        await db
          .update(orders)
          .set({ orderStatus: 'OFFER_REQUEST', createdBy: 'WEB', createdById: null })
          .where(eq(orders.id, saved.additionalData.orderId));
      made++;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  made += await seedFollowUps(db, data, now);
  return made;
}

/** The workshop the demo shows as fully booked for window replacement (no test books there). */
export const BUSY_WORKSHOP = 'Silkeborg';
/** Its window-replace places are taken this many days ahead: Leveringstid shows it red (7 or more working days). */
const BUSY_DAYS_AHEAD = 14;

/**
 * A workshop whose window-replace places are booked for the next two weeks (issue 16): a new user sees a long delivery
 * time in red on Leveringstid and a MOVE_WORKER suggestion for it on Kapacitetsoptimering, as planners meet them.
 * Run after the rest of the demo, with a random stream of its own, so every other demo order stays as it was.
 */
export async function seedBusyWorkshop(db: Db, now = new Date()): Promise<number> {
  const data = await loadData(db, 20_261_126);
  const [department] = await db.select().from(departments).where(eq(departments.name, BUSY_WORKSHOP));
  if (!department) return 0;
  const slots = await db
    .select()
    .from(timeSlots)
    .where(and(eq(timeSlots.departmentId, department.id), eq(timeSlots.type, 'WINDOW_REPLACE')));
  const today = copenhagenParts(now);
  let made = 0;
  for (let offset = 1; offset <= BUSY_DAYS_AHEAD; offset++) {
    const noon = fromCopenhagen(today.year, today.month, today.day + offset, 12);
    const date = copenhagenDay(noon);
    const specific = slots.filter((s) => s.date === date);
    const daySlots = specific.length ? specific : slots.filter((s) => s.date === null && s.day === copenhagenParts(noon).weekday);
    for (const slot of daySlots) {
      // Every place of the slot; a pick without a fitting windscreen is simply tried again.
      for (let attempt = 0, booked = 0; booked < slot.maxBookings && attempt < slot.maxBookings * 4; attempt++) {
        const order = await buildOrder(db, data, department, date, slot, 'REPLACE_FRONT');
        if (!order) continue;
        try {
          const createdAt = new Date(now.getTime() - data.random.int(1, 10) * 86_400_000);
          await createOrder(db, order, 'BOOKING', data.random.pick(data.actors), { now: createdAt, notify: false });
          booked++;
          made++;
        } catch (error) {
          // A closed day or a place taken already: the slot is as full as it gets.
          if (!(error instanceof AppError)) throw error;
          break;
        }
      }
    }
  }
  return made;
}

/**
 * Orders that grow out of others: extra sales (SALE, PROCESSING_MORESALE) on coming visits and a few
 * drafts (complaints are made in seed-lifecycle.ts).
 */
async function seedFollowUps(db: Db, data: SeedData, now: Date): Promise<number> {
  const { random } = data;
  const future = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderStatus, 'PROCESSING'), sql`${orders.bookingDate} > current_date + 1`))
    .orderBy(asc(orders.orderNr))
    .limit(60);
  const accessories = (
    await db
      .select({ no: products.no })
      .from(products)
      .innerJoin(productGroups, eq(productGroups.id, products.groupId))
      .where(eq(productGroups.name, 'Tilbehør'))
      .orderBy(asc(products.no))
  ).map((p) => p.no);
  let made = 0;

  const followUp = async (
    originalId: string,
    type: TOrderType,
    itemNos: string[] | null,
    status: TOrderStatus,
    set: Partial<typeof orders.$inferInsert> = {},
  ) => {
    const original = await getOrder(db, originalId);
    const t = original.timeAndPlace;
    const order = ZOrder.parse({
      ...original,
      additionalData: {
        orderType: type,
        orderStatus: 'PROCESSING',
        whoIsPaying: original.additionalData.whoIsPaying,
        rekvNr: original.additionalData.rekvNr,
      },
      // Follow-ups are done on the original visit, outside the slot plan.
      timeAndPlace: { ...t, timeSlotId: ZERO_GUID },
      items: itemNos
        ? itemNos.map((no) => ({ itemNo: no, amount: 1 }))
        : original.items.filter((i) => i.type === 0 && !i.isService).map((i) => ({ itemNo: i.itemNo, amount: 1, itemPrice: i.itemPrice })),
    });
    try {
      // Made as the server makes follow-ups (an extra sale is not a type a client may post).
      const saved = await bookOrder(db, order, 'BOOKING', random.pick(data.actors), {
        now: new Date(now.getTime() - random.int(2, 48) * 3_600_000),
        notify: false,
      });
      await db
        .update(orders)
        .set({ ...set, orderStatus: status })
        .where(eq(orders.id, saved.additionalData.orderId));
      made++;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  };

  for (const original of future.slice(0, 8)) await followUp(original.id, 'SALE', [random.pick(accessories)], 'PROCESSING_MORESALE');
  // Complaints on finished jobs are made through the complaint service (seed-lifecycle.ts).
  for (const original of future.slice(8, 11)) await followUp(original.id, original.orderType as TOrderType, null, 'DRAFT');
  return made;
}
