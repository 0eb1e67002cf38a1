import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ZProduct } from '@/domain/catalogue/catalogue.schemas';
import { applyDebitorPrices } from '@/domain/orders/order-pricing';
import { emptyOrder, ZOrderItem } from '@/domain/orders/order.schemas';
import { renderWithProviders } from '../../../test-utils';
import { OrderLines } from './order-lines';
import { ProductTable } from './product-table';

describe('ProductTable pictures', () => {
  it("shows each product's drawing as a small thumbnail", () => {
    const products = [
      ZProduct.parse({ itemNo: 'F10001', no: 'F10001', name: 'Forrude VW Golf VII', itemPrice: 3950 }),
      ZProduct.parse({ itemNo: 'PK3', no: 'PK3', name: 'Kalibrering', type: 3 }),
    ];
    const { container } = renderWithProviders(
      <ProductTable products={products} order={emptyOrder()} onAdd={vi.fn()} onRemove={vi.fn()} onAddAll={vi.fn()} />,
    );
    expect(screen.getByRole('table', { name: 'Produkter' })).toBeInTheDocument();
    const images = [...container.querySelectorAll('img')];
    expect(images.map((img) => img.getAttribute('src'))).toEqual(['/api/product/image/F10001?v=1', '/api/product/image/PK3?v=1']);
    // Decorative: the number and name beside it say what it is.
    expect(images.every((img) => img.getAttribute('alt') === '')).toBe(true);
  });
});

describe('one discount on every screen', () => {
  it("shows a debitor's agreement as the same 'Rabat' in the product list and in the order lines", () => {
    // A debitor with 18 % off a list price of 3.950,00 excl. VAT: the debitor's price is 3.239,00.
    const price = { itemNo: 'F10001', price: 3239, discountPercent: 18, discountAmount: 711 };
    const [line] = applyDebitorPrices(
      [ZOrderItem.parse({ itemNo: 'F10001', no: 'F10001', name: 'Forrude VW Golf VII', itemPrice: 3950 })],
      [price],
    );
    const order = emptyOrder();
    order.debitor = { ...order.debitor, no: '10001', debitorName: 'Tryg' };
    order.items = [line!];
    renderWithProviders(
      <>
        <ProductTable
          products={[ZProduct.parse({ itemNo: 'F10001', no: 'F10001', name: 'Forrude VW Golf VII', itemPrice: 3950 })]}
          order={order}
          onAdd={vi.fn()}
          onRemove={vi.fn()}
          onAddAll={vi.fn()}
        />
        <OrderLines items={order.items} onChange={vi.fn()} onRemove={vi.fn()} canEditExclPrice={false} readOnly={false} />
      </>,
    );
    const product = within(screen.getByRole('table', { name: 'Produkter' })).getByRole('row', { name: /F10001/ });
    expect(product).toHaveTextContent('Rabat 18,00 %');
    // Kundepris incl. VAT: 3.239,00 × 1,25.
    expect(product).toHaveTextContent('4.048,75');
    const orderLine = within(screen.getByRole('table', { name: 'Ordrelinjer' })).getByRole('row', { name: /F10001/ });
    const cells = within(orderLine)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    // List price incl. VAT, the same 18,00 % and the same price to pay.
    expect(within(orderLine).getByRole('textbox', { name: 'Enhedspris inkl. moms for F10001' })).toHaveValue('4.937,50');
    expect(cells).toContain('18,00');
    expect(cells.at(-2)).toBe('4.048,75 kr.');
  });
});
