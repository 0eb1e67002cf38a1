import { slotKindFor } from '@/domain/booking';
import { GLASS_GROUP_OF, REPAIR_ITEM_NO, WEB_BOOKING_MESSAGES, WEB_JOBS } from '@/domain/booking-web';
import {
  changeableOnline,
  inWebWindow,
  manageLinkExpiry,
  monthsOfWindow,
  webConfirmationText,
  WEB_INSURERS_MAX,
  webInsurerOf,
  webSlotsOf,
  type TWebBook,
  type TWebBooking,
  type TWebCar,
  type TWebCarFound,
  type TWebOffers,
  type TWebOffersQuery,
  type TWebPlace,
  type TWebPlaceChoice,
  type TWebSlot,
  type TWebWindow,
} from '@/domain/booking-web';
import { carIdOf } from '@/domain/catalogue';
import type { TDepartment } from '@/domain/departments';
import { copenhagenParts, formatDate, formatTime } from '@/domain/lib/dates';
import { OUTBOX_SECRET_PLACEHOLDER } from '@/domain/outbox';
import { mayEmailCustomer } from '@/domain/orders';
import { ZOrder, type TOrder } from '@/domain/orders';
import { addressKey, takeAttempt, type ThrottleRule } from '@/server/auth/throttle';
import type { Db } from '@/server/db/client';
import { AppError } from '@/server/errors';
import type { CarRegistry, RegisteredCar } from '@/server/integrations/car-registry/car-registry';
import type { NewOutboxMessage } from '@/server/integrations/outbox/outbox.repo';
import { findCity, findNearest, getMonthAvailability } from '../booking';
import { searchItems } from '../catalogue';
import { findDepartmentById } from '../departments';
import { bookOrder, getOrder } from '../orders';
import { cancelOrder, saveOrder, type LifecycleActor } from '../worksheet';
import { listInsurerNames } from '../parties';
import { createManageToken, readManageToken, type ManageKey } from './manage-token';

/** The booking page's actor: a customer, no staff user (the journal and the order say 'WEB', as web orders always did). */
const WEB_ACTOR: LifecycleActor = { id: null as unknown as string, initials: 'WEB', roles: ['CustomerService'] };

/** How many places and times the page offers: the nearest workshops, every van that covers the zip code. */
const WORKSHOPS_OFFERED = 5;
const SLOTS_PER_PLACE = 12;
const NEXT_FREE_IN_REFUSAL = 3;

/** Per client address and per phone number, within the throttle's window (15 minutes). */
export const WEB_LIMITS = { plate: 20, offers: 40, book: 10, bookPerPhone: 3, manage: 30 } as const;

export interface WebBookingDeps {
  db: Db;
  registry: CarRegistry;
  key: ManageKey;
}

const windowOf = (d: Pick<TDepartment, 'webBookingDaysAhead' | 'webBookingNoticeHours'>): TWebWindow => ({
  daysAhead: d.webBookingDaysAhead,
  noticeHours: d.webBookingNoticeHours,
});
const jobLabel = (type: string) => WEB_JOBS.find((j) => j.type === type)?.label ?? type;
const addressOf = (d: TDepartment) => [d.address, [d.zipCode, d.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');

export async function throttle(db: Db, rules: ThrottleRule[]): Promise<void> {
  await takeAttempt(db, rules);
}

export const throttleAddress = (db: Db, action: keyof typeof WEB_LIMITS, ip: string) =>
  throttle(db, [{ key: addressKey(`web-${action}`, ip), limit: WEB_LIMITS[action] }]);

function refuseBot(website: string): void {
  if (website.trim() !== '') throw AppError.generic(400, WEB_BOOKING_MESSAGES.refused);
}

async function registeredCar(deps: WebBookingDeps, plate: string): Promise<RegisteredCar> {
  const car = await deps.registry.findByRegistration(plate);
  if (!car || !car.make) throw AppError.notFound(WEB_BOOKING_MESSAGES.unknownPlate);
  return car;
}

const webCar = (car: RegisteredCar): TWebCar => ({
  registrationNumber: car.registrationNumber,
  make: car.make,
  model: car.model,
  modelYear: car.modelYear,
});

/** The insurers the payer step offers: the staff flow's insurers, their names only, at most WEB_INSURERS_MAX. */
async function webInsurers(db: Db): Promise<string[]> {
  return (await listInsurerNames(db)).slice(0, WEB_INSURERS_MAX);
}

/**
 * POST /api/web-booking/car: the car of a plate, as the customer may see it (make, model, year; nothing of its owner),
 * and the insurers' names the next step (how they pay) offers.
 */
export async function lookUpCar(deps: WebBookingDeps, query: { registrationNumber: string; website: string }): Promise<TWebCarFound> {
  refuseBot(query.website);
  const car = webCar(await registeredCar(deps, query.registrationNumber));
  return { ...car, insurers: await webInsurers(deps.db) };
}

/** A department's free times in its web window, from the booking area's month availability (the staff calendar's). */
async function slotsAt(
  db: Db,
  department: TDepartment,
  query: Pick<TWebOffersQuery, 'job' | 'zipCode'>,
  car: RegisteredCar,
  now: Date,
  limit: number,
): Promise<TWebSlot[]> {
  const window = windowOf(department);
  const acceptance = { carMake: car.make, carModel: car.model, orderType: query.job };
  const months = await Promise.all(
    monthsOfWindow(window, now, copenhagenParts).map(async ({ year, month }) => ({
      year,
      month,
      days: await getMonthAvailability(db, department.id, year, month, now, department.mobileService ? query.zipCode : '', acceptance),
    })),
  );
  return webSlotsOf(months, slotKindFor(query.job), window, now, limit);
}

/**
 * POST /api/web-booking/offers: the workshops nearest the zip code and the vans that cover it, of the departments
 * with web booking on that take the car for the job (the staff booking's Find nærmeste and rule sets), each with its
 * free times in its web window.
 */
export async function findOffers(deps: WebBookingDeps, query: TWebOffersQuery, now = new Date()): Promise<TWebOffers> {
  refuseBot(query.website);
  const car = await registeredCar(deps, query.registrationNumber);
  const city = await findCity(deps.db, query.zipCode);
  if (city === null) throw AppError.field('zipCode', WEB_BOOKING_MESSAGES.unknownZip);
  const offered = new Map<string, TDepartment>();
  const only = (d: TDepartment) => {
    if (d.webBooking) offered.set(d.id, d);
    return d.webBooking;
  };
  const criteria = { carMake: car.make, carModel: car.model, orderType: query.job, items: [], zipCode: query.zipCode, city: '', only };
  const nearest = async (onlyMobile: boolean) => {
    try {
      return await findNearest(deps.db, { ...criteria, onlyMobile }, now);
    } catch (error) {
      if (error instanceof AppError && error.status === 404) return [];
      throw error;
    }
  };
  const [shops, vans] = await Promise.all([nearest(false), nearest(true)]);
  const candidates = [...shops.slice(0, WORKSHOPS_OFFERED), ...vans].filter((n) => n.firstFreeDate !== null);
  const places: TWebPlace[] = [];
  for (const n of candidates) {
    const department = offered.get(n.department.id)!;
    const slots = await slotsAt(deps.db, department, query, car, now, SLOTS_PER_PLACE);
    if (slots.length === 0) continue;
    places.push({
      departmentId: department.id,
      name: department.name,
      address: department.mobileService ? `Vi kommer til dig i ${query.zipCode} ${city}` : addressOf(department),
      mobile: department.mobileService,
      distanceKm: department.mobileService ? null : n.distanceKm,
      slots,
    });
  }
  return { car: webCar(car), city, places };
}

/** The department of a choice, if the page offers it: web booking on, active. */
async function offeredDepartment(db: Db, departmentId: string): Promise<TDepartment> {
  const department = await findDepartmentById(db, departmentId, { loanCars: false });
  if (!department || !department.webBooking || department.inActive) throw AppError.conflict(WEB_BOOKING_MESSAGES.noPlace);
  return department;
}

/** The chosen slot's times, if it lies in the department's web window (the booking then counts its places). */
async function chosenSlot(
  db: Db,
  department: TDepartment,
  choice: TWebPlaceChoice,
  query: Pick<TWebOffersQuery, 'job' | 'zipCode'>,
  car: RegisteredCar,
  now: Date,
): Promise<TWebSlot> {
  const [year, month] = choice.date.split('-').map(Number) as [number, number];
  const acceptance = { carMake: car.make, carModel: car.model, orderType: query.job };
  const days = await getMonthAvailability(db, department.id, year, month, now, department.mobileService ? query.zipCode : '', acceptance);
  const day = days.find((d) => d.dayOfMonth === Number(choice.date.slice(8, 10)));
  const slot = [...(day?.windowReplaceSlots ?? []), ...(day?.stoneChipSlots ?? [])].find(
    (s) => s.id.toLowerCase() === choice.slotId.toLowerCase(),
  );
  if (!slot || !inWebWindow(slot.from, windowOf(department), now)) throw AppError.conflict(WEB_BOOKING_MESSAGES.noPlace);
  return { slotId: slot.id, date: choice.date, from: slot.from, to: slot.to };
}

/** The lines the staff flow would choose for the car and job: the catalogue's first pane of the job's group, or the repair. */
async function itemsFor(db: Db, car: RegisteredCar, job: string): Promise<TOrder['items']> {
  const group = GLASS_GROUP_OF[job as keyof typeof GLASS_GROUP_OF];
  const groups = group
    ? car.modId && car.modelYear
      ? await searchItems(db, { search: '', carId: carIdOf(car.modId, car.modelYear) })
      : []
    : await searchItems(db, { search: REPAIR_ITEM_NO });
  const item = group ? groups.find((g) => g.name === group)?.items[0] : groups.flatMap((g) => g.items).find((i) => i.no === REPAIR_ITEM_NO);
  if (!item) throw AppError.conflict(WEB_BOOKING_MESSAGES.noGlass);
  return [{ ...item, amount: 1, isMainItem: Boolean(group) }];
}

/** A kind refusal of a taken time, with the place's next free times in its text. */
async function takenRefusal(db: Db, department: TDepartment, query: TWebBook, car: RegisteredCar, now: Date): Promise<AppError> {
  const next = await slotsAt(db, department, query, car, now, NEXT_FREE_IN_REFUSAL);
  const times = next.map((s) => `${formatDate(s.from)} kl. ${formatTime(s.from)}`);
  const message = times.length ? `${WEB_BOOKING_MESSAGES.taken} Næste ledige: ${times.join(', ')}.` : WEB_BOOKING_MESSAGES.taken;
  return new AppError('GENERIC_ERROR', 409, message, { place: [message], nextFree: next.map((s) => `${s.date}|${s.slotId}|${s.from}`) });
}

function bookingAnswer(deps: WebBookingDeps, order: TOrder, department: TDepartment, now: Date): TWebBooking {
  const t = order.timeAndPlace;
  const cancelled = order.additionalData.orderStatus === 'CANCELLED';
  return {
    orderNr: order.additionalData.orderNr,
    status: cancelled ? 'CANCELLED' : 'BOOKED',
    job: jobLabel(order.additionalData.orderType),
    registrationNumber: order.car.registrationNumber,
    place: {
      departmentId: department.id,
      name: department.name,
      address: department.mobileService ? t.mobileServiceLocation.address : addressOf(department),
      mobile: department.mobileService,
    },
    from: t.from,
    to: t.to,
    changeable: !cancelled && changeableOnline(t.from, department.webBookingNoticeHours, now),
    token: createManageToken(deps.key, order.additionalData.orderId, manageLinkExpiry(t.to, now)),
  };
}

/** The confirmation by SMS and/or e-mail with the manage link (kept apart as the outbox's secret: Udbakke shows no token). */
function confirmations(deps: WebBookingDeps, department: TDepartment, input: TWebBook, linkBase: string, now: Date) {
  return (order: TOrder): NewOutboxMessage[] => {
    const secret = `${linkBase}/book#m=${createManageToken(deps.key, order.additionalData.orderId, manageLinkExpiry(order.timeAndPlace.to, now))}`;
    const text = webConfirmationText(
      {
        orderNr: order.additionalData.orderNr,
        placeName: department.name,
        address: department.mobileService ? input.address : addressOf(department),
        from: order.timeAndPlace.from,
        mobile: department.mobileService,
      },
      OUTBOX_SECRET_PLACEHOLDER,
      { date: formatDate, time: formatTime },
    );
    const orderId = order.additionalData.orderId;
    const messages: NewOutboxMessage[] = [];
    if (input.allowSms)
      messages.push({ channel: 'SMS', kind: 'WEB_BOOKING_CONFIRMATION', recipient: `+45${input.phone}`, body: text, orderId, secret });
    if (mayEmailCustomer(input)) {
      messages.push({
        channel: 'EMAIL',
        kind: 'WEB_BOOKING_CONFIRMATION',
        recipient: input.email,
        subject: `Din booking nr. ${order.additionalData.orderNr}`,
        body: text,
        orderId,
        secret,
      });
    }
    return messages;
  };
}

/**
 * POST /api/web-booking/book: the customer's booking, made by the one booking seam (bookOrder) as WEB_REVIEW, holding
 * its place; a time taken meanwhile answers 409 with the place's next free times.
 */
export async function book(deps: WebBookingDeps, input: TWebBook, linkBase: string, now = new Date()): Promise<TWebBooking> {
  refuseBot(input.website);
  const named = webInsurerOf(input.payer, input.insurer, await webInsurers(deps.db));
  if ('error' in named) throw AppError.field('insurer', named.error);
  const car = await registeredCar(deps, input.registrationNumber);
  const city = await findCity(deps.db, input.zipCode);
  if (city === null) throw AppError.field('zipCode', WEB_BOOKING_MESSAGES.unknownZip);
  const department = await offeredDepartment(deps.db, input.place.departmentId);
  const slot = await chosenSlot(deps.db, department, input.place, input, car, now);
  const items = await itemsFor(deps.db, car, input.job);
  const address = `${input.address}, ${input.zipCode} ${city}`;
  const order = ZOrder.parse({
    customer: {
      name: input.name,
      address: input.address,
      zipCode: input.zipCode,
      city,
      phonePrefix: '+45',
      phone: input.phone,
      email: input.email,
      allowSms: input.allowSms,
      allowEmail: input.allowEmail,
    },
    // The customer is the debitor until customer service checks the payer (Webordrer).
    debitor: {
      no: '',
      debitorName: input.name,
      address: input.address,
      zipCode: input.zipCode,
      city,
      phone: input.phone,
      email: input.email,
    },
    car: {
      registrationNumber: car.registrationNumber,
      make: car.make,
      manuId: car.manuId,
      model: car.model,
      modId: car.modId,
      modelYear: car.modelYear,
      // 'Ved ikke / andet' names none: the registry's insurer, for customer service to check.
      insurance: named.insurer ?? car.insurance,
      leasing: car.leasing,
      leaser: car.leaser,
      owner: car.owner,
      user: car.user,
      vehicleIdentificationNumber: car.vin,
    },
    additionalData: { orderType: input.job, whoIsPaying: input.payer },
    timeAndPlace: {
      department: { id: department.id },
      date: `${slot.date}T00:00:00`,
      from: slot.from,
      to: slot.to,
      timeSlotId: slot.slotId,
      zipCode: input.zipCode,
      mobileServiceLocation: { address: department.mobileService ? address : '', covered: department.mobileService },
    },
    items,
  });
  try {
    const created = await bookOrder(deps.db, order, 'BOOKING', WEB_ACTOR, {
      now,
      web: { messages: confirmations(deps, department, input, linkBase, now) },
    });
    return bookingAnswer(deps, created, department, now);
  } catch (error) {
    if (error instanceof AppError && error.status === 409) throw await takenRefusal(deps.db, department, input, car, now);
    throw error;
  }
}

/** The order a manage link names, and its department; an invalid or expired link is 404, as is anything not a web order. */
async function managed(deps: WebBookingDeps, token: string, now: Date): Promise<{ order: TOrder; department: TDepartment }> {
  const id = readManageToken(deps.key, token, now);
  const order = id ? await getOrder(deps.db, id).catch(() => null) : null;
  if (!order || order.additionalData.createdBy !== 'WEB') throw AppError.notFound(WEB_BOOKING_MESSAGES.linkInvalid);
  const department = await findDepartmentById(deps.db, order.timeAndPlace.department.id, { loanCars: false });
  if (!department) throw AppError.notFound(WEB_BOOKING_MESSAGES.linkInvalid);
  return { order, department };
}

/** POST /api/web-booking/manage: the booking a manage link names. */
export async function getBooking(deps: WebBookingDeps, token: string, now = new Date()): Promise<TWebBooking> {
  const { order, department } = await managed(deps, token, now);
  return bookingAnswer(deps, order, department, now);
}

async function assertChangeable(deps: WebBookingDeps, token: string, now: Date) {
  const found = await managed(deps, token, now);
  const { order, department } = found;
  if (
    order.additionalData.orderStatus === 'CANCELLED' ||
    !changeableOnline(order.timeAndPlace.from, department.webBookingNoticeHours, now)
  ) {
    throw AppError.conflict(WEB_BOOKING_MESSAGES.notChangeable);
  }
  return found;
}

/** POST /api/web-booking/manage/offers: the places and times the booking may move to (the same offers as booking). */
export async function findMoveOffers(deps: WebBookingDeps, token: string, now = new Date()): Promise<TWebOffers> {
  const { order } = await assertChangeable(deps, token, now);
  const query = {
    registrationNumber: order.car.registrationNumber,
    job: order.additionalData.orderType as TWebOffersQuery['job'],
    zipCode: order.timeAndPlace.zipCode || order.customer.zipCode,
    website: '',
  };
  return findOffers(deps, query, now);
}

/** POST /api/web-booking/manage/move: the booking to another offered place and time, saved through the order seam. */
export async function moveBooking(deps: WebBookingDeps, token: string, choice: TWebPlaceChoice, now = new Date()): Promise<TWebBooking> {
  const { order } = await assertChangeable(deps, token, now);
  const car = await registeredCar(deps, order.car.registrationNumber);
  const department = await offeredDepartment(deps.db, choice.departmentId);
  const query = {
    job: order.additionalData.orderType as TWebOffersQuery['job'],
    zipCode: order.timeAndPlace.zipCode || order.customer.zipCode,
  };
  const slot = await chosenSlot(deps.db, department, choice, query, car, now);
  const address =
    order.timeAndPlace.mobileServiceLocation.address || `${order.customer.address}, ${order.customer.zipCode} ${order.customer.city}`;
  const moved: TOrder = {
    ...order,
    timeAndPlace: {
      ...order.timeAndPlace,
      department: { ...order.timeAndPlace.department, id: department.id },
      date: `${slot.date}T00:00:00`,
      from: slot.from,
      to: slot.to,
      timeSlotId: slot.slotId,
      mobileServiceLocation: { address: department.mobileService ? address : '', covered: department.mobileService },
    },
  };
  try {
    const saved = await saveOrder(deps.db, moved, WEB_ACTOR, null, now);
    return bookingAnswer(deps, saved, department, now);
  } catch (error) {
    if (error instanceof AppError && error.status === 409) {
      throw await takenRefusal(deps.db, department, { ...query, registrationNumber: order.car.registrationNumber } as TWebBook, car, now);
    }
    throw error;
  }
}

/** POST /api/web-booking/manage/cancel: the booking cancelled through the order seam; its place is free at once. */
export async function cancelBooking(deps: WebBookingDeps, token: string, now = new Date()): Promise<TWebBooking> {
  const { order, department } = await assertChangeable(deps, token, now);
  const cancelled = await cancelOrder(deps.db, order.additionalData.orderId, WEB_ACTOR);
  return bookingAnswer(deps, cancelled, department, now);
}
