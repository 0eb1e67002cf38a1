import { z } from 'zod';
import { fetchProviderJson, ProviderError } from '@/server/integrations/http/provider-fetch';
import { fromUtm32 } from './utm32';
import type { LatLng } from './zip-centroids';

/**
 * An outside address service (issue 42): suggestions for typed text (the order flow's autocomplete) and the position
 * of an address (the map). Either throws a ProviderError when the service gives no usable answer; the caller falls
 * back (zip-code centres, typing by hand).
 */
export interface AddressProvider {
  /** 'datafordeler' or 'dawa': also the `source` of cached coordinates. */
  readonly name: 'datafordeler' | 'dawa';
  suggest(text: string, limit: number): Promise<string[]>;
  /** The address's position; null when the service does not know the address. */
  locate(text: string): Promise<LatLng | null>;
}

// ---- Datafordeleren: Danmarks Adresseregister (DAR) through GraphQL ------------------------------------------------

/**
 * DAR on Datafordeleren, through its GraphQL service (the REST services closed on 30 June 2026): DAR_Husnummer is
 * searched on `adgangsadressebetegnelse` ('Sankt Kjelds Plads 11, 2100 København Ø'; `eq` and `startsWith`, no fuzzy
 * search), and its `adgangspunkt` (a DAR_Adressepunkt) gives the position in ETRS89 / UTM 32 (EPSG:25832). The API key
 * of an IT system in Datafordeler Administration goes in the `apiKey` query parameter.
 */
export function datafordelerAddressProvider(options: {
  url: string;
  apiKey: string;
  timeoutMs: number;
  now?: () => Date;
}): AddressProvider {
  const now = options.now ?? (() => new Date());
  const endpoint = `${options.url}${options.url.includes('?') ? '&' : '?'}apiKey=${encodeURIComponent(options.apiKey)}`;

  async function query<T extends z.ZodType>(text: string, entity: string, nodes: T): Promise<z.infer<T>[]> {
    const { body } = await fetchProviderJson('datafordeler', endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ query: text }),
      timeoutMs: options.timeoutMs,
    });
    const answer = ZGraphQlAnswer.safeParse(body);
    if (!answer.success) throw new ProviderError('datafordeler', 'bad-answer', 'not a GraphQL answer');
    if (answer.data.errors?.length) throw new ProviderError('datafordeler', 'refused', answer.data.errors.map((e) => e.message).join('; '));
    const found = z.object({ nodes: z.array(nodes) }).safeParse(answer.data.data?.[entity]);
    if (!found.success) throw new ProviderError('datafordeler', 'bad-answer', `no ${entity}.nodes`);
    return found.data.nodes;
  }

  /** Current access addresses (status 3, gældende) whose designation is, or starts with, the text. */
  const husnumre = (filter: 'eq' | 'startsWith', text: string, first: number) =>
    query(
      `{ DAR_Husnummer(first: ${first}, virkningstid: ${gql(now().toISOString())}, where: { adgangsadressebetegnelse: { ${filter}: ${gql(text)} }, status: { eq: "3" } }) { nodes { adgangsadressebetegnelse adgangspunkt } } }`,
      'DAR_Husnummer',
      ZHusnummer,
    );

  return {
    name: 'datafordeler',
    async suggest(text, limit) {
      const prefix = designationPrefix(text);
      if (!prefix) return [];
      return (await husnumre('startsWith', prefix, limit)).map((h) => h.adgangsadressebetegnelse);
    },
    async locate(text) {
      const designation = designationPrefix(text);
      if (!designation) return null;
      const exact = await husnumre('eq', designation, 1);
      const [hit] = exact.length ? exact : await husnumre('startsWith', designation, 1);
      if (!hit?.adgangspunkt) return null;
      const [point] = await query(
        `{ DAR_Adressepunkt(first: 1, virkningstid: ${gql(now().toISOString())}, where: { id_lokalId: { eq: ${gql(hit.adgangspunkt)} } }) { nodes { position } } }`,
        'DAR_Adressepunkt',
        z.object({ position: z.unknown() }),
      );
      if (!point) return null;
      const xy = readPoint(point.position);
      if (!xy) throw new ProviderError('datafordeler', 'bad-answer', 'a position that is not a point');
      return fromUtm32(xy[0], xy[1]);
    },
  };
}

const ZGraphQlAnswer = z.object({
  data: z.record(z.string(), z.unknown()).nullish(),
  errors: z.array(z.object({ message: z.string() })).optional(),
});

const ZHusnummer = z.object({ adgangsadressebetegnelse: z.string(), adgangspunkt: z.string().nullish() });

/** A GraphQL string literal (JSON's escaping is GraphQL's). */
const gql = (text: string) => JSON.stringify(text);

/**
 * The text as DAR writes a designation: single spaces, ', ' between its parts, the first letter upper case (DAR
 * matches case-sensitively and from the start; 'vestergade 12' finds 'Vestergade 12, 8000 Aarhus C').
 */
export function designationPrefix(text: string): string {
  const tidy = text
    .replace(/\s+/g, ' ')
    .replace(/\s*,\s*/g, ', ')
    .trim();
  return tidy.charAt(0).toUpperCase() + tidy.slice(1);
}

/** [x, y] of a position given as WKT ('POINT(574321.5 6224123.1)'), GeoJSON or { wkt }. */
function readPoint(position: unknown): [number, number] | null {
  if (typeof position === 'string') {
    const match = /POINT\s*(?:Z\s*)?\(\s*(-?[\d.]+)\s+(-?[\d.]+)/i.exec(position);
    return match ? [Number(match[1]), Number(match[2])] : null;
  }
  if (position && typeof position === 'object') {
    const value = position as { wkt?: unknown; coordinates?: unknown };
    if (typeof value.wkt === 'string') return readPoint(value.wkt);
    if (Array.isArray(value.coordinates) && typeof value.coordinates[0] === 'number' && typeof value.coordinates[1] === 'number') {
      return [value.coordinates[0], value.coordinates[1]];
    }
  }
  return null;
}

// ---- A DAWA-compatible service ---------------------------------------------------------------------------------

/**
 * A commercial service with the API DAWA had (api.dataforsyningen.dk until 2026): /autocomplete?q=&type=adresse for
 * suggestions, /adresser?q=&struktur=mini (x, y in WGS84) for a position, and /datavask/adresser?betegnelse= to wash a
 * text no search finds (category A or B: the address is known) before its position is read at /adresser/{id}.
 */
export function dawaAddressProvider(options: { url: string; timeoutMs: number }): AddressProvider {
  const base = options.url.replace(/\/$/, '');
  const get = (path: string, accept: readonly number[] = []) =>
    fetchProviderJson('dawa', `${base}${path}`, { headers: { accept: 'application/json' }, timeoutMs: options.timeoutMs, accept });
  const parse = <T extends z.ZodType>(schema: T, body: unknown): z.infer<T> => {
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new ProviderError('dawa', 'bad-answer', 'an answer of another shape');
    return parsed.data;
  };
  const ZMini = z.object({ x: z.number(), y: z.number() });

  return {
    name: 'dawa',
    async suggest(text, limit) {
      const { body } = await get(`/autocomplete?q=${encodeURIComponent(text)}&type=adresse&per_side=${limit}`);
      return parse(z.array(z.object({ tekst: z.string() })), body).map((s) => s.tekst);
    },
    async locate(text) {
      const search = await get(`/adresser?q=${encodeURIComponent(text)}&struktur=mini&per_side=1`);
      const [hit] = parse(z.array(ZMini), search.body);
      if (hit) return { lat: hit.y, lng: hit.x };
      const washed = parse(
        z.object({ kategori: z.string(), resultater: z.array(z.object({ adresse: z.object({ id: z.string() }) })) }),
        (await get(`/datavask/adresser?betegnelse=${encodeURIComponent(text)}`)).body,
      );
      const id = washed.kategori === 'C' ? undefined : washed.resultater[0]?.adresse.id;
      if (!id) return null;
      const one = await get(`/adresser/${encodeURIComponent(id)}?struktur=mini`, [404]);
      if (one.status === 404) return null;
      const position = parse(ZMini, one.body);
      return { lat: position.y, lng: position.x };
    },
  };
}
