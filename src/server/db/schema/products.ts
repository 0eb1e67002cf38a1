import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { carModels } from './cars';
import { createdAt, id, updatedAt } from './columns';
import { departments } from './departments';

export const productGroups = pgTable('product_groups', {
  id: id(),
  name: text('name').notNull().unique(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** A code without spaces, dashes or other marks: how the number-kind search compares codes. */
export function compactCode(column: AnyPgColumn): SQL {
  return sql`regexp_replace(${column}, '[^[:alnum:]]', '', 'g')`;
}

type CodeColumns = Record<'no' | 'oes' | 'euroCode' | 'sameAs' | 'agc' | 'oem' | 'autoversapCode' | 'nags' | 'aw', AnyPgColumn>;

/**
 * Every number kind's code, compacted, space separated: a compacted search term (letters and digits only)
 * found in one code is found here, so this expression's trigram index (products_codes_trgm) narrows any
 * number-kind search before the kind's own column is compared.
 */
export function productCodesText(t: CodeColumns): SQL {
  const codes = [t.no, t.oes, t.euroCode, t.sameAs, t.agc, t.oem, t.autoversapCode, t.nags, t.aw].map(compactCode);
  return sql`(${sql.join(codes, sql` || ' ' || `)})`;
}

/**
 * A product with every number kind the search offers: No, OES, EuroCode, SameAs,
 * AGC, OEM, AUTOVERSAPCode, Nags, AW (document 1 section 2, Products).
 */
export const products = pgTable(
  'products',
  {
    id: id(),
    no: text('no').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    description2: text('description2').notNull().default(''),
    description3: text('description3').notNull().default(''),
    description4: text('description4').notNull().default(''),
    groupId: uuid('group_id').references(() => productGroups.id),
    /** List price excl. VAT, øre. */
    listPriceOre: integer('list_price_ore').notNull().default(0),
    /** 0 none, 1 addon, 2 accessory (also the free loan car line), 3 calibration. */
    itemType: smallint('item_type').notNull().default(0),
    twoPersonJob: boolean('two_person_job').notNull().default(false),
    isService: boolean('is_service').notNull().default(false),
    isVinItem: boolean('is_vin_item').notNull().default(false),
    material: text('material').notNull().default(''),
    oeNumber: text('oe_number').notNull().default(''),
    euroCode: text('euro_code').notNull().default(''),
    oes: text('oes').notNull().default(''),
    sameAs: text('same_as').notNull().default(''),
    agc: text('agc').notNull().default(''),
    oem: text('oem').notNull().default(''),
    autoversapCode: text('autoversap_code').notNull().default(''),
    nags: text('nags').notNull().default(''),
    aw: text('aw').notNull().default(''),
    imageUrl: text('image_url').notNull().default(''),
    instructionUrl: text('instruction_url').notNull().default(''),
    active: boolean('active').notNull().default(true),
    /**
     * The text the product search looks in, kept by PostgreSQL: number, name and descriptions, space separated and
     * in lower case (the columns are never null, so `||` is safe and, unlike concat_ws, immutable). The search
     * compares each lower-cased word with LIKE, through the trigram index products_search_trgm, instead of building
     * and lower-casing the text again for every word of every candidate.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(no || ' ' || name || ' ' || description || ' ' || description2 || ' ' || description3 || ' ' || description4)`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('products_group').on(t.groupId),
    index('products_no_trgm').using('gin', sql`${t.no} gin_trgm_ops`),
    index('products_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    index('products_euro_code').on(t.euroCode),
    index('products_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('products_codes_trgm').using('gin', sql`${productCodesText(t)} gin_trgm_ops`),
    check('products_item_type', sql`${t.itemType} between 0 and 3`),
    check('products_list_price', sql`${t.listPriceOre} >= 0`),
  ],
);

/** 'Tips og Tricks' per product: Generelt, Calibering, Montering. */
export const productTips = pgTable('product_tips', {
  productId: uuid('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  general: text('general').notNull().default(''),
  mounting: text('mounting').notNull().default(''),
  calibrating: text('calibrating').notNull().default(''),
});

/** Sub-items listed in 'Produkter til {product}'. */
export const productSubItems = pgTable(
  'product_sub_items',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    subProductId: uuid('sub_product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.productId, t.subProductId] })],
);

/** Which car models a product fits; years encoded year*100+month, 0 'to' means still made. */
export const productCarFits = pgTable(
  'product_car_fits',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    modelId: integer('model_id')
      .notNull()
      .references(() => carModels.modelId, { onDelete: 'cascade' }),
    yearFrom: integer('year_from').notNull().default(0),
    yearTo: integer('year_to').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.modelId] }), index('product_car_fits_model').on(t.modelId)],
);

/** A place stock is kept: a department's shop or one of the five warehouses. */
export const stockLocations = pgTable('stock_locations', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  departmentId: uuid('department_id').references(() => departments.id, { onDelete: 'set null' }),
  /** DEPARTMENT or WAREHOUSE. */
  kind: text('kind').notNull(),
});

/**
 * Amount on hand per product, location and bin (Placeringskode). Never written directly: every change is a row of
 * stock_movements, which a trigger adds here in the same statement (migration 0017), so stock is always the sum of
 * its movements; the check keeps it from going negative under concurrent moves.
 */
export const stock = pgTable(
  'stock',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    locationCode: text('location_code')
      .notNull()
      .references(() => stockLocations.code, { onUpdate: 'cascade' }),
    amount: integer('amount').notNull().default(0),
    binCode: text('bin_code').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.locationCode, t.binCode] }),
    index('stock_location').on(t.locationCode),
    check('stock_amount_not_negative', sql`${t.amount} >= 0`),
  ],
);

/**
 * The stock ledger: one row per change of a bin's amount (OPENING, SHIP, RECEIVE, CONSUME, CORRECTION). Transit
 * is a location of its own (TRANSIT), its bin the transfer line: shipping moves stock from the source bin into
 * transit, receiving from transit into the destination bin.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    locationCode: text('location_code')
      .notNull()
      .references(() => stockLocations.code, { onUpdate: 'cascade' }),
    binCode: text('bin_code').notNull().default(''),
    quantity: integer('quantity').notNull(),
    kind: text('kind').notNull(),
    transferLineId: uuid('transfer_line_id'),
    orderId: uuid('order_id'),
    createdBy: text('created_by').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('stock_movements_product').on(t.productId, t.locationCode),
    index('stock_movements_transfer_line').on(t.transferLineId),
    check('stock_movements_kind', sql`${t.kind} in ('OPENING', 'SHIP', 'RECEIVE', 'CONSUME', 'CORRECTION')`),
  ],
);

/** Transfer order numbers (NAV style 'OF100001'). */
export const transferOrderNrSequence = pgSequence('transfer_order_nr_seq', { startWith: 100_001, minValue: 100_001 });

/** A transfer order (Vareflyt): goods from one location to another. */
export const transferOrders = pgTable(
  'transfer_orders',
  {
    orderNo: text('order_no').primaryKey(),
    fromCode: text('from_code')
      .notNull()
      .references(() => stockLocations.code, { onUpdate: 'cascade' }),
    toCode: text('to_code')
      .notNull()
      .references(() => stockLocations.code, { onUpdate: 'cascade' }),
    createdBy: text('created_by').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('transfer_orders_from').on(t.fromCode),
    index('transfer_orders_to').on(t.toCode),
    check('transfer_orders_two_places', sql`${t.fromCode} <> ${t.toCode}`),
  ],
);

/**
 * A line of a transfer order: the quantity to move, how much has been shipped and received. The checks keep a line
 * from shipping more than its quantity or receiving more than was shipped, whatever races.
 */
export const transferLines = pgTable(
  'transfer_lines',
  {
    id: id(),
    orderNo: text('order_no')
      .notNull()
      .references(() => transferOrders.orderNo, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    itemNo: text('item_no').notNull(),
    description: text('description').notNull().default(''),
    measureUnit: text('measure_unit').notNull().default('STK'),
    quantity: integer('quantity').notNull(),
    qtyShipped: integer('qty_shipped').notNull().default(0),
    qtyReceived: integer('qty_received').notNull().default(0),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('transfer_lines_line').on(t.orderNo, t.lineNo),
    check('transfer_lines_quantity', sql`${t.quantity} > 0`),
    check('transfer_lines_shipped', sql`${t.qtyShipped} between 0 and ${t.quantity}`),
    check('transfer_lines_received', sql`${t.qtyReceived} between 0 and ${t.qtyShipped}`),
  ],
);

/** Bins (Placeringskode) per location. */
export const stockBins = pgTable(
  'stock_bins',
  {
    locationCode: text('location_code')
      .notNull()
      .references(() => stockLocations.code, { onUpdate: 'cascade', onDelete: 'cascade' }),
    code: text('code').notNull(),
  },
  (t) => [primaryKey({ columns: [t.locationCode, t.code] })],
);
