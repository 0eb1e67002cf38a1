import { MESSAGES, type FieldErrors } from '../lib/validation';
import { isLeased } from './who-pays';
import type { TCar, TCustomer } from './order.schemas';

/**
 * The customer of a new order from what the registration look-up knows about the car's owner, and
 * what the customer step still lacks, named.
 */

/**
 * Whether the customer may be e-mailed (confirmations, receipts, notices, the review invitation): the customer allows
 * e-mail ('Tillad e-mail') and an address is given (spaces alone are none).
 */
export function mayEmailCustomer(customer: Pick<TCustomer, 'allowEmail' | 'email'>): boolean {
  return customer.allowEmail && customer.email.trim() !== '';
}

/** Danish company forms and words that mark an owner as a business rather than a person. */
const COMPANY_WORDS =
  /(^|[\s,.(])(a\/s|aps|i\/s|ivs|k\/s|p\/s|amba|a\.m\.b\.a\.?|smba|s\.m\.b\.a\.?|holding|leasing|finans|bank|kommune|region)(?=$|[\s,.)])/i;

/**
 * Whether the registry's owner of the car is a person: a name is known, the car is not leased (a leased car is
 * owned by the leasing company) and the name carries no company form (A/S, ApS, I/S, …) or business word.
 */
export function ownerIsPerson(car: Pick<TCar, 'owner' | 'leasing'>): boolean {
  const owner = car.owner.trim();
  if (owner === '' || isLeased(car)) return false;
  return !COMPANY_WORDS.test(owner) && !/\d/.test(owner);
}

/** The customer fields the car's registry data fills: the owner's name and home, when the owner is a person. */
export type TCustomerFromCar = Partial<Pick<TCustomer, 'name' | 'address' | 'zipCode' | 'city'>>;

type TOwnerFacts = Pick<TCar, 'owner' | 'leasing'> & Partial<Pick<TCar, 'ownerAddress' | 'ownerZipCode' | 'ownerCity'>>;

/**
 * What the car tells about its customer: a person owner's name, and the home the register gives (all three parts, or
 * none: half an address would look complete and be wrong).
 */
export function customerFromCar(car: TOwnerFacts): TCustomerFromCar {
  if (!ownerIsPerson(car)) return {};
  const home = { address: car.ownerAddress?.trim() ?? '', zipCode: car.ownerZipCode?.trim() ?? '', city: car.ownerCity?.trim() ?? '' };
  const complete = home.address !== '' && /^\d{4}$/.test(home.zipCode) && home.city !== '';
  return { name: car.owner.trim(), ...(complete ? home : {}) };
}

/**
 * Fills the customer from a car that was looked up. A field is filled only when it is empty, or still holds
 * exactly what the previous car filled in (the user looked up another plate); what the user typed stays.
 */
export function prefillCustomer(customer: TCustomer, before: TOwnerFacts | null, after: TOwnerFacts): TCustomer {
  const previous = before ? customerFromCar(before) : {};
  const next = customerFromCar(after);
  const result: TCustomer = { ...customer };
  for (const key of ['name', 'address', 'zipCode', 'city'] as const) {
    const current = customer[key].trim();
    const filledBefore = previous[key];
    if (current !== '' && current !== filledBefore) continue;
    result[key] = next[key] ?? (current === filledBefore ? '' : customer[key]);
  }
  return result;
}

/** 'a', 'a og b', 'a, b og c'. */
export function danishList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} og ${items.at(-1)}`;
}

/**
 * Why a step's Continue is disabled, naming the fields: 'Udfyld Kundens adresse og Kundens e-mail.' for missing
 * values and 'Ret Kundens telefon: Minimum 8 tegn krævet.' for wrong ones. `labels` names the field paths;
 * null when nothing is wrong.
 */
export function missingFieldsHint(errors: FieldErrors, labels: Readonly<Record<string, string>>): string | null {
  const missing: string[] = [];
  const wrong: string[] = [];
  for (const [field, messages] of Object.entries(errors)) {
    const label = labels[field] ?? field;
    const message = messages[0] ?? '';
    if (message === MESSAGES.required) missing.push(label);
    else wrong.push(`${label}: ${message}`);
  }
  const parts = [missing.length ? `Udfyld ${danishList(missing)}.` : '', ...wrong.map((w) => `Ret ${w.replace(/\.?$/, '.')}`)].filter(
    Boolean,
  );
  return parts.length ? parts.join(' ') : null;
}
