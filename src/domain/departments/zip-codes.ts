import { z } from 'zod';

/**
 * Postnummer styring (document 3): which mobile-service department (van) serves a zip code on which weekdays. The
 * booking closes the other days at the customer's zip code; the order shows the days a van drives there.
 */

/** GET /api/zipcode/{zip}: the mobile-service departments serving a zip code, per weekday. */
export const ZZipCodeAvailability = z.object({
  /** The row's id (a zip code and the van that serves it). */
  id: z.string(),
  zipCode: z.string(),
  city: z.string(),
  departmentId: z.string(),
  departmentName: z.string(),
  navResponsibilityCenter: z.string(),
  monday: z.boolean(),
  tuesday: z.boolean(),
  wednesday: z.boolean(),
  thursday: z.boolean(),
  friday: z.boolean(),
  saturday: z.boolean(),
  sunday: z.boolean(),
  isActive: z.boolean(),
});
export type TZipCodeAvailability = z.infer<typeof ZZipCodeAvailability>;

export const ZIP_MESSAGES = {
  notMobile: 'Kun en mobilservice-afdeling kan betjene et postnummer',
  unknownZip: 'Postnummeret findes ikke',
  rowNotFound: 'Postnummeret findes ikke for den valgte afdeling',
  taken: 'Afdelingen betjener allerede postnummeret',
} as const;

/** POST /api/zipcode/: one row of Postnummer styring: which van serves the zip code on which weekdays. */
export const ZZipCodeAvailabilityUpdate = z.object({
  /** The row changed; without it a new row is made for the zip code and department. */
  id: z.uuid().optional(),
  zipCode: z
    .string()
    .trim()
    .regex(/^\d{4}$/, { error: 'Feltet skal være et tal' }),
  departmentId: z.uuid(),
  monday: z.boolean().default(false),
  tuesday: z.boolean().default(false),
  wednesday: z.boolean().default(false),
  thursday: z.boolean().default(false),
  friday: z.boolean().default(false),
  saturday: z.boolean().default(false),
  sunday: z.boolean().default(false),
  isActive: z.boolean().default(true),
});
export type TZipCodeAvailabilityUpdate = z.infer<typeof ZZipCodeAvailabilityUpdate>;

/** The weekday flags of a row in weekday order (0 Sunday … 6 Saturday). */
export function servedWeekdays(
  row: Pick<TZipCodeAvailability, 'sunday' | 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday'>,
): boolean[] {
  return [row.sunday, row.monday, row.tuesday, row.wednesday, row.thursday, row.friday, row.saturday];
}
