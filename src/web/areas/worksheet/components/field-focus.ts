/**
 * The worksheet's fields by the path the server's field errors and the finish list name them
 * ('additionalData.worker', 'images.BEFORE'): an element id for each, and a jump that scrolls a field
 * into view and puts the cursor in it.
 */

/** The element id of a field path: 'additionalData.worker' → 'ws-additionalData-worker'. */
export function fieldDomId(field: string): string {
  return `ws-${field.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

const FOCUSABLE =
  'input:not([type="hidden"]):not([disabled]), textarea:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Scrolls the field into the middle of the window and focuses it (or the first control inside it, for a
 * group such as the complaint issues). Returns whether the field was found.
 */
export function focusField(field: string): boolean {
  const element = document.getElementById(fieldDomId(field));
  if (!element) return false;
  const target = element.matches(FOCUSABLE) ? element : element.querySelector<HTMLElement>(FOCUSABLE);
  element.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  (target ?? element).focus({ preventScroll: true });
  return true;
}
