import { canTakeMorePlaces, countsAsClosed, dayStateOf } from '../booking';
import { distanceKm, type LatLng } from '../map';
import { deliveryTimeOf, type TPlannedDay } from '../planning';
import { CAPACITY_OPTION_LABELS, type TCapacityOption, type TCapacityOptionType, type TForecast } from './capacity.schemas';

/**
 * Kapacitetsoptimering's engine: pure, from what the planning area knows of each active department.
 *
 * The algorithm, in the order it runs:
 * 1. Every delivery time of -1 (no free place within the planning horizon) counts as NO_FREE_PLACE_DAYS working days.
 * 2. A department *needs* help with a kind when its delivery time of that kind is at least 'Min leverings tid'
 *    (and at least 1): nothing is ever suggested for a department below the minimum.
 * 3. A department can *give* when its delivery time is at least MIN_GAP_DAYS shorter than the receiver's and it has
 *    free (unbooked) places in the look-ahead days. What a suggestion moves is capped by those free places, so it
 *    never moves capacity that is already booked.
 * 4. MOVE_WORKER: workshop → workshop in the same region within MAX_DISTANCE_KM; the giver keeps at least one
 *    fitter (maxNumberOfWorkers ≥ 2). The fitter takes his share of the giver's free window places.
 *    START_IN_SHOP: a mobile-service van with free places and short delivery time starts its jobs at a workshop of
 *    the same region within MAX_DISTANCE_KM whose window-replace delivery time is long.
 *    WINDOW_TO_STONE_CHIP: inside one department whose stone-chip delivery time is long and whose window-replace
 *    time is short, half of the free window places (rounded up) become stone-chip places, each worth the
 *    department's stoneChipAlternativeWinReplace (a value of 0 means the department cannot convert).
 * 5. Score: 10 points per working day of difference, minus 1 point per 5 km (MOVE_WORKER and START_IN_SHOP),
 *    at least 1; the list is sorted by score, best first.
 */

/** A department as the engine sees it. Delivery times are working days, -1 for none within the horizon. */
export interface TCapacityDepartment {
  id: string;
  name: string;
  locationCode: string;
  region: string;
  mobileService: boolean;
  /** The department's coordinates (its own, else its zip code's centre); null when unknown (no distance, no move). */
  position: LatLng | null;
  maxNumberOfWorkers: number;
  replaceDeliveryTime: number;
  repairDeliveryTime: number;
  /** Free (unbooked) places of each kind in the look-ahead days. */
  freeReplaceSlots: number;
  freeRepairSlots: number;
  /** Stone-chip places one window-replace place becomes (the largest stoneChipAlternativeWinReplace of its slots). */
  stoneChipPerWindowSlot: number;
}

/** Working days a -1 (no free place within the 8-week horizon) stands for: 8 weeks of 5 working days. */
export const NO_FREE_PLACE_DAYS = 40;
/** The farthest a fitter or a van is sent (by air, between the two departments). */
export const MAX_DISTANCE_KM = 60;
/** The least difference in delivery time worth a suggestion. */
export const MIN_GAP_DAYS = 2;

const effective = (days: number) => (days < 0 ? NO_FREE_PLACE_DAYS : days);

/** '1 dag', '3 dage'; -1 reads 'ingen ledig tid inden for 8 uger'. */
export function formatDays(days: number): string {
  if (days < 0) return 'ingen ledig tid inden for 8 uger';
  return days === 1 ? '1 dag' : `${days} dage`;
}

/** '9 dages leveringstid' (Danish genitive), or 'ingen ledig tid inden for 8 uger'. */
function deliveryPhrase(days: number): string {
  if (days < 0) return 'ingen ledig tid inden for 8 uger';
  return `${days} ${days === 1 ? 'dags' : 'dages'} leveringstid`;
}

/**
 * A department's trend value: the percentage by which its delivery time lies above (+) or below (-) the average
 * of its region's departments (-1 counted as NO_FREE_PLACE_DAYS). The delivery time of an earlier day is not
 * stored, so the region is the baseline (docs/decisions.md).
 */
export function trendValueOf(days: number, regionDays: readonly number[]): number {
  if (regionDays.length === 0) return 0;
  const average = regionDays.reduce((sum, d) => sum + effective(d), 0) / regionDays.length;
  const own = effective(days);
  if (average === 0) return own === 0 ? 0 : 100;
  return Math.round(((own - average) / average) * 100);
}

export type TTrendLevel = 'STRONG_DOWN' | 'MILD_DOWN' | 'FLAT' | 'MILD_UP' | 'STRONG_UP';

/** Document 3 section 9: -30 or less strong down; -10 up to below 10 flat; 10 to 30 mild up; above 30 strong up (between -30 and -10: mild down). */
export function trendLevelOf(value: number): TTrendLevel {
  if (value <= -30) return 'STRONG_DOWN';
  if (value < -10) return 'MILD_DOWN';
  if (value < 10) return 'FLAT';
  if (value <= 30) return 'MILD_UP';
  return 'STRONG_UP';
}

export interface TFindCapacityOptionsInput {
  departments: readonly TCapacityDepartment[];
  minDeliveryTime: number;
}

function scoreOf(gapDays: number, km: number | null): number {
  return Math.max(1, Math.round(gapDays * 10 - (km ?? 0) / 5));
}

/** Every suggestion for the departments, best first (see the algorithm above). */
export function findCapacityOptions({ departments, minDeliveryTime }: TFindCapacityOptionsInput): TCapacityOption[] {
  const byRegion = new Map<string, TCapacityDepartment[]>();
  for (const d of departments) byRegion.set(d.region, [...(byRegion.get(d.region) ?? []), d]);
  const trendReplace = new Map(
    departments.map((d) => [
      d.id,
      trendValueOf(
        d.replaceDeliveryTime,
        byRegion.get(d.region)!.map((r) => r.replaceDeliveryTime),
      ),
    ]),
  );
  const trendRepair = new Map(
    departments.map((d) => [
      d.id,
      trendValueOf(
        d.repairDeliveryTime,
        byRegion.get(d.region)!.map((r) => r.repairDeliveryTime),
      ),
    ]),
  );
  const needs = (days: number) => effective(days) >= Math.max(minDeliveryTime, 1);

  const option = (
    type: TCapacityOptionType,
    from: TCapacityDepartment,
    to: TCapacityDepartment,
    extra: { score: number; reason: string; movedSlots: number; distanceKm: number | null },
  ): TCapacityOption => ({
    id: `${type}:${from.id}:${to.id}`,
    type,
    name: CAPACITY_OPTION_LABELS[type],
    fromDepartmentId: from.id,
    toDepartmentId: to.id,
    fromDepartment: from.name,
    toDepartment: to.name,
    fromLocationCode: from.locationCode,
    toLocationCode: to.locationCode,
    fromReplaceDeliveryTime: from.replaceDeliveryTime,
    fromRepairDeliveryTime: from.repairDeliveryTime,
    toReplaceDeliveryTime: to.replaceDeliveryTime,
    toRepairDeliveryTime: to.repairDeliveryTime,
    isMobileDepartment: from.mobileService,
    fromAvailableRepairSlots: from.freeRepairSlots,
    fromAvailableReplaceSlots: from.freeReplaceSlots,
    trendReplaceValue: trendReplace.get(to.id)!,
    trendRepairValue: trendRepair.get(to.id)!,
    ...extra,
  });

  const options: TCapacityOption[] = [];
  for (const to of departments) {
    // Window-replace capacity from a neighbour: a fitter (workshop) or a van's day (mobile service).
    if (!to.mobileService && needs(to.replaceDeliveryTime) && to.position) {
      for (const from of byRegion.get(to.region)!) {
        if (from.id === to.id || !from.position || from.freeReplaceSlots <= 0) continue;
        const gap = effective(to.replaceDeliveryTime) - effective(from.replaceDeliveryTime);
        if (gap < MIN_GAP_DAYS) continue;
        const km = Math.round(distanceKm(from.position, to.position));
        if (km > MAX_DISTANCE_KM) continue;
        if (from.mobileService) {
          const movedSlots = Math.min(from.freeReplaceSlots, Math.ceil(from.freeReplaceSlots / Math.max(1, from.maxNumberOfWorkers)));
          options.push(
            option('START_IN_SHOP', from, to, {
              score: scoreOf(gap, km),
              reason: `${to.name} har ${deliveryPhrase(to.replaceDeliveryTime)}, mobilservice ${from.name} ${formatDays(from.replaceDeliveryTime)} med ${from.freeReplaceSlots} ledige tider, ${km} km væk.`,
              movedSlots,
              distanceKm: km,
            }),
          );
        } else if (from.maxNumberOfWorkers >= 2) {
          const movedSlots = Math.min(from.freeReplaceSlots, Math.ceil(from.freeReplaceSlots / from.maxNumberOfWorkers));
          options.push(
            option('MOVE_WORKER', from, to, {
              score: scoreOf(gap, km),
              reason: `${to.name} har ${deliveryPhrase(to.replaceDeliveryTime)}, ${from.name} ${formatDays(from.replaceDeliveryTime)}, ${km} km væk.`,
              movedSlots,
              distanceKm: km,
            }),
          );
        }
      }
    }
    // Stone-chip capacity from the department's own free window places.
    if (needs(to.repairDeliveryTime) && to.stoneChipPerWindowSlot > 0 && to.freeReplaceSlots > 0) {
      const gap = effective(to.repairDeliveryTime) - effective(to.replaceDeliveryTime);
      if (gap >= MIN_GAP_DAYS) {
        const movedSlots = Math.ceil(to.freeReplaceSlots / 2);
        const gained = Math.floor(movedSlots * to.stoneChipPerWindowSlot);
        options.push(
          option('WINDOW_TO_STONE_CHIP', to, to, {
            score: scoreOf(gap, null),
            reason: `${to.name} har ${deliveryPhrase(to.repairDeliveryTime)} på stenslag og ${formatDays(to.replaceDeliveryTime)} på rudeskift: ${movedSlots} ledige rudeskift-tider giver ${gained} stenslagstider.`,
            movedSlots,
            distanceKm: null,
          }),
        );
      }
    }
  }
  return options.sort(
    (a, b) =>
      b.score - a.score || a.toDepartment.localeCompare(b.toDepartment, 'da') || a.fromDepartment.localeCompare(b.fromDepartment, 'da'),
  );
}

/** Free places of each kind over the given days (closed days count none). */
export function freePlacesOf(days: readonly TPlannedDay[]): { replace: number; repair: number } {
  return days.reduce(
    (sum, d) => (d.closed ? sum : { replace: sum.replace + d.windowReplaceAvailable, repair: sum.repair + d.stoneChipAvailable }),
    { replace: 0, repair: 0 },
  );
}

/**
 * DeliveryForcast: the department's days with `replace` window-replace and `repair` stone-chip places added on every
 * open day whose time is not over (a negative change takes free places away, never below 0: booked places stay
 * booked), and the delivery times that follow. A closed day and a day whose time is over (today after its last
 * bookable slot, or after its opening hours) get nothing: a place there could not be booked (free-places.ts). Without a change the
 * delivery times are Leveringstid's. `lookupDate` is today; `stoneToReplaceDate` the first day with a free
 * window-replace place.
 */
export function forecastOf(
  days: readonly TPlannedDay[],
  change: { replace: number; repair: number },
  today: string,
  holidays: ReadonlySet<string>,
): TForecast {
  const changed: TPlannedDay[] = [...days]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((d) => {
      if (d.closed) return { ...d, windowReplaceAvailable: 0, stoneChipAvailable: 0 };
      if (!canTakeMorePlaces(dayStateOf(d.windowReplaceState, d.stoneChipState))) return d;
      return {
        ...d,
        windowReplaceAvailable: Math.max(0, d.windowReplaceAvailable + change.replace),
        stoneChipAvailable: Math.max(0, d.stoneChipAvailable + change.repair),
      };
    });
  const delivery = deliveryTimeOf(changed, today, holidays);
  return {
    deliveries: changed.map((d) => ({
      id: d.date,
      type: d.closed || countsAsClosed(dayStateOf(d.windowReplaceState, d.stoneChipState)) ? 'CLOSED' : 'OPEN',
      date: `${d.date}T00:00:00`,
      replace: d.windowReplaceAvailable,
      repair: d.stoneChipAvailable,
    })),
    lookupDate: `${today}T00:00:00`,
    stoneToReplaceDate: delivery.replaceDate,
    replaceDeliveryTime: delivery.replace,
    repairDeliveryTime: delivery.repair,
  };
}

/** Working days a suggestion's moved places are spread over in its forecast. */
const FORECAST_SPREAD_DAYS = 5;

/**
 * The DeliveryForcast change that shows a suggestion's effect on its receiving department: the moved places spread
 * over a working week (at least 1 a day). A conversion takes window places and gives at least as many stone-chip
 * places (the conversion value is not part of the option, so the forecast is the cautious one).
 */
export function forecastChangeOf(option: Pick<TCapacityOption, 'type' | 'movedSlots'>): { replace: number; repair: number } {
  const perDay = Math.min(20, Math.max(1, Math.ceil(option.movedSlots / FORECAST_SPREAD_DAYS)));
  return option.type === 'WINDOW_TO_STONE_CHIP' ? { replace: -perDay, repair: perDay } : { replace: perDay, repair: 0 };
}
