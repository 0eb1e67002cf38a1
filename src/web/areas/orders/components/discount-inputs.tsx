import { SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  DISCOUNT_PERCENT_MAX_LENGTH,
  discountAmountCapInclKroner,
  discountInputsDisabled,
  exclVatPriceToIncl,
  parseDiscountAmountInput,
  parseDiscountPercentInput,
  withDiscountAmountIncl,
  withDiscountPercent,
} from '@/domain/orders/order-pricing';
import type { TOrder } from '@/domain/orders/order.schemas';

/** A value as the boxes take it back: no thousands separators, comma decimals, no ',00'. */
const shown = (value: number) =>
  value > 0
    ? value
        .toFixed(2)
        .replace('.', ',')
        .replace(/,00$/, '')
        .replace(/(,\d)0$/, '$1')
    : '';

/** The typed number the parser accepted, or what it was capped to. */
function textAfter(typed: string, value: number): string {
  const typedNumber = Number(typed.trim().replace(',', '.'));
  return Number.isFinite(typedNumber) && typedNumber > value ? shown(value) : typed;
}

interface DiscountInputsProps {
  order: Pick<TOrder, 'items' | 'additionalData'>;
  onChange: (change: (additionalData: TOrder['additionalData']) => TOrder['additionalData']) => void;
  disabled?: boolean;
}

/**
 * 'Rabat %' and 'Rabat kr.' (document 1 section 5): the domain's parsers decide what a keystroke
 * means (a keystroke that breaks the pattern is ignored; empty is 0; percent is capped at 100 and
 * kr at the order total before discount); only one is used at a time, so each is disabled while
 * the other holds a value. Kr is typed incl. VAT and stored excl. VAT.
 */
export function DiscountInputs({ order, onChange, disabled }: DiscountInputsProps) {
  const ad = order.additionalData;
  const [percentText, setPercentText] = useState<string | null>(null);
  const [amountText, setAmountText] = useState<string | null>(null);
  const locked = discountInputsDisabled(ad);

  return (
    <SimpleGrid cols={2} spacing="sm">
      <TextInput
        label="Rabat %"
        placeholder="0"
        value={percentText ?? shown(ad.discountPercent)}
        disabled={disabled || locked.percent}
        inputMode="decimal"
        maxLength={DISCOUNT_PERCENT_MAX_LENGTH}
        onChange={(event) => {
          const typed = event.currentTarget.value;
          const value = parseDiscountPercentInput(typed);
          if (value === null) return;
          setPercentText(textAfter(typed, value));
          onChange((data) => withDiscountPercent(data, value));
        }}
        onBlur={() => setPercentText(null)}
      />
      <TextInput
        label="Rabat kr."
        placeholder="inkl. moms"
        value={amountText ?? shown(exclVatPriceToIncl(ad.discountAmount))}
        disabled={disabled || locked.amount}
        inputMode="decimal"
        onChange={(event) => {
          const typed = event.currentTarget.value;
          const value = parseDiscountAmountInput(typed, discountAmountCapInclKroner(order));
          if (value === null) return;
          setAmountText(textAfter(typed, value));
          onChange((data) => withDiscountAmountIncl(data, value));
        }}
        onBlur={() => setAmountText(null)}
      />
    </SimpleGrid>
  );
}
