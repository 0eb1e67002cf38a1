/**
 * Names in Danish alphabetical order, the one order of departments everywhere (booking, calendar, lists, planning;
 * issue 39): Intl.Collator('da') puts æ, ø and å after z, and reads 'aa' as 'å' (Aarhus and Aabenraa last, as a
 * Danish dictionary sorts them). Case and accents only break ties.
 */
const DANISH = new Intl.Collator('da');

/** Two strings in Danish order. */
export function compareDanish(a: string, b: string): number {
  return DANISH.compare(a, b);
}

/** Two named things (departments, users) by name in Danish order. */
export function compareByName(a: { name: string }, b: { name: string }): number {
  return DANISH.compare(a.name, b.name);
}

/** A copy of a list sorted by name in Danish order. */
export function sortByName<T extends { name: string }>(list: readonly T[]): T[] {
  return [...list].sort(compareByName);
}
