import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { orders } from './orders';
import { users } from './users';

/**
 * Feedback on a fitter's job (the worksheet's and the lists' feedback dialog). The optional image is
 * kept in the file storage (DATA_DIR/media or S3) under `imageKey`.
 */
export const feedback = pgTable(
  'feedback',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The fitter the feedback is about, and the name as it was given. */
    workerId: uuid('worker_id').references(() => users.id, { onDelete: 'set null' }),
    workerName: text('worker_name').notNull().default(''),
    type: text('type').notNull(),
    subType: text('sub_type').notNull(),
    description: text('description').notNull(),
    imageKey: text('image_key'),
    imageName: text('image_name').notNull().default(''),
    imageContentType: text('image_content_type').notNull().default(''),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdBy: text('created_by').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('feedback_created_at').on(t.createdAt), index('feedback_order').on(t.orderId)],
);
