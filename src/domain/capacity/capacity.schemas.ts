import { z } from 'zod';
import { MESSAGES } from '../lib/validation';

/**
 * Kapacitetsoptimering (document 3): the calls under /api/CapacityOptimization and their answers.
 */

/** 'Min leverings tid': default 3, 0 to 10 (document 3, sections 5 and 9). */
export const MIN_DELIVERY_TIME = { default: 3, min: 0, max: 10 } as const;

export const CAPACITY_MESSAGES = {
  minDeliveryTime: `Min leverings tid skal være mellem ${MIN_DELIVERY_TIME.min} og ${MIN_DELIVERY_TIME.max}`,
  forecastChange: 'Ændringen skal være mellem -20 og 20 tider pr. dag',
  departmentNotFound: 'Afdelingen findes ikke',
  /** The spec's notifications (section 8), word for word. */
  forecastFailed: 'Api: "Try Find Forcast failed"',
  tryFindFailed: 'Api: "Try Find CapacityOptimization failed"',
  trainingDataFailed: 'Api: "adding training data failed"',
  trainingDataSaved: 'Api: "Training data saved"',
} as const;

/** The three suggestion types (document 3 section 4). */
export const CAPACITY_OPTION_TYPES = ['MOVE_WORKER', 'START_IN_SHOP', 'WINDOW_TO_STONE_CHIP'] as const;
export type TCapacityOptionType = (typeof CAPACITY_OPTION_TYPES)[number];

export const CAPACITY_OPTION_LABELS: Record<TCapacityOptionType, string> = {
  MOVE_WORKER: 'Flyt montør',
  START_IN_SHOP: 'Start i værksted',
  WINDOW_TO_STONE_CHIP: 'Rudeskift-tider til stenslag',
};

/** POST /api/CapacityOptimization/tryFind */
export const ZTryFindInput = z.object({
  minDeliveryTime: z
    .number({ error: MESSAGES.number })
    .int(CAPACITY_MESSAGES.minDeliveryTime)
    .min(MIN_DELIVERY_TIME.min, CAPACITY_MESSAGES.minDeliveryTime)
    .max(MIN_DELIVERY_TIME.max, CAPACITY_MESSAGES.minDeliveryTime),
});
export type TTryFindInput = z.infer<typeof ZTryFindInput>;

const days = z.number().int().min(-1).max(1000);
const places = z.number().int().min(0).max(100_000);
const text = (max: number) => z.string().max(max);

/**
 * A capacity optimisation option (document 3 section 3), with beyond the spec: the ids of the two departments,
 * `reason` (one Danish sentence saying why), `movedSlots` (the free places the suggestion moves or converts,
 * never a booked one), `distanceKm` and the replace trend.
 * Delivery times are working days (-1: no free place within the horizon).
 */
export const ZCapacityOption = z.object({
  id: text(200),
  type: z.enum(CAPACITY_OPTION_TYPES, { error: 'Værdien er ikke tilladt' }),
  name: text(200),
  fromDepartmentId: z.uuid(),
  toDepartmentId: z.uuid(),
  fromDepartment: text(200),
  toDepartment: text(200),
  fromLocationCode: text(50),
  toLocationCode: text(50),
  score: z.number().finite().min(0).max(10_000),
  reason: text(500),
  fromReplaceDeliveryTime: days,
  fromRepairDeliveryTime: days,
  toReplaceDeliveryTime: days,
  toRepairDeliveryTime: days,
  isMobileDepartment: z.boolean(),
  fromAvailableRepairSlots: places,
  fromAvailableReplaceSlots: places,
  movedSlots: places,
  distanceKm: z.number().finite().min(0).max(10_000).nullable(),
  trendReplaceValue: z.number().finite().min(-100_000).max(100_000),
  trendRepairValue: z.number().finite().min(-100_000).max(100_000),
});
export type TCapacityOption = z.infer<typeof ZCapacityOption>;

export const ZCapacityOptions = z.array(ZCapacityOption);

/**
 * POST /api/CapacityOptimization/AddTrainingData: the suggestion as shown. A `createdBy` in the body is dropped:
 * the server takes it from the session.
 */
export const ZTrainingDataInput = ZCapacityOption;
export type TTrainingDataInput = z.infer<typeof ZTrainingDataInput>;

export const ZTrainingDataSaved = z.object({ id: z.string(), createdBy: z.string(), createdAt: z.string() });
export type TTrainingDataSaved = z.infer<typeof ZTrainingDataSaved>;

/** A what-if change of free places per open day, -20 to 20. */
const change = z
  .number({ error: MESSAGES.number })
  .int(CAPACITY_MESSAGES.forecastChange)
  .min(-20, CAPACITY_MESSAGES.forecastChange)
  .max(20, CAPACITY_MESSAGES.forecastChange);

/**
 * POST /api/CapacityOptimization/DeliveryForcast: a department's coming days if `replace` window-replace places and
 * `repair` stone-chip places were added (or, negative, taken away) on every open day. `mobileService` is accepted as
 * the spec sends it; the department's own flag decides.
 */
export const ZForecastInput = z.object({
  departmentId: z.uuid({ error: MESSAGES.required }),
  mobileService: z.boolean().default(false),
  repair: change.default(0),
  replace: change.default(0),
});
export type TForecastInput = z.infer<typeof ZForecastInput>;

export const ZForecastDay = z.object({
  /** 'YYYY-MM-DD' */
  id: z.string(),
  type: z.enum(['OPEN', 'CLOSED']),
  /** 'YYYY-MM-DDT00:00:00' */
  date: z.string(),
  /** Free window-replace places that day after the change. */
  replace: z.number().int(),
  /** Free stone-chip places that day after the change. */
  repair: z.number().int(),
});
export type TForecastDay = z.infer<typeof ZForecastDay>;

export const ZForecast = z.object({
  deliveries: z.array(ZForecastDay),
  /** Wire date-time of the day the forecast looks from (today). */
  lookupDate: z.string(),
  /** The first day with a free window-replace place after the change; null when none within the days shown. */
  stoneToReplaceDate: z.string().nullable(),
  /** Beyond the spec: the delivery times after the change (working days, -1 none within the days shown). */
  replaceDeliveryTime: z.number().int(),
  repairDeliveryTime: z.number().int(),
});
export type TForecast = z.infer<typeof ZForecast>;
