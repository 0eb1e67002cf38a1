import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { departments, loanCars } from './departments';
import { orders } from './orders';
import { users } from './users';

/**
 * Photos of an order (document 2 'Order image'). The bytes are in the file storage (DATA_DIR/media or
 * S3) under `storageKey`; the row holds what the worksheet lists. One row per file: CUSTOM keeps
 * several, every other type one (a new upload replaces it).
 */
export const orderImages = pgTable(
  'order_images',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    imageType: text('image_type').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    fileName: text('file_name').notNull().default(''),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    createdById: uuid('created_by_id').references(() => users.id),
    createdBy: text('created_by').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_images_order').on(t.orderId, t.imageType),
    // The per-user daily upload bound sums one user's recent photos.
    index('order_images_creator').on(t.createdById, t.createdAt),
  ],
);

/** Signed documents (the ADAS disclaimer, the loan-car agreement): a PDF in the file storage. */
export const signedDocuments = pgTable(
  'signed_documents',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** ADAS (calibration disclaimer) or LOAN_CAR (loan agreement). */
    kind: text('kind').notNull(),
    loanCarId: uuid('loan_car_id').references(() => loanCars.id, { onDelete: 'set null' }),
    departmentId: uuid('department_id').references(() => departments.id, { onDelete: 'set null' }),
    storageKey: text('storage_key').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    signedById: uuid('signed_by_id').references(() => users.id),
    signedBy: text('signed_by').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('signed_documents_order').on(t.orderId)],
);
