import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emptyOrder, type TOrder } from '@/domain/orders/order.schemas';
import { renderWithProviders } from '../../../test-utils';
import { MapLink } from './map-link';

const VAN = '7f1c0d4e-3a0c-4d55-9a53-0d6c7b0c1a11';

function orderAt(mobileService: boolean, address: string): TOrder {
  const order = emptyOrder();
  order.timeAndPlace.department = { ...order.timeAndPlace.department, id: VAN, name: 'Mobil Aarhus', mobileService };
  order.timeAndPlace.mobileServiceLocation = { ...order.timeAndPlace.mobileServiceLocation, address };
  return order;
}

describe("the worksheet's map link", () => {
  it("opens the custom map view of a mobile job's address in a new window", () => {
    renderWithProviders(<MapLink order={orderAt(true, 'Søndergade 1, 8000 Aarhus C')} />);
    const link = screen.getByRole('link', { name: 'Vis på kort (nyt vindue)' });
    expect(link).toHaveAttribute('target', '_blank');
    const url = new URL(link.getAttribute('href')!, 'http://localhost');
    expect(url.pathname).toBe('/mobile-service-map');
    expect(Object.fromEntries(url.searchParams)).toEqual({ deptId: VAN, addr: 'Søndergade 1, 8000 Aarhus C', isCustomMapView: 'true' });
  });

  it('is not shown at a workshop or without an address', () => {
    renderWithProviders(
      <>
        <MapLink order={orderAt(false, 'Søndergade 1, 8000 Aarhus C')} />
        <MapLink order={orderAt(true, '  ')} />
      </>,
    );
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
