import { fitterDays } from '@/domain/orders';
import type { TFitterJob, TFitterJobs } from '@/domain/orders';
import { smsRefusal } from '@/domain/notifications';
import type { TOrder } from '@/domain/orders';
import type { SessionUser } from '@/server/auth/sessions';
import type { Db } from '@/server/db/client';
import { findFitterJobs } from './fitter-jobs.repo';

/**
 * GET /order/myjobs: the signed-in user's own jobs (as fitter or helper) today and tomorrow, each with whether the
 * 'på vej' SMS may be sent (document 1's rule, the one POST /sms/send applies). Nobody reads another's list here.
 */
export async function getFitterJobs(db: Db, user: SessionUser, now = new Date()): Promise<TFitterJobs> {
  const { today, tomorrow } = fitterDays(now);
  const orders = await findFitterJobs(db, user.id, [today, tomorrow]);
  const job = (order: TOrder): TFitterJob => ({ order, onMyWaySmsRefusal: smsRefusal(order, 'ON_MY_WAY', user.roles) });
  const on = (date: string) => ({ date, jobs: orders.filter((o) => o.timeAndPlace.date?.slice(0, 10) === date).map(job) });
  return { today: on(today), tomorrow: on(tomorrow) };
}
