import { and, asc, desc, eq, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { PRODUCT_RESULT_LIMIT, type TProduct, type TProductGroup, type TProductSearchKind } from '@/domain/catalogue';
import { groupBy } from '@/domain/lib/group-by';
import { ZERO_GUID } from '@/domain/lib/guid';
import { oreToKroner } from '@/domain/lib/money';
import { NOT_BOOKED_STATUSES, type TOrderStatus } from '@/domain/orders';
import type { DbOrTx } from '@/server/db/client';
import { queryText } from '@/server/db/prepared';
import { productLineColumns } from '@/server/db/product-columns';
import {
  compactCode as compactColumn,
  orderItems,
  orders,
  productCarFits,
  productCodesText,
  productGroups,
  productTips,
  products,
} from '@/server/db/schema';

const AUTOCOMPLETE_LIMIT = 10;

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
const NOT_PURCHASED: TOrderStatus[] = [...NOT_BOOKED_STATUSES, 'CANCELLED'];

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

const codesText = productCodesText(products);
const descriptionText = sql`concat_ws(' ', ${products.name}, ${products.description}, ${products.description2}, ${products.description3}, ${products.description4})`;

/** The product groups in their sort order, each with whether its name has each pattern (ILIKE). */
interface GroupHits {
  id: string;
  name: string;
  hits: boolean[];
}

const GROUPS_WITH_HITS = `select g.id, g.name, array(select g.name ilike w.pattern from unnest($1::text[]) with ordinality as w(pattern, n) order by w.n) as hits
  from product_groups as g order by g.sort_order, g.name`;

function groupsWithHits(db: DbOrTx, patterns: string[]): Promise<GroupHits[]> {
  return queryText<GroupHits>(db, GROUPS_WITH_HITS, [patterns]);
}

const wordPatterns = (words: string[]) => words.map((word) => `%${escapeLike(word)}%`);

/**
 * Every word occurs in the number, name, descriptions or group name. The product's own text is searched in
 * its lower-case search_text, through its trigram index (products_search_trgm). The groups whose name has a word are looked up first
 * (there are a handful), so the main query gets them as constants and the planner can estimate each word.
 */
function wordsInProductOrGroup(groups: GroupHits[], words: string[]): SQL[] {
  return wordPatterns(words).map((pattern, i) => {
    const groupIds = groups.filter((g) => g.hits[i]).map((g) => g.id);
    const inText = sql`${products.searchText} like lower(${pattern})`;
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
    return sql`(${products.searchText} like lower(${pattern}) and ${descriptionText} ilike ${pattern})`;
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
  // 'Tips og Tricks' (at most one row per product): joined, instead of a look-up of their own.
  tips: sql<TProduct['tips']>`case when ${productTips.productId} is null then null
    else json_build_object('general', ${productTips.general}, 'mounting', ${productTips.mounting}, 'calibrating', ${productTips.calibrating}) end`,
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
  tips: TProduct['tips'];
};

/** Active catalogue products matching the query, in group order, at most `limit`; `groups` when the caller has them. */
async function selectProducts(db: DbOrTx, query: ProductQuery, groups?: GroupHits[]): Promise<ProductRow[]> {
  if (query.limit === 0) return [];
  const conditions: SQL[] = [eq(products.active, true)];
  if (query.words?.length) {
    const words = query.words;
    conditions.push(...wordsInProductOrGroup(groups ?? (await groupsWithHits(db, wordPatterns(words))), words));
  }
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
    .leftJoin(productTips, eq(productTips.productId, products.id))
    .where(and(...conditions))
    .orderBy(...order)
    .limit(query.limit ?? PRODUCT_RESULT_LIMIT);
}

/**
 * The stock per location and the sub-items of an answer's products ($1: their ids), in one round trip, as compact
 * JSON (one array per row, read natively instead of field by field). A named statement with one plan (queryText):
 * the ids are read through a sub-select so that the planner estimates them alike with and without their values;
 * otherwise a custom plan for the actual count always looks cheaper and every call is planned again.
 */
const DETAILS_OF = `select
    (select coalesce(json_agg(json_build_array(x.product_id, x.location_code, x.name, x.amount) order by x.name), '[]'::json)
      from (select s.product_id, s.location_code, l.name, sum(s.amount)::int as amount
        from stock as s join stock_locations as l on l.code = s.location_code
        where s.product_id = any((select $1::uuid[])::uuid[]) and l.kind <> 'TRANSIT'
        group by s.product_id, s.location_code, l.name) as x) as stock,
    (select coalesce(json_agg(json_build_array(si.product_id, si.amount, p.no, p.name, p.description, p.list_price_ore, p.item_type, p.two_person_job)
        order by p.no), '[]'::json)
      from product_sub_items as si join products as p on p.id = si.sub_product_id
      where si.product_id = any((select $1::uuid[])::uuid[])) as sub_items`;

type StockEntry = [productId: string, code: string, description: string, amount: number];
type SubItemEntry = [
  productId: string,
  amount: number,
  no: string,
  name: string,
  description: string,
  listPriceOre: number,
  itemType: number,
  twoPersonJob: boolean,
];

/** Product rows as the order item the product table shows: stock per location, sub-items, tips, bought before. */
async function toProducts(db: DbOrTx, rows: ProductRow[], purchase: PurchaseContext = {}): Promise<TProduct[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const nos = rows.map((row) => row.no);
  const bought = purchase.registrationNumber || purchase.debitorNo;
  const [[details], boughtRows] = await Promise.all([
    queryText<{ stock: StockEntry[]; sub_items: SubItemEntry[] }>(db, DETAILS_OF, [ids]),
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
  const stockBy = groupBy(details!.stock, (s) => s[0]);
  const subsBy = groupBy(details!.sub_items, (s) => s[0]);
  const boughtNos = new Set(boughtRows.map((b) => b.itemNo));

  return rows.map((row) => {
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
      status: (stockBy.get(row.id) ?? []).map(([, code, description, amount]) => ({ code, description, amount })),
      subItems: (subsBy.get(row.id) ?? []).map(([, amount, no, name, description, listPriceOre, itemType, twoPersonJob]) => ({
        itemNo: no,
        no,
        name,
        description,
        amount,
        itemPrice: oreToKroner(listPriceOre),
        discountPercent: 0,
        type: itemType,
        twoPersonJob,
        isMainItem: false,
      })),
      tips: row.tips,
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
export async function findProducts(
  db: DbOrTx,
  query: ProductQuery,
  purchase?: PurchaseContext,
): Promise<Array<TProduct & { groupId: string | null }>> {
  const rows = await selectProducts(db, query);
  const items = await toProducts(db, rows, purchase);
  return items.map((item, index) => ({ ...item, groupId: rows[index]!.groupId }));
}

/**
 * Every product group in its sort order with the matching products; `checked` marks the
 * groups that have any. Products without a group (none in the demo) come last under 'Øvrige'.
 */
export async function findProductGroups(db: DbOrTx, query: ProductQuery, purchase?: PurchaseContext): Promise<TProductGroup[]> {
  // One look-up of the groups serves the answer and the words found in group names.
  const groups = await groupsWithHits(db, wordPatterns(query.words ?? []));
  const rows = await selectProducts(db, query, groups);
  const items = await toProducts(db, rows, purchase);
  const byGroup = groupBy(
    items.map((item, index) => ({ item, groupId: rows[index]!.groupId })),
    (entry) => entry.groupId,
  );
  const list = (groupId: string | null) => (byGroup.get(groupId) ?? []).map((entry) => entry.item);
  const answer: TProductGroup[] = groups.map((group) => {
    const items = list(group.id);
    return { id: group.id, name: group.name, checked: items.length > 0, items };
  });
  const ungrouped = list(null);
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

/** The group name of a product number (null: no group), or undefined when there is no such product. */
export async function findProductGroupName(db: DbOrTx, no: string): Promise<string | null | undefined> {
  const [row] = await db
    .select({ group: productGroups.name })
    .from(products)
    .leftJoin(productGroups, eq(productGroups.id, products.groupId))
    .where(eq(products.no, no))
    .limit(1);
  return row ? row.group : undefined;
}
