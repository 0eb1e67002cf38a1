import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { TOrder } from '@/domain/orders/order.schemas';
import { emptyOrder, ZOrderItem } from '@/domain/orders/order.schemas';
import { renderWithProviders } from '../../../test-utils';
import { DiscountInputs } from './discount-inputs';

let latest: TOrder['additionalData'] = emptyOrder().additionalData;

/** An order worth 1.000 kr. excl. VAT (1.250 kr. incl.). */
function Harness() {
  const [order, setOrder] = useState<TOrder>(() => ({
    ...emptyOrder(),
    items: [ZOrderItem.parse({ itemNo: 'F10001', no: 'F10001', name: 'Forrude', amount: 1, itemPrice: 1000 })],
  }));
  latest = order.additionalData;
  return <DiscountInputs order={order} onChange={(change) => setOrder((o) => ({ ...o, additionalData: change(o.additionalData) }))} />;
}

function setup() {
  renderWithProviders(<Harness />);
  return { user: userEvent.setup(), percent: screen.getByLabelText('Rabat %'), amount: screen.getByLabelText('Rabat kr.') };
}

describe('discount inputs', () => {
  it('disables the kr box while a percent is used, and enables it again when the percent is emptied', async () => {
    const { user, percent, amount } = setup();
    await user.type(percent, '12,5');
    expect(percent).toHaveValue('12,5');
    expect(latest).toMatchObject({ discountPercent: 12.5, discountAmount: 0 });
    expect(amount).toBeDisabled();

    await user.clear(percent);
    expect(latest.discountPercent).toBe(0);
    expect(amount).toBeEnabled();
  });

  it('caps the percent at 100 and ignores keystrokes that break the pattern', async () => {
    const { user, percent } = setup();
    await user.type(percent, '1a5');
    expect(percent).toHaveValue('15');
    await user.clear(percent);
    await user.type(percent, '150');
    expect(percent).toHaveValue('100');
    expect(latest.discountPercent).toBe(100);
  });

  it('takes kr incl. VAT, stores it excl. VAT, caps it at the total, and disables the percent box meanwhile', async () => {
    const { user, percent, amount } = setup();
    await user.type(amount, '250');
    expect(latest).toMatchObject({ discountAmount: 200, discountPercent: 0 });
    expect(percent).toBeDisabled();

    await user.type(amount, '0');
    expect(amount).toHaveValue('1250');
    expect(latest.discountAmount).toBe(1000);
  });
});
