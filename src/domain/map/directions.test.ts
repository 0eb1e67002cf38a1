import { describe, expect, it } from 'vitest';
import { directionsUrl } from './directions';

describe('directionsUrl', () => {
  it('asks the maps for the way to the address, encoded', () => {
    const url = new URL(directionsUrl(' Søndergade 1, 8000 Aarhus C ')!);
    expect(url.origin + url.pathname).toBe('https://www.google.com/maps/dir/');
    expect(Object.fromEntries(url.searchParams)).toEqual({ api: '1', destination: 'Søndergade 1, 8000 Aarhus C' });
  });

  it('appends ,Denmark to an address that names Denmark, once', () => {
    expect(new URL(directionsUrl('Vej 2 denmark')!).searchParams.get('destination')).toBe('Vej 2 denmark,Denmark');
    expect(new URL(directionsUrl('Vej 2, Denmark')!).searchParams.get('destination')).toBe('Vej 2, Denmark');
  });

  it('gives no link without an address', () => {
    expect(directionsUrl('  ')).toBeNull();
  });
});
