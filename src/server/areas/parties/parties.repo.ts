import { asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { TDebitor, TDebitorSearchField, TInsurer, TLeaser } from '@/domain/parties';
import type { TPriceAgreement } from '@/domain/orders';
import type { DbOrTx } from '@/server/db/client';
import { debitorColumns } from '@/server/db/debitor-columns';
import { debitorPriceAgreements, debitors, insurers, leasers, products } from '@/server/db/schema';

/** The most debitors one search answers. */
const DEBITOR_SEARCH_LIMIT = 20;

export async function listInsurers(db: DbOrTx, options: { reviewOnly?: boolean } = {}): Promise<TInsurer[]> {
  const rows = await db
    .select({ name: insurers.name, bilStatistikName: insurers.bilStatistikName, cashDebitorNo: insurers.cashDebitorNo })
    .from(insurers)
    .where(options.reviewOnly ? eq(insurers.inReview, true) : undefined)
    .orderBy(asc(insurers.name));
  return rows.map((row) => ({ name: row.name, bilStatistikName: row.bilStatistikName, cashDebitorId: row.cashDebitorNo ?? '' }));
}

export async function listLeasers(db: DbOrTx): Promise<TLeaser[]> {
  return db.select({ name: leasers.name }).from(leasers).orderBy(asc(leasers.name));
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Debitors by one field. NAME: the name contains the text or is close to it (trigram word
 * similarity), names starting with it first. PHONE, CVR and NAV (customer number): starting
 * with the (already normalised) text, exact matches first.
 */
export async function searchDebitors(db: DbOrTx, field: TDebitorSearchField, text: string): Promise<TDebitor[]> {
  const prefix = `${escapeLike(text)}%`;
  let where: SQL;
  let order: SQL[];
  if (field === 'NAME') {
    where = or(ilike(debitors.name, `%${escapeLike(text)}%`), sql`${text} <% ${debitors.name}`)!;
    order = [
      sql`(${debitors.name} ilike ${prefix}) desc`,
      sql`(${debitors.name} ilike ${`%${escapeLike(text)}%`}) desc`,
      desc(sql`word_similarity(${text}, ${debitors.name})`),
      asc(debitors.name),
    ];
  } else {
    const column = field === 'PHONE' ? debitors.phone : field === 'CVR' ? debitors.cvr : debitors.no;
    where = ilike(column, prefix);
    order = [sql`(${column} = ${text}) desc`, asc(column), asc(debitors.name)];
  }
  return db
    .select(debitorColumns)
    .from(debitors)
    .where(where)
    .orderBy(...order)
    .limit(DEBITOR_SEARCH_LIMIT);
}

export async function debitorExists(db: DbOrTx, no: string): Promise<boolean> {
  const [row] = await db.select({ no: debitors.no }).from(debitors).where(eq(debitors.no, no));
  return row !== undefined;
}

export async function listPriceAgreements(db: DbOrTx, debitorNo: string): Promise<TPriceAgreement[]> {
  return db
    .select({
      productNo: debitorPriceAgreements.productNo,
      productGroupId: debitorPriceAgreements.productGroupId,
      discountPercent: debitorPriceAgreements.discountPercent,
      netPriceOre: debitorPriceAgreements.netPriceOre,
    })
    .from(debitorPriceAgreements)
    .where(eq(debitorPriceAgreements.debitorNo, debitorNo));
}

/** The list price and group of catalogue products, by number. */
export async function findListPrices(
  db: DbOrTx,
  nos: string[],
): Promise<Array<{ no: string; groupId: string | null; listPriceOre: number }>> {
  if (nos.length === 0) return [];
  return db
    .select({ no: products.no, groupId: products.groupId, listPriceOre: products.listPriceOre })
    .from(products)
    .where(inArray(products.no, nos));
}
