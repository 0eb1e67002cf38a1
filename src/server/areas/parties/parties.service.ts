import { oreToKroner } from '@/domain/lib/money';
import { debitorPriceFor } from '@/domain/orders';
import {
  AUTOCOMPLETE_MIN_LENGTH,
  type TDebitor,
  type TDebitorItemPrice,
  type TDebitorSearchField,
  type TInsurer,
  type TLeaser,
} from '@/domain/parties';
import type { Db } from '@/server/db/client';
import { AppError } from '@/server/errors';
import * as repo from './parties.repo';

const PARTY_MESSAGES = {
  debitorNotFound: 'Debitoren blev ikke fundet',
} as const;

export function listInsurers(db: Db, options: { reviewOnly?: boolean } = {}): Promise<TInsurer[]> {
  return repo.listInsurers(db, options);
}

/** The insurers' names only, by name (the public booking page's list: no debitor or other staff data). */
export async function listInsurerNames(db: Db): Promise<string[]> {
  return (await repo.listInsurers(db)).map((insurer) => insurer.name);
}

export function listLeasers(db: Db): Promise<TLeaser[]> {
  return repo.listLeasers(db);
}

/** Phone numbers are stored as 8 digits: spaces, dashes and a +45/0045 prefix are dropped. */
function phoneDigits(text: string): string {
  const digits = text.replace(/[^\d+]/g, '');
  const national = digits.replace(/^(\+45|0045)(?=\d{4})/, '');
  return national.replace(/\D/g, '');
}

/**
 * The customer search: at least four typed characters (document 1 section 9), at most
 * twenty answers. Numbers (phone, CVR, customer number) match from the start.
 */
export async function searchDebitors(db: Db, field: TDebitorSearchField, query: string): Promise<TDebitor[]> {
  const text = query.trim();
  if (text.length < AUTOCOMPLETE_MIN_LENGTH) return [];
  switch (field) {
    case 'NAME':
      return repo.searchDebitors(db, field, text.replace(/\s+/g, ' '));
    case 'PHONE': {
      const digits = phoneDigits(text);
      return digits.length >= AUTOCOMPLETE_MIN_LENGTH ? repo.searchDebitors(db, field, digits) : [];
    }
    case 'CVR': {
      const digits = text.replace(/^DK/i, '').replace(/[\s-]/g, '');
      return digits.length >= AUTOCOMPLETE_MIN_LENGTH ? repo.searchDebitors(db, field, digits) : [];
    }
    case 'NAV':
      return repo.searchDebitors(db, field, text.replace(/\s+/g, ''));
  }
}

/**
 * 'Kundepris': the debitor's unit price excl. VAT per product, by the rule in
 * `debitorPriceFor` (net price, else the best product/group discount, else the general one).
 * Numbers not in the catalogue are left out of the answer.
 */
export async function getDebitorPrices(db: Db, debitorNo: string, items: string[]): Promise<TDebitorItemPrice[]> {
  const no = debitorNo.trim();
  if (!(await repo.debitorExists(db, no))) throw AppError.notFound(PARTY_MESSAGES.debitorNotFound);
  const nos = [...new Set(items.map((item) => item.trim()).filter(Boolean))];
  const [products, agreements] = await Promise.all([repo.findListPrices(db, nos), repo.listPriceAgreements(db, no)]);
  const byNo = new Map(products.map((product) => [product.no, product]));
  return nos.flatMap((itemNo) => {
    const product = byNo.get(itemNo);
    if (!product) return [];
    const price = debitorPriceFor(product.listPriceOre, product.no, product.groupId, agreements);
    return [
      {
        itemNo: product.no,
        price: oreToKroner(price.priceOre),
        discountPercent: price.discountPercent,
        discountAmount: oreToKroner(price.discountAmountOre),
      },
    ];
  });
}
