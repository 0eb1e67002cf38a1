/**
 * The changes the server announces on its event stream GET /api/live (issue 14, 'Beyond the spec: live'): a booking
 * made, moved or cancelled on a department's day, or a change to a department's plan (its hours or slots: `date` is
 * null, the whole department). An empty list means that anything may have changed.
 */
export interface LiveChange {
  departmentId: string;
  /** 'YYYY-MM-DD' (or a wire date-time) of the day changed; null: the department as a whole. */
  date: string | null;
}

const isChange = (value: unknown): value is LiveChange => {
  const c = value as LiveChange | null;
  return typeof c === 'object' && c !== null && typeof c.departmentId === 'string' && (typeof c.date === 'string' || c.date === null);
};

/** Reads the data of an `event: change` message. Anything unreadable, even one entry, counts as 'anything changed'. */
export function readLiveChanges(data: string): LiveChange[] {
  try {
    const parsed = JSON.parse(data) as unknown;
    return Array.isArray(parsed) && parsed.every(isChange) ? parsed : [];
  } catch {
    return [];
  }
}

/** Whether a change concerns a department's day in `from`..`to` ('YYYY-MM-DD', inclusive). */
export function changeConcernsDays(change: LiveChange, from: string, to: string): boolean {
  if (change.date === null) return true;
  const day = change.date.slice(0, 10);
  return day >= from && day <= to;
}

/**
 * Whether changes concern a list of orders filtered by department (none: every department) and by days `from`..`to`
 * ('YYYY-MM-DD' or wire date-times; none: any day): Webordrer reloads its page for them. [] concerns every list.
 */
export function changesConcernList(
  changes: readonly LiveChange[],
  list: { department?: string | null; from?: string | null; to?: string | null },
): boolean {
  if (changes.length === 0) return true;
  const from = list.from?.slice(0, 10) || '0000-01-01';
  const to = list.to?.slice(0, 10) || '9999-12-31';
  return changes.some((change) => (!list.department || change.departmentId === list.department) && changeConcernsDays(change, from, to));
}
