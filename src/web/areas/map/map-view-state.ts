import { z } from 'zod';
import type { TDepartmentSummary } from '@/domain/departments/department.schemas';
import { addDays, defaultVans, MAP_LIMITS } from '@/domain/map/map';

/**
 * What the map remembers: the chosen vans in local storage (a planner's own vans from day to day), the days, tab and
 * radius for the browser tab's session (back from a worksheet, the map is as it was left). The custom view neither
 * reads nor writes them.
 */

const VANS_KEY = 'rudeplan.map.vans';
const VIEW_KEY = 'rudeplan.map.view';

const ZStoredVans = z.array(z.string().max(36)).max(MAP_LIMITS.maxDepartments);
const ZStoredView = z.object({
  dayOffsets: z
    .array(
      z
        .number()
        .int()
        .min(0)
        .max(MAP_LIMITS.maxDays - 1),
    )
    .max(MAP_LIMITS.maxDays),
  grouping: z.enum(['department', 'fitter']),
  radiusKm: z.number().int().min(MAP_LIMITS.minRadiusKm).max(MAP_LIMITS.maxRadiusKm),
});
export type TStoredView = z.infer<typeof ZStoredView>;

function read<T>(storage: () => Storage, key: string, schema: z.ZodType<T>): T | null {
  try {
    const raw = storage().getItem(key);
    if (!raw) return null;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function write(storage: () => Storage, key: string, value: unknown): void {
  try {
    storage().setItem(key, JSON.stringify(value));
  } catch {
    // Full or blocked storage: the map simply starts from its defaults next time.
  }
}

export const readStoredVans = () => read(() => localStorage, VANS_KEY, ZStoredVans);
export const storeVans = (vans: readonly string[]) => write(() => localStorage, VANS_KEY, vans);
export const readStoredView = () => read(() => sessionStorage, VIEW_KEY, ZStoredView);
export const storeView = (view: TStoredView) => write(() => sessionStorage, VIEW_KEY, view);

/** The days the map shows before any is chosen: the coloured days from today. */
export const DEFAULT_DAY_OFFSETS = Array.from({ length: MAP_LIMITS.colouredDays }, (_, i) => i);

/** The active mobile-service departments (the vans), by name. */
export function vansOf(departments: readonly TDepartmentSummary[]): TDepartmentSummary[] {
  return departments.filter((d) => d.mobileService && !d.inActive).sort((a, b) => a.name.localeCompare(b.name, 'da'));
}

/** The chosen days, as dates from today. */
export function daysOf(dayOffsets: readonly number[], today: string): string[] {
  return [...dayOffsets].sort((a, b) => a - b).map((offset) => addDays(today, offset));
}

/**
 * The vans and days the map's default view opens with (the custom view names its own van): what the screen asks for
 * first, so the router can ask for it while the screen's files load (prefetchOpeningJobs).
 */
export function openingView(departments: readonly TDepartmentSummary[], userDepartmentId: string | null | undefined, today: string) {
  return {
    vanIds: defaultVans(vansOf(departments), { stored: readStoredVans(), userDepartmentId }),
    days: daysOf(readStoredView()?.dayOffsets ?? DEFAULT_DAY_OFFSETS, today),
  };
}
