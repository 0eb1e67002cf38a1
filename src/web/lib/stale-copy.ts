/**
 * A save refused because another saved the object since it was opened (issue 37; domain/lib/versions.ts): the
 * screens that save a whole object (a department, a user, a car rule, a rule set, a debtor rule) hold the version
 * they read, and on that 409 show what the other changed (StaleCopyNotice) and offer to reload. The diff and the
 * hook are here once; each screen gives its field labels, how it reads the saved copy, and what reloading does.
 */
import { useCallback, useState } from 'react';
import { isStaleCopyAnswer, VERSION_FIELD } from '@/domain/lib/versions';
import { isApiError } from './api-client';
import { countText } from '@/domain/lib/plural';
import { formatCount } from '@/domain/lib/format';

/** One field another changed: its label, the value in the open form, and the value now saved. */
export interface TStaleChange {
  field: string;
  label: string;
  mine: string;
  saved: string;
}

/** Writes a field's value for the diff; `undefined` leaves it to the plain rule (formatStaleValue). */
export type TStaleFormat = (field: string, value: unknown) => string | undefined;

export interface TStaleCopy<T> {
  /** The server's Danish refusal. */
  message: string;
  /** The copy now saved, as the form holds it; null when it could not be read. */
  saved: T | null;
  changes: TStaleChange[];
}

/** A value as the diff shows it: Ja/Nej, lists joined, '(tom)' for nothing. */
export function formatStaleValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(tom)';
  if (typeof value === 'boolean') return value ? 'Ja' : 'Nej';
  if (typeof value === 'number') return formatCount(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '(ingen)';
    return value.every((v) => typeof v !== 'object' || v === null)
      ? value.map(formatStaleValue).join(', ')
      : countText(value.length, 'række', 'rækker');
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The labelled fields another changed: where the saved copy differs from the one the form was opened with (`base`),
 * each with the form's value (`mine`) and the saved one. The version itself is no field a user reads.
 */
export function staleChanges<T extends object>(
  base: T,
  mine: T,
  saved: T,
  labels: Record<string, string>,
  format?: TStaleFormat,
): TStaleChange[] {
  const b = base as Record<string, unknown>;
  const m = mine as Record<string, unknown>;
  const s = saved as Record<string, unknown>;
  const show = (field: string, value: unknown) => format?.(field, value) ?? formatStaleValue(value);
  return Object.entries(labels)
    .filter(([field]) => field !== VERSION_FIELD && !same(b[field], s[field]))
    .map(([field, label]) => ({ field, label, mine: show(field, m[field]), saved: show(field, s[field]) }));
}

/** Whether an error is a stale copy's refusal (409 naming `updateId`). */
export function isStaleCopyError(error: unknown): boolean {
  return isApiError(error) && isStaleCopyAnswer(error);
}

export interface StaleCopyOptions {
  /** The form's Danish field labels: the fields the diff compares. */
  labels: Record<string, string>;
  format?: TStaleFormat;
}

/**
 * The conflict state of one form. `check` answers whether a save's error was a stale copy; when it was, it reads
 * the saved copy (`loadSaved`) and keeps the diff for StaleCopyNotice.
 */
export function useStaleCopy<T extends object>({ labels, format }: StaleCopyOptions) {
  const [conflict, setConflict] = useState<TStaleCopy<T> | null>(null);
  const check = useCallback(
    async (error: unknown, copy: { base: T; mine: T }, loadSaved: () => Promise<T | null>): Promise<boolean> => {
      if (!isStaleCopyError(error)) return false;
      const message = (error as Error).message;
      let saved: T | null = null;
      try {
        saved = await loadSaved();
      } catch {
        // The notice still offers to reload; it only cannot show what changed.
      }
      setConflict({ message, saved, changes: saved ? staleChanges(copy.base, copy.mine, saved, labels, format) : [] });
      return true;
    },
    [labels, format],
  );
  const clear = useCallback(() => setConflict(null), []);
  return { conflict, check, clear };
}

/** The Mantine form steps of 'Genindlæs': the saved copy becomes the form's values and its new clean state. */
export function loadSavedCopy<T>(
  form: { setInitialValues: (values: T) => void; setValues: (values: T) => void; resetDirty: (values: T) => void },
  saved: T | null,
): void {
  if (!saved) return;
  form.setInitialValues(saved);
  form.setValues(saved);
  form.resetDirty(saved);
}
