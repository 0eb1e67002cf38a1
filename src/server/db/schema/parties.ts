import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { productGroups } from './products';

/** A payer account (company, insurer, leaser, cash account). `no` is the customer number the ERP knows. */
export const debitors = pgTable(
  'debitors',
  {
    id: id(),
    no: text('no').notNull().unique(),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    zipCode: text('zip_code').notNull().default(''),
    city: text('city').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    cvr: text('cvr').notNull().default(''),
    /** COMPANY, INSURANCE, LEASING, CASH or DEPARTMENT (a department's own cash account). */
    kind: text('kind').notNull().default('COMPANY'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('debitors_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    index('debitors_phone').on(t.phone),
    index('debitors_cvr').on(t.cvr),
  ],
);

export const insurers = pgTable('insurers', {
  id: id(),
  name: text('name').notNull().unique(),
  /** The insurer's name in the national car statistics (bilstatistik), as car look-ups report it. */
  bilStatistikName: text('bil_statistik_name').notNull().default(''),
  /** The insurer's own account, used when the insurer pays. */
  debitorNo: text('debitor_no').references(() => debitors.no, { onUpdate: 'cascade' }),
  /** The account used for cash payments when 'Tilbuds debitor' is ticked. */
  cashDebitorNo: text('cash_debitor_no').references(() => debitors.no, { onUpdate: 'cascade' }),
  /** Offered in the review (Gennemsyn) insurer filter. */
  inReview: boolean('in_review').notNull().default(false),
  createdAt: createdAt(),
});

export const leasers = pgTable('leasers', {
  id: id(),
  name: text('name').notNull().unique(),
  debitorNo: text('debitor_no').references(() => debitors.no, { onUpdate: 'cascade' }),
  createdAt: createdAt(),
});

/**
 * Price agreements give 'Kundepris': a net price for one product, or a discount
 * on a product group or on everything (both null).
 */
export const debitorPriceAgreements = pgTable(
  'debitor_price_agreements',
  {
    id: id(),
    debitorNo: text('debitor_no')
      .notNull()
      .references(() => debitors.no, { onUpdate: 'cascade', onDelete: 'cascade' }),
    productNo: text('product_no'),
    productGroupId: uuid('product_group_id').references(() => productGroups.id, { onDelete: 'cascade' }),
    discountPercent: numeric('discount_percent', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    /** Net price excl. VAT in øre; overrides the discount when set. */
    netPriceOre: integer('net_price_ore'),
  },
  (t) => [
    index('debitor_price_agreements_debitor').on(t.debitorNo),
    unique('debitor_price_agreements_one').on(t.debitorNo, t.productNo, t.productGroupId).nullsNotDistinct(),
    check('debitor_price_agreements_percent', sql`${t.discountPercent} between 0 and 100`),
  ],
);
