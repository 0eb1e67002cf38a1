import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { FEEDBACK_TYPES, FEEDBACK_TYPE_KEYS } from '@/domain/feedback';
import type { Db } from '@/server/db/client';
import { feedback, orders, users } from '@/server/db/schema';

const COMMENTS = [
  'Kunden ringede og roste montøren for en grundig forklaring.',
  'Kunden oplever vindstøj ved 80 km/t efter skiftet.',
  'Montøren kom 45 minutter efter det aftalte tidsrum uden at ringe.',
  'Der mangler billede af kilometertælleren på arbejdskortet.',
  'Flot og rent arbejde, bilen var støvsuget bagefter.',
  'Regnsensoren virker ikke efter skiftet; kunden er booket til kalibrering.',
];

/** Some feedback on finished demo jobs (one in nine), given by customer service a day after the job. */
export async function seedFeedback(db: Db): Promise<number> {
  const done = await db
    .select({ id: orders.id, orderNr: orders.orderNr, workerId: orders.workerId, workerName: users.name, fromAt: orders.fromAt })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.workerId))
    .where(and(inArray(orders.orderStatus, ['FINISHED', 'PENDING_REVIEW']), isNotNull(orders.fromAt)))
    .orderBy(asc(orders.orderNr));
  const givers = await db
    .select({ id: users.id, initials: users.initials })
    .from(users)
    .where(inArray(users.initials, ['KS', 'REK', 'ADM']));
  const rows: Array<typeof feedback.$inferInsert> = [];
  done.forEach((order, i) => {
    if (i % 9 !== 0) return;
    const n = rows.length;
    const type = FEEDBACK_TYPE_KEYS[n % FEEDBACK_TYPE_KEYS.length]!;
    const subTypes = FEEDBACK_TYPES[type].subTypes;
    const giver = givers[n % Math.max(givers.length, 1)];
    rows.push({
      orderId: order.id,
      workerId: order.workerId,
      workerName: order.workerName,
      type,
      subType: subTypes[n % subTypes.length]!,
      description: COMMENTS[n % COMMENTS.length]!,
      createdById: giver?.id ?? null,
      createdBy: giver?.initials ?? '',
      createdAt: new Date(Math.min(order.fromAt!.getTime() + 24 * 3_600_000, Date.now() - 3_600_000)),
    });
  });
  if (rows.length) await db.insert(feedback).values(rows);
  return rows.length;
}
