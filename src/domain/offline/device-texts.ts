import type { TDeviceChangeKind } from './device-changes';

/** The offline texts the fitter reads (issue 38), with the Danish plural. */

export function waitingChangesText(count: number): string {
  return `${count} ${count === 1 ? 'ændring' : 'ændringer'} venter`;
}

export interface TSyncState {
  online: boolean;
  /** Changes not sent yet (refused ones included: they wait for the fitter). */
  waiting: number;
  /** A change is on its way to the server. */
  sending: boolean;
}

/** The app's banner: 'Offline', 'Offline – 3 ændringer venter', 'Sender ændringer…'; null when there is nothing to say. */
export function syncBannerText({ online, waiting, sending }: TSyncState): string | null {
  if (!online) return waiting > 0 ? `Offline – ${waitingChangesText(waiting)}` : 'Offline';
  if (sending) return 'Sender ændringer…';
  return waiting > 0 ? waitingChangesText(waiting) : null;
}

export interface TChangeDescription {
  kind: TDeviceChangeKind;
  /** A photo: its type's label ('Før'); a save: the status asked for. */
  detail?: string;
  /** A save asking for a status: FINISHED, ON_HOLD, PROCESSING. */
  status?: string | null;
}

/** What the change is, as the job's list of waiting changes names it. */
export function changeTitle({ kind, detail, status }: TChangeDescription): string {
  if (kind === 'PHOTO') return `Billede: ${detail ?? ''}`.trim();
  if (kind === 'DISCLAIMER') return 'Underskrevet ansvarsfraskrivelse';
  if (kind === 'LOAN_CAR') return 'Underskrevet låneaftale';
  if (status === 'FINISHED') return 'Afslutning';
  if (status === 'ON_HOLD') return 'Sat på hold';
  return 'Gemt ordre';
}

/** 'Afslutning venter på forbindelse', 'Billede: Før venter på forbindelse'. */
export function waitingChangeText(change: TChangeDescription): string {
  return `${changeTitle(change)} venter på forbindelse`;
}

export const DEVICE_TEXTS = {
  /** A save kept on the phone (instead of 'Order saved', which says the server has it). */
  savedOnDevice: 'Gemt på telefonen – sendes, når der er forbindelse',
  refusedTitle: (title: string) => `${title} blev afvist`,
  blocked: 'Venter, til den afviste ændring er prøvet igen eller kasseret',
  redo: 'Prøv igen',
  drop: 'Kassér ændringen',
  dropConfirm: 'Ændringen slettes fra telefonen og sendes ikke. Vil du kassere den?',
  signOutWithChanges: (count: number) =>
    `${waitingChangesText(count)} på at blive sendt. Logger du ud, slettes de fra telefonen og sendes ikke.`,
} as const;
