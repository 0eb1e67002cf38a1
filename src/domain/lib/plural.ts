/**
 * Danish counts in the right number (issue 39: '1 ledige' reads '1 ledig'): one helper for every count the app
 * writes, on the server and in the browser. Danish has one singular (exactly 1, also -1) and one plural (0, 2, …,
 * fractions: '1,5 timer'); the caller gives both forms, as nouns and adjectives bend differently
 * (ledig/ledige, ordre/ordrer, dag/dage, fejl/fejl).
 */

/** The form of a word that goes with `count`: `one` for exactly 1 (or -1), `many` for anything else. */
export function pluralForm(count: number, one: string, many: string): string {
  return Math.abs(count) === 1 ? one : many;
}

/** Made on the first count written, not when the module loads (Intl's first format loads the Danish number data). */
let thousands: Intl.NumberFormat | undefined;

/**
 * The count and its word: countText(1, 'ledig', 'ledige') is '1 ledig', countText(3, 'ledig', 'ledige') '3 ledige'.
 * Large counts get the Danish thousands separator (1.250 rækker); `shown` replaces the number as written
 * (a formatted amount such as '1,5').
 */
export function countText(count: number, one: string, many: string, shown?: string): string {
  thousands ??= new Intl.NumberFormat('da-DK', { maximumFractionDigits: 2 });
  return `${shown ?? thousands.format(count)} ${pluralForm(count, one, many)}`;
}
