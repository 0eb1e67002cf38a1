import { startFakeServer, type FakeServer } from './fake-http';

/**
 * A DAWA-compatible address service, with the API DAWA documented (https://dawadocs.dataforsyningen.dk/dok/api,
 * the last version before DAWA closed in 2026): /autocomplete?q=&type=adresse answers [{ type, tekst, forslagstekst,
 * caretpos, data }]; /adresser?q=&struktur=mini answers [{ id, betegnelse, x, y, ... }] (x, y WGS84);
 * /datavask/adresser?betegnelse= answers { kategori: 'A' | 'B' | 'C', resultater: [{ adresse: { id, ... } }] };
 * /adresser/{id}?struktur=mini one address or 404 { type: 'ResourceNotFoundError', title, details }.
 */
export const DAWA_ADDRESSES = [
  { id: '0a3f50a0-73bf-32b8-e044-0003ba298018', betegnelse: 'Vestergade 12, 8000 Aarhus C', x: 10.2052, y: 56.1573 },
  { id: '0a3f50a0-73c0-32b8-e044-0003ba298018', betegnelse: 'Østergade 1, 1100 København K', x: 12.5803, y: 55.6794 },
] as const;

/** A text DAWA's search does not find but its address washing places (category B). */
export const DAWA_WASHABLE = { text: 'Vestergaade 12 Århus', id: DAWA_ADDRESSES[0].id };

export interface FakeDawa extends FakeServer {
  /** Refuse every request with DAWA's own 400 answer (QueryParameterFormatError), as it does for a parameter it cannot read. */
  refusing: boolean;
}

export async function startFakeDawa(): Promise<FakeDawa> {
  const words = (text: string) => text.toLowerCase().replace(/,/g, ' ').split(/\s+/).filter(Boolean);
  const matches = (betegnelse: string, q: string) =>
    words(q).every((w) => words(betegnelse).some((b) => b.startsWith(w.replace(/\*$/, ''))));
  const mini = (a: (typeof DAWA_ADDRESSES)[number]) => ({ id: a.id, status: 1, darstatus: 3, betegnelse: a.betegnelse, x: a.x, y: a.y });
  const state = { refusing: false };
  const server = await startFakeServer((request) => {
    if (state.refusing) {
      return {
        status: 400,
        body: {
          type: 'QueryParameterFormatError',
          title: 'One or more query parameters was ill-formed.',
          details: [['q', 'Invalid search text']],
        },
      };
    }
    const q = request.query.get('q') ?? '';
    if (request.path === '/autocomplete') {
      const limit = Number(request.query.get('per_side') ?? 100);
      const hits = DAWA_ADDRESSES.filter((a) => matches(a.betegnelse, q)).slice(0, limit);
      return {
        status: 200,
        body: hits.map((a) => ({
          type: 'adresse',
          tekst: a.betegnelse,
          forslagstekst: a.betegnelse,
          caretpos: a.betegnelse.length,
          data: mini(a),
        })),
      };
    }
    if (request.path === '/adresser') {
      if (request.query.get('struktur') !== 'mini')
        return { status: 400, body: { type: 'QueryParameterFormatError', title: 'Unexpected struktur', details: [] } };
      return { status: 200, body: DAWA_ADDRESSES.filter((a) => matches(a.betegnelse, q)).map(mini) };
    }
    if (request.path === '/datavask/adresser') {
      const text = request.query.get('betegnelse') ?? '';
      if (text === DAWA_WASHABLE.text)
        return {
          status: 200,
          body: { kategori: 'B', resultater: [{ adresse: { id: DAWA_WASHABLE.id, vejnavn: 'Vestergade', husnr: '12', postnr: '8000' } }] },
        };
      return { status: 200, body: { kategori: 'C', resultater: [] } };
    }
    const one = /^\/adresser\/([\w-]+)$/.exec(request.path);
    if (one) {
      const address = DAWA_ADDRESSES.find((a) => a.id === one[1]);
      return address
        ? { status: 200, body: mini(address) }
        : { status: 404, body: { type: 'ResourceNotFoundError', title: 'The resource was not found', details: { id: one[1] } } };
    }
    return { status: 404, body: { type: 'ResourcePathFormatError', title: 'Unknown path' } };
  });
  return Object.defineProperty(server, 'refusing', {
    get: () => state.refusing,
    set: (on: boolean) => (state.refusing = on),
    enumerable: true,
  }) as FakeDawa;
}
