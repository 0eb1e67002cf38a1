/**
 * Mantine's modals are loaded with the first dialog, not with the first page (issue 11). `modals.open…` from
 * '@mantine/modals' only sends a window event ('mantine-modals:openConfirmModal' …) that the modals provider
 * listens to; until that provider is drawn, this relay holds those events, asks for the provider, and sends them
 * again, in order, once it listens. Screens keep calling `modals.*` as before (the provider has no children, so
 * use `modals.*`, not `useModals()`).
 */
import { useSyncExternalStore } from 'react';

const PREFIX = 'mantine-modals:';
/** Every event @mantine/modals sends (its events.ts and the provider's useModalsEvents). */
export const MODAL_EVENTS = [
  'openModal',
  'openConfirmModal',
  'openContextModal',
  'closeModal',
  'closeContextModal',
  'closeAllModals',
  'updateModal',
  'updateContextModal',
] as const;

const held: Array<{ type: string; detail: unknown }> = [];
const listeners = new Set<() => void>();
let wanted = false;
let listening = false;

function want() {
  if (wanted) return;
  wanted = true;
  listeners.forEach((listener) => listener());
}

function hold(event: Event) {
  if (listening) return;
  held.push({ type: event.type, detail: (event as CustomEvent<unknown>).detail });
  want();
}

/** Starts holding modal events (once, when the app starts). */
export function startModalRelay(): void {
  if (typeof window === 'undefined' || startModalRelay.started) return;
  startModalRelay.started = true;
  for (const name of MODAL_EVENTS) window.addEventListener(`${PREFIX}${name}`, hold);
}
startModalRelay.started = false;

/** The provider listens now: stop holding and send what was held, in order. */
export function releaseModalEvents(): void {
  listening = true;
  for (const name of MODAL_EVENTS) window.removeEventListener(`${PREFIX}${name}`, hold);
  for (const event of held.splice(0)) window.dispatchEvent(new CustomEvent(event.type, { detail: event.detail }));
}

/** Asks for the provider before any dialog (e.g. when the user starts to act), so the first one opens at once. */
export function wantModals(): void {
  want();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** True once a dialog has been asked for: the app's providers then draw the modals provider (it stays). */
export function useModalsWanted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
}
