/** Display helpers shared by screens and printed texts. */

/** A registration plate shown as 2+2+3 characters: "AB12345" → "AB 12 345". */
export function formatPlate(plate: string | null | undefined): string {
  const compact = (plate ?? '').replace(/\s+/g, '').toUpperCase();
  if (compact.length !== 7) return compact;
  return `${compact.slice(0, 2)} ${compact.slice(2, 4)} ${compact.slice(4)}`;
}

/** Normalises a typed plate for look-ups: no spaces or dashes, upper case. */
export function normalisePlate(plate: string): string {
  return plate.replace(/[\s-]+/g, '').toUpperCase();
}

/** A Danish phone number shown in pairs: "12345678" → "12 34 56 78". */
export function formatPhone(phone: string | null | undefined): string {
  const digits = (phone ?? '').replace(/\s+/g, '');
  if (!/^\d{8}$/.test(digits)) return phone ?? '';
  return digits.replace(/(\d{2})(?=\d)/g, '$1 ');
}

const intlFormats = new Map<number, Intl.NumberFormat>();

/**
 * A number with this many decimals, '.' between thousands and ',' before the decimals, as Intl's da-DK format writes
 * it, worked out here: the first Intl.NumberFormat of a page loads the Danish number data, 15–30 ms of one task on a
 * phone's first worksheet or map (issue 17: blocking time). Rounded half away from zero from the shortest decimal that
 * names the number (String(1.005) is '1.005': 1,01), as Intl rounds. Unit tests hold it to Intl; numbers of 10^15 or
 * more and non-numbers are left to Intl.
 */
export function formatDecimal(value: number, decimals: number): string {
  const magnitude = Math.abs(value);
  const match = magnitude < 1e15 ? /^(\d+)(?:\.(\d+))?$/.exec(String(magnitude)) : null;
  if (!match) {
    let format = intlFormats.get(decimals);
    if (!format)
      intlFormats.set(
        decimals,
        (format = new Intl.NumberFormat('da-DK', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })),
      );
    return format.format(value);
  }
  const fraction = match[2] ?? '';
  const units = Number(match[1]! + fraction.padEnd(decimals, '0').slice(0, decimals)) + (fraction.charAt(decimals) >= '5' ? 1 : 0);
  const text = String(units).padStart(decimals + 1, '0');
  const whole = text.slice(0, text.length - decimals).replace(/\B(?=(\d{3})+$)/g, '.');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return decimals > 0 ? `${sign}${whole},${text.slice(-decimals)}` : `${sign}${whole}`;
}

/**
 * A count or amount as `toLocaleString('da-DK')` writes it (at most 3 decimals unless told, none that are zero: 1, 1,5, 1.250)
 * without Intl's first-use cost (formatDecimal).
 */
export function formatCount(value: number, maxDecimals = 3): string {
  const text = formatDecimal(value, maxDecimals);
  return text.includes(',') ? text.replace(/,?0+$/, '') : text;
}
