import { z } from 'zod';
import { ZOrder } from './order.schemas';

/**
 * One job on the fitter's landing screen: the order as GET /api/order/order/{id} gives it (so the worksheet and the
 * device's copy read the same shape), and why the 'på vej' SMS may not be sent now (null: it may), decided on the
 * server by the SMS rule (smsRefusal), so the screen needs no rule of its own.
 */
export const ZFitterJob = z.object({ order: ZOrder, onMyWaySmsRefusal: z.string().nullable() });
export type TFitterJob = z.infer<typeof ZFitterJob>;

/** A day of jobs: its date 'YYYY-MM-DD' (Copenhagen) and its jobs in time order. */
export const ZFitterJobDay = z.object({ date: z.iso.date(), jobs: z.array(ZFitterJob) });
export type TFitterJobDay = z.infer<typeof ZFitterJobDay>;

/** GET /api/order/myjobs: the signed-in user's jobs as fitter or helper, today and tomorrow. */
export const ZFitterJobs = z.object({ today: ZFitterJobDay, tomorrow: ZFitterJobDay });
export type TFitterJobs = z.infer<typeof ZFitterJobs>;
