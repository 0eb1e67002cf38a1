import { toUtm32 } from '@/server/integrations/geocoding/utm32';
import { startFakeServer, type FakeServer } from './fake-http';

/**
 * Datafordeleren's GraphQL service for Danmarks Adresseregister (DAR), as documented at confluence.sdfi.dk
 * ("GraphQL på Datafordeleren", https://confluence.sdfi.dk/pages/viewpage.action?pageId=187105434, and the DAR
 * Husnummer attributes, https://confluence.sdfi.dk/x/wgGpCw): POST {query} to /DAR/v1?apiKey=…; DAR_Husnummer
 * filtered on adgangsadressebetegnelse (eq / startsWith, case-sensitive) and status, `first` for paging, answers
 * { data: { DAR_Husnummer: { nodes: [...] } } }; DAR_Adressepunkt by id_lokalId gives `position` as WKT in
 * EPSG:25832. A missing or wrong key is 401; a query it cannot run is a 200 with GraphQL `errors`.
 */
export const DAR_ADDRESSES = [
  { betegnelse: 'Vestergade 12, 8000 Aarhus C', lat: 56.1573, lng: 10.2052 },
  { betegnelse: 'Vestergade 14, 8000 Aarhus C', lat: 56.1575, lng: 10.2049 },
  { betegnelse: 'Sankt Kjelds Plads 11, 2100 København Ø', lat: 55.7089, lng: 12.5745 },
] as const;

export const DATAFORDELER_API_KEY = 'test-api-key';

export interface FakeDatafordeler extends FakeServer {
  /** Answer every query with GraphQL errors (as Datafordeleren does for a query it cannot run). */
  graphqlErrors: boolean;
}

export async function startFakeDatafordeler(): Promise<FakeDatafordeler> {
  const pointId = (index: number) => `0a3f5${String(index).padStart(3, '0')}-0000-4000-8000-00000000000${index}`;
  const state = { graphqlErrors: false };
  const server = await startFakeServer((request) => {
    if (request.method !== 'POST' || request.path !== '/DAR/v1') return { status: 404, body: { message: 'Not Found' } };
    if (request.query.get('apiKey') !== DATAFORDELER_API_KEY) return { status: 401, body: { message: 'Unauthorized' } };
    if (state.graphqlErrors)
      return { status: 200, body: { errors: [{ message: 'The field `adgangsadressebetegnelse` does not exist' }], data: null } };
    const query = (JSON.parse(request.body) as { query: string }).query;
    const first = Number(/first:\s*(\d+)/.exec(query)?.[1] ?? 100);
    if (query.includes('DAR_Husnummer')) {
      const filter = /adgangsadressebetegnelse:\s*\{\s*(eq|startsWith):\s*("(?:[^"\\]|\\.)*")/.exec(query);
      if (!filter || !/status:\s*\{\s*eq:\s*"3"/.test(query)) return { status: 200, body: { errors: [{ message: 'Unexpected query' }] } };
      const text = JSON.parse(filter[2]!) as string;
      const nodes = DAR_ADDRESSES.map((a, i) => ({ adgangsadressebetegnelse: a.betegnelse, adgangspunkt: pointId(i) }))
        .filter((h) => (filter[1] === 'eq' ? h.adgangsadressebetegnelse === text : h.adgangsadressebetegnelse.startsWith(text)))
        .slice(0, first);
      return { status: 200, body: { data: { DAR_Husnummer: { pageInfo: { hasNextPage: false }, nodes } } } };
    }
    if (query.includes('DAR_Adressepunkt')) {
      const id = JSON.parse(/id_lokalId:\s*\{\s*eq:\s*("(?:[^"\\]|\\.)*")/.exec(query)?.[1] ?? '""') as string;
      const index = DAR_ADDRESSES.findIndex((_, i) => pointId(i) === id);
      const address = DAR_ADDRESSES[index];
      const nodes = address ? [{ position: (({ x, y }) => `POINT(${x.toFixed(2)} ${y.toFixed(2)})`)(toUtm32(address)) }] : [];
      return { status: 200, body: { data: { DAR_Adressepunkt: { nodes } } } };
    }
    return { status: 200, body: { errors: [{ message: 'Unknown entity' }] } };
  });
  return Object.defineProperty(server, 'graphqlErrors', {
    get: () => state.graphqlErrors,
    set: (on: boolean) => (state.graphqlErrors = on),
    enumerable: true,
  }) as FakeDatafordeler;
}
