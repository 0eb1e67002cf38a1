import { ZERO_GUID } from '../lib/guid';
import type { TDebitor, TDebitorSearchField } from '../parties';
import { WHO_PAYS_LABELS, type TWhoPays } from './order-enums';
import type { TCar, TDepartmentRef, TOrder, TOrderDebitor } from './order.schemas';

/**
 * 'Hvem betaler': who pays for an order and which debitor (account) that means
 * (document 1 section 4 'Who pays', document 2 section 4).
 */

const NOT_LEASED = 'ikkeleaset';
const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Leased when the car's leasing is set and is not 'IkkeLeaset'. */
export function isLeased(car: Pick<TCar, 'leasing'>): boolean {
  const leasing = car.leasing.trim().toLowerCase();
  return leasing !== '' && leasing !== NOT_LEASED;
}

export interface TPayerOption {
  value: TWhoPays;
  label: string;
}

/** The payer choices in screen order: Leasing (only for a leased car), Kontant betaling, Forsikring, Debitor. */
export function payerOptions(car: Pick<TCar, 'leasing'>): TPayerOption[] {
  const order: TWhoPays[] = isLeased(car) ? ['LEASING', 'CASH', 'INSURANCE', 'DEBITOR'] : ['CASH', 'INSURANCE', 'DEBITOR'];
  return order.map((value) => ({ value, label: WHO_PAYS_LABELS[value] }));
}

/** An insurer as the payer look-up needs it; `debitorNo` is the insurer's own account when known. */
export interface TPayerInsurer {
  name: string;
  bilStatistikName: string;
  /** The insurer's cash account ('Tilbuds debitor'); empty when none. */
  cashDebitorId: string | null;
  debitorNo?: string | null;
}

/** A leasing company as the payer look-up needs it. */
export interface TPayerLeaser {
  name: string;
  debitorNo?: string | null;
}

/**
 * What to look up for a payer: an account number (search field NAV), a name (search field
 * NAME) when no number is known, or nothing (the user picks the debitor from the search).
 */
export type TDebitorLookup = { by: 'debitorNo'; no: string } | { by: 'name'; name: string } | { by: 'none' };

export interface TPayerLookupContext {
  car: Pick<TCar, 'insurance' | 'leaser'>;
  department: Pick<TDepartmentRef, 'debitorId'>;
  /** The 'Tilbuds debitor' box. */
  offerDebitor: boolean;
  insurers: readonly TPayerInsurer[];
  leasers: readonly TPayerLeaser[];
}

const NONE: TDebitorLookup = { by: 'none' };
const byNo = (no: string | null | undefined): TDebitorLookup | null => (no && no.trim() ? { by: 'debitorNo', no: no.trim() } : null);
const byName = (name: string): TDebitorLookup => (name.trim() ? { by: 'name', name: name.trim() } : NONE);

/** The insurer whose name or Bilstatistik name is the car's insurance. */
export function findInsurer<T extends TPayerInsurer>(insurers: readonly T[], insurance: string): T | undefined {
  if (!insurance.trim()) return undefined;
  return insurers.find((i) => same(i.name, insurance) || (i.bilStatistikName !== '' && same(i.bilStatistikName, insurance)));
}

/**
 * The insurer's name as the insurer register writes it ('Tryg'), for the car's insurance as the registry may
 * write it ('TRYG FORSIKRING A/S', the Bilstatistik name); the text itself when no insurer matches. Every screen
 * shows this one name.
 */
export function insurerDisplayName(insurers: readonly TPayerInsurer[], insurance: string): string {
  return findInsurer(insurers, insurance)?.name ?? insurance;
}

/**
 * The debitor a payer choice means:
 * - INSURANCE: the insurer matching the car's insurance, by its account number when known,
 *   else by name (the insurer's, or the car's insurance text when no insurer matches);
 * - CASH: the department's cash account (department.debitorId); with 'Tilbuds debitor' ticked
 *   the insurer's cash account instead, falling back to the department's when the insurer has none;
 * - LEASING: the leaser matching the car's leaser, by number when known, else by name;
 * - DEBITOR: nothing; the user picks one from the search.
 * A failed look-up is swallowed silently by the caller (the order keeps its debitor).
 */
export function payerDebitorLookup(whoIsPaying: TWhoPays, context: TPayerLookupContext): TDebitorLookup {
  const { car, department, offerDebitor, insurers, leasers } = context;
  switch (whoIsPaying) {
    case 'INSURANCE': {
      const insurer = findInsurer(insurers, car.insurance);
      if (!insurer) return byName(car.insurance);
      return byNo(insurer.debitorNo) ?? byName(insurer.name);
    }
    case 'CASH': {
      const insurerCash = offerDebitor ? byNo(findInsurer(insurers, car.insurance)?.cashDebitorId) : null;
      return insurerCash ?? byNo(department.debitorId) ?? NONE;
    }
    case 'LEASING': {
      if (!car.leaser.trim()) return NONE;
      const leaser = leasers.find((l) => same(l.name, car.leaser));
      if (!leaser) return byName(car.leaser);
      return byNo(leaser.debitorNo) ?? byName(leaser.name);
    }
    case 'DEBITOR':
      return NONE;
  }
}

/** The debitor search call for a look-up: GET /debitor/search/{field}?query; null for none. */
export function debitorSearchFor(lookup: TDebitorLookup): { field: TDebitorSearchField; query: string } | null {
  switch (lookup.by) {
    case 'debitorNo':
      return { field: 'NAV', query: lookup.no };
    case 'name':
      return { field: 'NAME', query: lookup.name };
    case 'none':
      return null;
  }
}

type TPayerOrder = Pick<TOrder, 'additionalData' | 'timeAndPlace'>;

/** Sets the payer. Choosing CASH clears the chosen time slot (the department and the date stay). */
export function choosePayer<T extends TPayerOrder>(order: T, payer: TWhoPays): T {
  const next = { ...order, additionalData: { ...order.additionalData, whoIsPaying: payer } };
  if (payer !== 'CASH') return next;
  return { ...next, timeAndPlace: { ...order.timeAndPlace, timeSlotId: ZERO_GUID, from: null, to: null } };
}

/** Fills the order's debitor from a search or look-up answer (the caller then re-prices the items). */
export function withDebitor<T extends Pick<TOrder, 'debitor'>>(order: T, debitor: TDebitor | TOrderDebitor): T {
  return {
    ...order,
    debitor: {
      no: debitor.no,
      debitorName: debitor.debitorName,
      address: debitor.address,
      zipCode: debitor.zipCode,
      city: debitor.city,
      phone: debitor.phone,
      email: debitor.email,
      cvr: debitor.cvr,
    },
  };
}

/** Choosing a customer from the search makes the payer DEBITOR and fills the debitor. */
export function chooseCustomerFromSearch<T extends Pick<TOrder, 'additionalData' | 'debitor'>>(order: T, debitor: TDebitor): T {
  return withDebitor({ ...order, additionalData: { ...order.additionalData, whoIsPaying: 'DEBITOR' } }, debitor);
}

/**
 * Sets the department. A different department clears the worker; the mobile-service location
 * is kept only when the new department is a mobile-service department.
 */
export function chooseDepartment<T extends TPayerOrder>(order: T, department: TDepartmentRef): T {
  const changed = order.timeAndPlace.department.id !== department.id;
  return {
    ...order,
    additionalData: changed ? { ...order.additionalData, worker: ZERO_GUID } : order.additionalData,
    timeAndPlace: {
      ...order.timeAndPlace,
      department,
      mobileServiceLocation: department.mobileService ? order.timeAndPlace.mobileServiceLocation : { address: '', covered: false },
    },
  };
}
