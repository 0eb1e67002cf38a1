/** The all-zero GUID: the spec's "none" (no department, no slot, or booked outside a slot). */
export const ZERO_GUID = '00000000-0000-0000-0000-000000000000';

const GUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isGuid(value: unknown): value is string {
  return typeof value === 'string' && GUID_RE.test(value);
}

/** True for a real id: a GUID that is not the all-zero one. */
export function isSetGuid(value: string | null | undefined): value is string {
  return isGuid(value) && value !== ZERO_GUID;
}

/** Maps the all-zero GUID and empty values to null, so storage never holds the sentinel. */
export function guidOrNull(value: string | null | undefined): string | null {
  return isSetGuid(value) ? value.toLowerCase() : null;
}

/** Maps null back to the sentinel for the wire. */
export function guidOrZero(value: string | null | undefined): string {
  return value ?? ZERO_GUID;
}
