import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ZProduct } from '@/domain/catalogue/catalogue.schemas';
import { emptyOrder } from '@/domain/orders/order.schemas';
import { renderWithProviders } from '../../../test-utils';
import { ProductTable } from './product-table';

describe('ProductTable pictures', () => {
  it("shows each product's drawing as a small thumbnail", () => {
    const products = [ZProduct.parse({ itemNo: 'F10001', no: 'F10001', name: 'Forrude VW Golf VII', itemPrice: 3950 }), ZProduct.parse({ itemNo: 'PK3', no: 'PK3', name: 'Kalibrering', type: 3 })];
    const { container } = renderWithProviders(<ProductTable products={products} order={emptyOrder()} onAdd={vi.fn()} onRemove={vi.fn()} onAddAll={vi.fn()} />);
    expect(screen.getByRole('table', { name: 'Produkter' })).toBeInTheDocument();
    const images = [...container.querySelectorAll('img')];
    expect(images.map((img) => img.getAttribute('src'))).toEqual(['/api/product/image/F10001?v=1', '/api/product/image/PK3?v=1']);
    // Decorative: the number and name beside it say what it is.
    expect(images.every((img) => img.getAttribute('alt') === '')).toBe(true);
  });
});
