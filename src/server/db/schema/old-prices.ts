import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

/**
 * 'Gl. Prisliste' (document 3, OLD_PRODUCTS): list prices that no longer apply, kept for looking up what a
 * product cost before (claims on old jobs, insurers asking). Read only; one row per product and price period.
 */
export const oldPrices = pgTable(
  'old_prices',
  {
    id: id(),
    productNo: text('product_no').notNull(),
    name: text('name').notNull(),
    euroCode: text('euro_code').notNull().default(''),
    /** List price excl. VAT, øre. */
    listPriceOre: integer('list_price_ore').notNull(),
    validFrom: date('valid_from'),
    validTo: date('valid_to').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('old_prices_search_trgm').using('gin', sql`(${t.productNo} || ' ' || ${t.name} || ' ' || ${t.euroCode}) gin_trgm_ops`),
    index('old_prices_product_no').on(t.productNo, t.validTo),
  ],
);
