import { z } from 'zod';

/**
 * Loan cars (document 2 section 3 'Loan car', section 9 'Loan agreement'): a department's free electric
 * cars with their damage markers, placed in percent of the car drawing, and the agreement's terms.
 */
export const ZLoanCarDamage = z.object({
  id: z.string(),
  /** Percent of the drawing's width (0 left … 100 right). */
  x: z.number(),
  /** Percent of the drawing's height (0 top … 100 bottom). */
  y: z.number(),
  description: z.string(),
  /** When the marker was set (wire date-time, Copenhagen). */
  date: z.string(),
});
export type TLoanCarDamage = z.infer<typeof ZLoanCarDamage>;

export const ZLoanCar = z.object({
  id: z.string(),
  departmentId: z.string(),
  regNumber: z.string(),
  make: z.string(),
  model: z.string(),
  colour: z.string(),
  fuelType: z.string(),
  damages: z.array(ZLoanCarDamage),
});
export type TLoanCar = z.infer<typeof ZLoanCar>;

export const LOAN_CAR_MESSAGES = {
  carMissing: 'Lånebilen findes ikke',
  carTaken: 'Der findes allerede en lånebil med det registreringsnummer',
  regNumber: 'Registreringsnummeret skal være 2-7 bogstaver og tal',
  damageMissing: 'Skaden findes ikke',
  position: 'Skaden skal placeres på tegningen',
  notTheOrdersCar: 'Du kan kun markere skader på lånebilen til den ordre, du arbejder på',
  notYourCentresCar: 'Du kan kun markere skader på lånebiler i din egen afdeling og afdelinger med samme ansvarscenter',
} as const;

const percent = () =>
  z.number({ error: LOAN_CAR_MESSAGES.position }).finite().min(0, LOAN_CAR_MESSAGES.position).max(100, LOAN_CAR_MESSAGES.position);

/** A new marker (`POST /api/DepartmentLoanCar/damage/add/{carId}/`): the spec's marker without id. */
export const ZLoanCarDamageInput = z.object({
  x: percent(),
  y: percent(),
  description: z.string().max(200).default(''),
});
export type TLoanCarDamageInput = z.infer<typeof ZLoanCarDamageInput>;

/** The loan agreement's terms (document 2 section 9), in Danish number format as printed. */
export const LOAN_TERMS = {
  dailyPrice: '0,00',
  includedKm: 250,
  excessPerDamage: '5.000,00',
  excessWaiverPerDay: '100,00',
  returnBy: '16:00',
  electricRangeKm: 250,
} as const;

/** Markers set more than this long before pickup were on the car before handover. */
export const BEFORE_HANDOVER_MINUTES = 15;

/**
 * Splits a car's markers at pickup: those older than 15 minutes before pickup were there before
 * handover; the rest were marked at the handover walk-round itself.
 */
export function splitDamagesAtPickup<T extends { date: Date }>(
  damages: readonly T[],
  pickupAt: Date,
): { beforeHandover: T[]; atHandover: T[] } {
  const cutoff = pickupAt.getTime() - BEFORE_HANDOVER_MINUTES * 60_000;
  const beforeHandover: T[] = [];
  const atHandover: T[] = [];
  for (const damage of damages) (damage.date.getTime() < cutoff ? beforeHandover : atHandover).push(damage);
  return { beforeHandover, atHandover };
}

/**
 * The car drawing the markers are placed on: a car seen from above, nose up, in a 100 x 200 box
 * (x and y of a marker are percent of this box). The web and the signed agreement draw the same outline.
 */
export const LOAN_CAR_DRAWING = {
  width: 100,
  height: 200,
  /** Body, windscreen, rear window, roof and the four wheels as SVG paths in the box's units. */
  paths: {
    body: 'M30 8 Q50 0 70 8 Q84 14 86 40 L88 160 Q86 188 70 194 Q50 200 30 194 Q14 188 12 160 L14 40 Q16 14 30 8 Z',
    windscreen: 'M24 58 Q50 48 76 58 L72 76 Q50 70 28 76 Z',
    roof: 'M28 80 Q50 74 72 80 L72 140 Q50 144 28 140 Z',
    rearWindow: 'M28 146 Q50 150 72 146 L76 164 Q50 172 24 164 Z',
    wheels: 'M6 36 h8 v24 h-8 Z M86 36 h8 v24 h-8 Z M6 136 h8 v24 h-8 Z M86 136 h8 v24 h-8 Z',
  },
} as const;

/** A plate as the registry writes it: 2-7 letters and digits, upper case, no spaces. */
export const ZRegNumber = z
  .string()
  .transform((v) => v.replace(/\s/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-ZÆØÅ0-9]{2,7}$/, { error: LOAN_CAR_MESSAGES.regNumber }));

/** A new loan car (`POST /api/DepartmentLoanCar/{departmentId}/{regNumber}`): the plate is in the path. */
export const ZLoanCarInput = z.object({
  make: z.string().trim().max(100).default(''),
  model: z.string().trim().max(100).default(''),
  colour: z.string().trim().max(50).default(''),
  fuelType: z.string().trim().max(50).default(''),
});
export type TLoanCarInput = z.infer<typeof ZLoanCarInput>;
