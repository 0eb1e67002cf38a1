import { formatKroner } from '@/domain/lib/money';
import { oldPriceField, type TOldPriceFieldKey } from '@/domain/old-prices/old-price-fields';
import type { TOldProduct } from '@/domain/old-prices/old-price.schemas';
import { exclVatPriceToIncl } from '@/domain/orders/order-pricing';
import { countText } from '@/domain/lib/plural';

/** Shown for an empty cell of the sheet. */
export const EMPTY = '–';

const count = new Intl.NumberFormat('da-DK');
const hours = new Intl.NumberFormat('da-DK', { maximumFractionDigits: 2 });

/** 1234.5 → '1.234,50 kr.'; null → '–'. */
export function formatMoney(kroner: number | null): string {
  return kroner === null ? EMPTY : `${formatKroner(kroner)} kr.`;
}

/** The same amount with VAT added, for the popup's prices. */
export function formatMoneyInclVat(kroner: number): string {
  return `${formatKroner(exclVatPriceToIncl(kroner))} kr.`;
}

/** 1.5 → '1,5 timer', 1 → '1 time'. */
export function formatHours(value: number | null): string {
  return value === null ? EMPTY : countText(value, 'time', 'timer', hours.format(value));
}

/** 1234 → '1.234'. */
export function formatCount(value: number): string {
  return count.format(value);
}

/** A field of a row as the popup shows it. */
export function formatField(product: TOldProduct, key: TOldPriceFieldKey): string {
  const field = oldPriceField(key);
  const value = product[key];
  if (field.kind === 'money') return formatMoney(value as number | null);
  if (field.kind === 'hours') return formatHours(value as number | null);
  return (value as string) || EMPTY;
}

/** 'Volkswagen Golf IV 1998-2003' without empty parts. */
export function describeCar(product: Pick<TOldProduct, 'brand' | 'model' | 'year'>): string {
  return [product.brand, product.model, product.year].filter(Boolean).join(' ');
}
