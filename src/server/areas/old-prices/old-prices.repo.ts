import { and, asc, count, inArray, or, sql, type SQL } from 'drizzle-orm';
import { kronerToOre, oreToKroner } from '@/domain/lib/money';
import { OLD_PRICE_FIELDS, OLD_PRICE_MONEY_KEYS, type TOldPriceFieldKey } from '@/domain/old-prices';
import {
  compactCode,
  pageCountOf,
  type TOldPricePageQuery,
  type TOldProduct,
  type TOldProductInput,
  type TOldProductPage,
} from '@/domain/old-prices';
import type { DbOrTx, Tx } from '@/server/db/client';
import { oldPrices } from '@/server/db/schema';

type OldProductRow = typeof oldPrices.$inferSelect;
type OldProductInsert = typeof oldPrices.$inferInsert;
type Column = keyof OldProductInsert & keyof typeof oldPrices;

/** The table column of a field: amounts are kept as øre (`priceReadyOre`), the time as `timeHours`. */
function columnOf(key: TOldPriceFieldKey): Column {
  if (key === 'time') return 'timeHours';
  return ((OLD_PRICE_MONEY_KEYS as readonly string[]).includes(key) ? `${key}Ore` : key) as Column;
}

const ore = (value: number | null) => (value === null ? null : oreToKroner(value));

function toOldProduct(row: OldProductRow): TOldProduct {
  const product: Record<string, unknown> = { id: row.id };
  for (const field of OLD_PRICE_FIELDS) {
    const value = row[columnOf(field.key) as keyof OldProductRow];
    product[field.key] =
      field.kind === 'money' ? ore(value as number | null) : field.kind === 'hours' ? (value === null ? null : Number(value)) : value;
  }
  return product as TOldProduct;
}

function toInsert(product: TOldProductInput): OldProductInsert {
  const row: Record<string, unknown> = {};
  for (const field of OLD_PRICE_FIELDS) {
    const value = product[field.key];
    row[columnOf(field.key)] = field.kind === 'money' ? (value === null ? null : kronerToOre(value as number)) : value;
  }
  return row as OldProductInsert;
}

function escapeLike(word: string): string {
  return word.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Every word in the identifying fields, as typed or (for a number) without its spaces, dashes, dots and slashes. */
function searchCondition(words: string[]): SQL | undefined {
  return and(
    ...words.map((word) => {
      const like = sql`${oldPrices.searchText} like ${`%${escapeLike(word)}%`}`;
      const compact = compactCode(word);
      return compact !== word && compact !== '' ? or(like, sql`${oldPrices.searchText} like ${`%${escapeLike(compact)}%`}`)! : like;
    }),
  );
}

const LISTING_ORDER = [asc(oldPrices.brand), asc(oldPrices.model), asc(oldPrices.year), asc(oldPrices.productNumber)];

async function page(db: DbOrTx, where: SQL | undefined, query: TOldPricePageQuery, first: SQL[] = []): Promise<TOldProductPage> {
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select()
      .from(oldPrices)
      .where(where)
      .orderBy(...first, ...LISTING_ORDER)
      .limit(query.pageSize)
      .offset(query.page * query.pageSize),
    db.select({ total: count() }).from(oldPrices).where(where),
  ]);
  return {
    products: rows.map(toOldProduct),
    total,
    page: query.page,
    pageSize: query.pageSize,
    pageCount: pageCountOf(total, query.pageSize),
  };
}

/** The whole list, by brand, model, year and product number. */
export function listOldProducts(db: DbOrTx, query: TOldPricePageQuery): Promise<TOldProductPage> {
  return page(db, undefined, query);
}

/**
 * Rows whose identifying fields hold every word (trigram index old_products_search_trgm); an exact product number,
 * EuroCode or OEM number comes first, then by brand, model, year and product number.
 */
export function searchOldProducts(db: DbOrTx, term: string, words: string[], query: TOldPricePageQuery): Promise<TOldProductPage> {
  const exact = term.trim().toLowerCase();
  const first = sql`(lower(${oldPrices.productNumber}) = ${exact} or lower(${oldPrices.eurocode}) = ${exact} or translate(lower(${oldPrices.oemNr}), ' -./', '') = ${compactCode(exact)}) desc`;
  return page(db, searchCondition(words), query, [first]);
}

const CHUNK = 500;

/** One import at a time: a second waits for the first to commit. */
export async function lockForImport(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('old_products_import'))`);
}

/**
 * Adds the rows or updates those whose product number exists, overwriting only `fields` (the columns the sheet has);
 * a row whose fields already hold those values is left alone. Answers how many were added and updated.
 */
export async function upsertOldProducts(
  tx: Tx,
  products: TOldProductInput[],
  fields: TOldPriceFieldKey[],
): Promise<{ added: number; updated: number }> {
  const columns = [...new Set(fields.filter((key) => key !== 'productNumber').map(columnOf))];
  const set: Record<string, SQL> = {};
  for (const column of columns) set[column] = sql.raw(`excluded.${oldPrices[column].name}`);
  const target = (prefix: string) => sql.raw(columns.map((column) => `${prefix}${oldPrices[column].name}`).join(', '));
  let added = 0;
  let updated = 0;
  for (let start = 0; start < products.length; start += CHUNK) {
    const values = products.slice(start, start + CHUNK).map(toInsert);
    const insert = tx.insert(oldPrices).values(values);
    const written =
      columns.length === 0
        ? await insert.onConflictDoNothing({ target: oldPrices.productNumber }).returning({ inserted: sql<boolean>`(xmax = 0)` })
        : await insert
            .onConflictDoUpdate({
              target: oldPrices.productNumber,
              set: { ...set, updatedAt: sql`now()` },
              setWhere: sql`(${target('old_products.')}) is distinct from (${target('excluded.')})`,
            })
            .returning({ inserted: sql<boolean>`(xmax = 0)` });
    for (const row of written) {
      if (row.inserted) added += 1;
      else updated += 1;
    }
  }
  return { added, updated };
}

/** Deletes every row whose product number is not among `keep`; answers how many. */
export async function deleteOldProductsExcept(tx: Tx, keep: ReadonlySet<string>): Promise<number> {
  const existing = await tx.select({ productNumber: oldPrices.productNumber }).from(oldPrices);
  const gone = existing.map((row) => row.productNumber).filter((no) => !keep.has(no));
  for (let start = 0; start < gone.length; start += CHUNK) {
    await tx.delete(oldPrices).where(inArray(oldPrices.productNumber, gone.slice(start, start + CHUNK)));
  }
  return gone.length;
}
