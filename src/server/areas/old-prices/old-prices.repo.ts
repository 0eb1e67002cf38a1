import { and, asc, desc, sql } from 'drizzle-orm';
import { oreToKroner } from '@/domain/lib/money';
import { OLD_PRICE_SEARCH_LIMIT, type TOldPrice, type TOldPriceResult } from '@/domain/old-prices/old-price.schemas';
import type { DbOrTx } from '@/server/db/client';
import { oldPrices } from '@/server/db/schema';

type OldPriceRow = typeof oldPrices.$inferSelect;

function toOldPrice(row: OldPriceRow): TOldPrice {
  return {
    id: row.id,
    productNo: row.productNo,
    name: row.name,
    euroCode: row.euroCode,
    listPrice: oreToKroner(row.listPriceOre),
    validFrom: row.validFrom,
    validTo: row.validTo,
  };
}

/** The text the search looks in; the trigram index old_prices_search_trgm is on exactly this expression. */
const searchText = sql`(${oldPrices.productNo} || ' ' || ${oldPrices.name} || ' ' || ${oldPrices.euroCode})`;

function escapeLike(word: string): string {
  return word.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Every word in the number, name or EuroCode; exact product numbers first, then by number and newest period. */
export async function searchOldPrices(db: DbOrTx, words: string[]): Promise<TOldPriceResult> {
  const rows = await db
    .select()
    .from(oldPrices)
    .where(and(...words.map((word) => sql`${searchText} ilike ${`%${escapeLike(word)}%`}`)))
    .orderBy(sql`lower(${oldPrices.productNo}) = ${words.join(' ')} desc`, asc(oldPrices.productNo), desc(oldPrices.validTo))
    .limit(OLD_PRICE_SEARCH_LIMIT + 1);
  return { prices: rows.slice(0, OLD_PRICE_SEARCH_LIMIT).map(toOldPrice), more: rows.length > OLD_PRICE_SEARCH_LIMIT };
}

/** The most recently expired prices, what the screen shows before a search. */
export async function latestOldPrices(db: DbOrTx, limit: number): Promise<TOldPriceResult> {
  const rows = await db.select().from(oldPrices).orderBy(desc(oldPrices.validTo), asc(oldPrices.productNo)).limit(limit + 1);
  return { prices: rows.slice(0, limit).map(toOldPrice), more: rows.length > limit };
}
