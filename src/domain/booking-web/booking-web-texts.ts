import type { TOrderType, TWhoPays } from '../orders';

/**
 * The booking page's jobs, payers and texts (issue 41), without zod: the page's small bundle imports these, the
 * schemas beside them (booking-web.ts) are the server's.
 */

/** What the customer can say is wrong, and the job each is booked as. */
export const WEB_JOBS = [
  { type: 'REPLACE_FRONT', label: 'Ny forrude' },
  { type: 'REPAIR', label: 'Stenslag i ruden' },
  { type: 'REPLACE_SIDE', label: 'Ny siderude' },
  { type: 'REPLACE_REAR', label: 'Ny bagrude' },
  { type: 'REPLACE_ROOF', label: 'Ny tagrude' },
] as const satisfies ReadonlyArray<{ type: TOrderType; label: string }>;
export type TWebJob = (typeof WEB_JOBS)[number]['type'];

/** How the customer pays: the insurer (named), a leasing company, or themselves. */
export const WEB_PAYERS = [
  { payer: 'INSURANCE', label: 'Mit forsikringsselskab' },
  { payer: 'LEASING', label: 'Mit leasingselskab' },
  { payer: 'CASH', label: 'Jeg betaler selv' },
] as const satisfies ReadonlyArray<{ payer: TWhoPays; label: string }>;
export type TWebPayer = (typeof WEB_PAYERS)[number]['payer'];

/** The insurer choice of a customer who does not know theirs or does not find it in the list (customer service asks). */
export const WEB_INSURER_UNKNOWN = 'Ved ikke / andet';

/** The product group a replacement's pane is found in (the catalogue's group names). */
export const GLASS_GROUP_OF: Partial<Record<TWebJob, string>> = {
  REPLACE_FRONT: 'Forrude',
  REPLACE_SIDE: 'Siderude',
  REPLACE_REAR: 'Bagrude',
  REPLACE_ROOF: 'Tagrude',
};
/** A stone-chip repair's line (the catalogue's repair product). */
export const REPAIR_ITEM_NO = 'REP1';

export const WEB_BOOKING_MESSAGES = {
  plate: 'Skriv nummerpladen, f.eks. AB12345',
  unknownPlate: 'Vi kan ikke finde nummerpladen. Tjek den, eller ring til os på 70 10 20 30, så hjælper vi.',
  zipCode: 'Skriv et postnummer med 4 cifre',
  unknownZip: 'Vi kender ikke postnummeret',
  name: 'Skriv dit navn',
  phone: 'Skriv et telefonnummer med 8 cifre',
  email: 'Skriv en gyldig e-mail',
  address: 'Skriv din adresse',
  insurer: 'Vælg dit forsikringsselskab på listen',
  emailForInsurance: 'Skriv din e-mail: den skal bruges, når forsikringen betaler',
  consent: 'Vælg, om vi må sende bekræftelsen på SMS eller e-mail',
  privacy: 'Du skal acceptere, at vi gemmer dine oplysninger til bookingen',
  noGlass: 'Vi kan ikke finde ruden til din bil online. Ring til os på 70 10 20 30, så finder vi den.',
  noPlace: 'Den valgte tid kan ikke bookes online. Vælg en af de tilbudte tider.',
  taken: 'Tiden blev desværre taget af en anden lige før dig. Vælg en af de næste ledige tider.',
  refused: 'Bookingen kunne ikke gennemføres. Prøv igen, eller ring til os.',
  linkInvalid: 'Linket er ugyldigt eller udløbet. Ring til os, hvis du vil ændre din booking.',
  cancelled: 'Bookingen er annulleret',
  notChangeable: 'Bookingen kan ikke længere ændres online. Ring til os, hvis du vil ændre den.',
} as const;
