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
