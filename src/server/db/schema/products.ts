import { sql, type SQL } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, smallint, text, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
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
      .generatedAlwaysAs(sql`lower(no || ' ' || name || ' ' || description || ' ' || description2 || ' ' || description3 || ' ' || description4)`),
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

/** Amount on hand; the check keeps stock from going negative under concurrent moves. */
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
    primaryKey({ columns: [t.productId, t.locationCode] }),
    index('stock_location').on(t.locationCode),
    check('stock_amount_not_negative', sql`${t.amount} >= 0`),
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
