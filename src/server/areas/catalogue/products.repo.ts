import { and, asc, desc, eq, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { TProduct, TProductGroup, TProductSearchKind } from '@/domain/catalogue/catalogue.schemas';
import { ZERO_GUID } from '@/domain/lib/guid';
import { oreToKroner } from '@/domain/lib/money';
import type { TOrderStatus } from '@/domain/orders/order-enums';
import type { DbOrTx } from '@/server/db/client';
import { productLineColumns } from '@/server/db/product-columns';
import {
  compactCode as compactColumn,
  orderItems,
  orders,
  productCarFits,
  productCodesText,
  productGroups,
  productSearchText,
  productSubItems,
  productTips,
  products,
  stock,
  stockLocations,
} from '@/server/db/schema';

/** The most products one search answers; a longer list helps nobody pick a window. */
export const PRODUCT_RESULT_LIMIT = 200;
export const AUTOCOMPLETE_LIMIT = 10;

/** The catalogue column each number kind of the search looks in. */
const KIND_COLUMNS: Record<TProductSearchKind, PgColumn> = {
  No: products.no,
  Description: products.name,
  OES: products.oes,
  EuroCode: products.euroCode,
  SameAs: products.sameAs,
  AGC: products.agc,
  OEM: products.oem,
  AUTOVERSAPCode: products.autoversapCode,
  Nags: products.nags,
  AW: products.aw,
};

/** Orders that never became a purchase do not make an item 'previously purchased'. */
const NOT_PURCHASED: TOrderStatus[] = ['DRAFT', 'CANCELLED', 'OFFER', 'OFFER_REQUEST'];

export interface CarFit {
  modId: number;
  modelYear: number;
  /** Also products that fit no car in particular (services, accessories, calibration). */
  withUniversal: boolean;
}

export interface ProductQuery {
  /** Every word must occur in the number, name, descriptions or group name. */
  words?: string[];
  /** Every word must occur in the name or descriptions (the Description kind). */
  descriptionWords?: string[];
  /** A number kind's column contains the term, ignoring spaces, dashes and case. */
  number?: { kind: Exclude<TProductSearchKind, 'Description'>; term: string };
  /** The exact product number, as typed or in capitals. */
  no?: string;
  groupName?: string;
  fit?: CarFit;
  /** Products marked as VIN items first within their group (the VIN look-up). */
  vinItemsFirst?: boolean;
  limit?: number;
}

/** Whose orders tell whether an item was bought before: the car's plate and/or the payer's account. */
export interface PurchaseContext {
  registrationNumber?: string;
  debitorNo?: string;
}

/**
 * `column = any($1)` with the list as one array parameter: for the up to 200 products of an answer this
 * builds and sends much less than an IN list of 200 parameters, and plans the same.
 */
function inList(column: PgColumn, values: string[], type: 'uuid' | 'text'): SQL {
  return sql`${column} = any(${sql.param(values)}::${sql.raw(type)}[])`;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Letters and digits only, so 'A 177 670 12 00', 'A177-670' and 'a17767' compare alike. */
export function compactCode(text: string): string {
  return text.replace(/[^\p{L}\p{N}]/gu, '');
}

const searchText = productSearchText(products);
const codesText = productCodesText(products);
const descriptionText = sql`concat_ws(' ', ${products.name}, ${products.description}, ${products.description2}, ${products.description3}, ${products.description4})`;

/**
 * Every word occurs in the number, name, descriptions or group name. The product's own text is searched
 * through its trigram index (products_search_trgm). The groups whose name has a word are looked up first
 * (there are a handful), so the main query gets them as constants and the planner can estimate each word.
 */
async function wordsInProductOrGroup(db: DbOrTx, words: string[]): Promise<SQL[]> {
  const patterns = words.map((word) => `%${escapeLike(word)}%`);
  const groups = await db
    .select({ id: productGroups.id, hits: sql<boolean[]>`array[${sql.join(patterns.map((p) => sql`${productGroups.name} ilike ${p}`), sql`, `)}]` })
    .from(productGroups);
  return patterns.map((pattern, i) => {
    const groupIds = groups.filter((g) => g.hits[i]).map((g) => g.id);
    const inText = sql`${searchText} ilike ${pattern}`;
    return groupIds.length ? sql`(${inText} or ${inArray(products.groupId, groupIds)})` : inText;
  });
}

/**
 * Every word occurs in the name or descriptions. Those are part of the search text, so the search text's
 * trigram index narrows the products first.
 */
function wordsInDescription(words: string[]): SQL[] {
  return words.map((word) => {
    const pattern = `%${escapeLike(word)}%`;
    return sql`(${searchText} ilike ${pattern} and ${descriptionText} ilike ${pattern})`;
  });
}

/**
 * A number kind's compacted code contains the (compacted) term. Every compacted code is part of the codes
 * text, so its trigram index narrows the products before the kind's own column is compared.
 */
function codeContains(column: PgColumn, pattern: string): SQL {
  return sql`(${codesText} ilike ${pattern} and ${compactColumn(column)} ilike ${pattern})`;
}

function fitsCar(fit: CarFit): SQL {
  const fits = sql`exists (select 1 from ${productCarFits} where ${productCarFits.productId} = ${products.id}
    and ${productCarFits.modelId} = ${fit.modId}
    and ${productCarFits.yearFrom} / 100 <= ${fit.modelYear}
    and (${productCarFits.yearTo} = 0 or ${productCarFits.yearTo} / 100 >= ${fit.modelYear}))`;
  if (!fit.withUniversal) return fits;
  return or(fits, sql`not exists (select 1 from ${productCarFits} where ${productCarFits.productId} = ${products.id})`)!;
}

const productColumns = {
  id: products.id,
  groupId: products.groupId,
  ...productLineColumns,
};

type ProductRow = {
  id: string;
  no: string;
  name: string;
  description: string;
  description2: string;
  description3: string;
  description4: string;
  groupId: string | null;
  listPriceOre: number;
  itemType: number;
  twoPersonJob: boolean;
  isService: boolean;
  isVinItem: boolean;
  material: string;
  oeNumber: string;
  euroCode: string;
};

/** Active catalogue products matching the query, in group order, at most `limit`. */
async function selectProducts(db: DbOrTx, query: ProductQuery): Promise<ProductRow[]> {
  const conditions: SQL[] = [eq(products.active, true)];
  if (query.words?.length) conditions.push(...(await wordsInProductOrGroup(db, query.words)));
  if (query.descriptionWords?.length) conditions.push(...wordsInDescription(query.descriptionWords));
  const order: SQL[] = [sql`${productGroups.sortOrder} asc nulls last`];
  if (query.number) {
    const column = compactColumn(KIND_COLUMNS[query.number.kind]);
    const term = escapeLike(query.number.term);
    conditions.push(codeContains(KIND_COLUMNS[query.number.kind], `%${term}%`));
    // Within a group: the exact code, then codes starting with the term.
    order.push(sql`(${column} ilike ${term}) desc`, sql`(${column} ilike ${`${term}%`}) desc`);
  }
  // Numbers are kept in capitals; the typed form is tried too (both use the unique index).
  if (query.no !== undefined) conditions.push(inArray(products.no, [...new Set([query.no, query.no.toUpperCase()])]));
  if (query.groupName !== undefined) conditions.push(eq(productGroups.name, query.groupName));
  if (query.fit) conditions.push(fitsCar(query.fit));
  if (query.vinItemsFirst) order.push(desc(products.isVinItem));
  order.push(asc(products.no));

  return db
    .select(productColumns)
    .from(products)
    .leftJoin(productGroups, eq(productGroups.id, products.groupId))
    .where(and(...conditions))
    .orderBy(...order)
    .limit(query.limit ?? PRODUCT_RESULT_LIMIT);
}

function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

/** Product rows as the order item the product table shows: stock per location, sub-items, tips, bought before. */
async function toProducts(db: DbOrTx, rows: ProductRow[], purchase: PurchaseContext = {}): Promise<TProduct[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const nos = rows.map((row) => row.no);
  const bought = purchase.registrationNumber || purchase.debitorNo;
  const [stockRows, subRows, tipRows, boughtRows] = await Promise.all([
    db
      .select({ productId: stock.productId, code: stock.locationCode, description: stockLocations.name, amount: stock.amount })
      .from(stock)
      .innerJoin(stockLocations, eq(stockLocations.code, stock.locationCode))
      .where(inList(stock.productId, ids, 'uuid'))
      .orderBy(asc(stockLocations.name)),
    db
      .select({ productId: productSubItems.productId, amount: productSubItems.amount, ...productColumns })
      .from(productSubItems)
      .innerJoin(products, eq(products.id, productSubItems.subProductId))
      .where(inList(productSubItems.productId, ids, 'uuid'))
      .orderBy(asc(products.no)),
    db.select().from(productTips).where(inList(productTips.productId, ids, 'uuid')),
    bought
      ? db
          .selectDistinct({ itemNo: orderItems.itemNo })
          .from(orderItems)
          .innerJoin(orders, eq(orders.id, orderItems.orderId))
          .where(
            and(
              inList(orderItems.itemNo, nos, 'text'),
              notInArray(orders.orderStatus, NOT_PURCHASED),
              or(
                purchase.registrationNumber ? eq(orders.carRegistrationNumber, purchase.registrationNumber) : undefined,
                purchase.debitorNo ? eq(orders.debitorNo, purchase.debitorNo) : undefined,
              ),
            ),
          )
      : Promise.resolve([]),
  ]);
  const stockBy = groupBy(stockRows, (s) => s.productId);
  const subsBy = groupBy(subRows, (s) => s.productId);
  const tipsBy = new Map(tipRows.map((t) => [t.productId, t]));
  const boughtNos = new Set(boughtRows.map((b) => b.itemNo));

  return rows.map((row) => {
    const tips = tipsBy.get(row.id);
    return {
      itemNo: row.no,
      no: row.no,
      name: row.name,
      description: row.description,
      amount: 1,
      itemPrice: oreToKroner(row.listPriceOre),
      discountPercent: 0,
      type: row.itemType,
      twoPersonJob: row.twoPersonJob,
      isMainItem: false,
      debitorPrice: null,
      isService: row.isService,
      isVINitem: row.isVinItem,
      status: (stockBy.get(row.id) ?? []).map((s) => ({ code: s.code, description: s.description, amount: s.amount })),
      subItems: (subsBy.get(row.id) ?? []).map((sub) => ({
        itemNo: sub.no,
        no: sub.no,
        name: sub.name,
        description: sub.description,
        amount: sub.amount,
        itemPrice: oreToKroner(sub.listPriceOre),
        discountPercent: 0,
        type: sub.itemType,
        twoPersonJob: sub.twoPersonJob,
        isMainItem: false,
      })),
      tips: tips ? { general: tips.general, mounting: tips.mounting, calibrating: tips.calibrating } : null,
      previouslyPurchased: boughtNos.has(row.no),
      material: row.material,
      oEnumber: row.oeNumber,
      euroCode: row.euroCode,
      description2: row.description2,
      description3: row.description3,
      description4: row.description4,
    };
  });
}

/** Matching products as order items, in group order. */
export async function findProducts(db: DbOrTx, query: ProductQuery, purchase?: PurchaseContext): Promise<Array<TProduct & { groupId: string | null }>> {
  const rows = await selectProducts(db, query);
  const items = await toProducts(db, rows, purchase);
  return items.map((item, index) => ({ ...item, groupId: rows[index]!.groupId }));
}

/**
 * Every product group in its sort order with the matching products; `checked` marks the
 * groups that have any. Products without a group (none in the demo) come last under 'Øvrige'.
 */
export async function findProductGroups(db: DbOrTx, query: ProductQuery, purchase?: PurchaseContext): Promise<TProductGroup[]> {
  const [groups, items] = await Promise.all([
    db.select({ id: productGroups.id, name: productGroups.name }).from(productGroups).orderBy(asc(productGroups.sortOrder), asc(productGroups.name)),
    findProducts(db, query, purchase),
  ]);
  const byGroup = groupBy(items, (item) => item.groupId);
  const strip = (list: Array<TProduct & { groupId: string | null }>) => list.map(({ groupId: _groupId, ...item }) => item);
  const answer: TProductGroup[] = groups.map((group) => {
    const list = strip(byGroup.get(group.id) ?? []);
    return { id: group.id, name: group.name, checked: list.length > 0, items: list };
  });
  const ungrouped = strip(byGroup.get(null) ?? []);
  if (ungrouped.length) answer.push({ id: ZERO_GUID, name: 'Øvrige', checked: true, items: ungrouped });
  return answer;
}

/**
 * Up to ten values of a number kind's column containing the term, those starting with it first.
 * The Description kind suggests product names.
 */
export async function findSuggestions(db: DbOrTx, kind: TProductSearchKind, term: string): Promise<string[]> {
  const column = KIND_COLUMNS[kind];
  const value = kind === 'Description' ? sql`${column}` : compactColumn(column);
  const needle = escapeLike(kind === 'Description' ? term : compactCode(term));
  const rank = sql<number>`min(case when ${value} ilike ${`${needle}%`} then 0 else 1 end)`;
  // Product names have their own trigram index; codes are narrowed through the codes text's index.
  const contains = kind === 'Description' ? sql`${value} ilike ${`%${needle}%`}` : codeContains(column, `%${needle}%`);
  const rows = await db
    .select({ value: sql<string>`${column}`, rank })
    .from(products)
    .where(and(eq(products.active, true), sql`${column} <> ''`, contains))
    .groupBy(column)
    .orderBy(rank, asc(column))
    .limit(AUTOCOMPLETE_LIMIT);
  return rows.map((row) => row.value);
}

/** The mounting-instruction link of a EuroCode, or null. */
export async function findInstructionUrl(db: DbOrTx, euroCode: string): Promise<string | null> {
  const [row] = await db
    .select({ url: products.instructionUrl })
    .from(products)
    // EuroCodes are stored in capitals: the plain comparison can use the index.
    .where(and(eq(products.euroCode, euroCode.toUpperCase()), sql`${products.instructionUrl} <> ''`))
    .orderBy(desc(products.active), asc(products.no))
    .limit(1);
  return row?.url ?? null;
}
