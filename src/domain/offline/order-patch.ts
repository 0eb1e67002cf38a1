/**
 * The fields a save changed, to redo it on a newer copy of the order (issue 38): a refused or held-back save is
 * redone on the order as the server has it now, with only the fitter's own changes on top, so nobody else's change
 * is overwritten. Two levels deep: a section's field ('additionalData.windowManufacturer'), or a whole list or value.
 */

export interface TFieldChange {
  path: readonly [string] | readonly [string, string];
  value: unknown;
}

type TRecord = Record<string, unknown>;

const isRecord = (value: unknown): value is TRecord => typeof value === 'object' && value !== null && !Array.isArray(value);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields of `mine` that differ from `base`. */
export function changedFields(base: TRecord, mine: TRecord): TFieldChange[] {
  const changes: TFieldChange[] = [];
  for (const key of Object.keys(mine)) {
    const before = base[key];
    const after = mine[key];
    if (same(before, after)) continue;
    if (isRecord(before) && isRecord(after)) {
      for (const field of Object.keys(after)) {
        if (!same(before[field], after[field])) changes.push({ path: [key, field], value: after[field] });
      }
    } else {
      changes.push({ path: [key], value: after });
    }
  }
  return changes;
}

/** `fresh` with the changes on top. */
export function withFieldChanges<T extends object>(fresh: T, changes: readonly TFieldChange[]): T {
  const result: TRecord = { ...(fresh as TRecord) };
  for (const { path, value } of changes) {
    if (path.length === 1) {
      result[path[0]] = value;
    } else {
      const section = result[path[0]];
      result[path[0]] = { ...(isRecord(section) ? section : {}), [path[1]]: value };
    }
  }
  return result as T;
}
