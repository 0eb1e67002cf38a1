import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { addressCoordinates } from '@/server/db/schema';
import type { Env } from '@/server/env';
import { datafordelerAddressProvider, dawaAddressProvider, type AddressProvider } from './address-providers';
import { zipCentroid, type LatLng } from './zip-centroids';

/**
 * Addresses for the order flow's autocomplete and coordinates for the mobile-service map and the departments'
 * positions. The default is local and offline: the zip code in the address (or the zip code of its city) gives the
 * approximate centre of its area (zip-centroids.ts). With ADDRESS_PROVIDER (issue 42) an outside service finds the
 * address itself: Danmarks Adresseregister on Datafordeleren, or a DAWA-compatible service. Positions it finds are
 * kept in address_coordinates, so each address is asked once; when it gives no answer the zip-code centre is used
 * and the failure logged.
 */
export interface Geocoder {
  /** Coordinates of an address, a zip code or a city; null when nothing in it is known. */
  locate(input: string): Promise<(LatLng & { exact: boolean }) | null>;
  /**
   * Address suggestions for typed text; `lookedUp` false when the address service gave no answer (the user types the
   * address; the zip-code suggestions are given instead).
   */
  suggest(input: string): Promise<{ suggestions: string[]; lookedUp: boolean }>;
}

/** Finds the zip code of a city name ('Aarhus C' → '8000'), for addresses without a zip code. */
export type ZipOfCity = (city: string) => Promise<string | null>;
/** Zip codes and cities matching typed text ('820' → '8200 Aarhus N'). */
export type SuggestZipCodes = (input: string) => Promise<string[]>;

const ZIP_IN_TEXT = /(?:^|\D)(\d{4})(?:\D|$)/;
const SUGGESTIONS = 10;

export function localGeocoder(zipOfCity: ZipOfCity, suggestZipCodes: SuggestZipCodes): Geocoder {
  return {
    async locate(input) {
      const text = input.trim();
      if (!text) return null;
      const zip =
        ZIP_IN_TEXT.exec(text)?.[1] ??
        (await zipOfCity(
          text
            .split(',')
            .at(-1)!
            .replace(/denmark|danmark/gi, '')
            .trim(),
        ));
      const found = zip ? zipCentroid(zip) : null;
      return found && { ...found, exact: false };
    },
    async suggest(input) {
      return { suggestions: await suggestZipCodes(input), lookedUp: true };
    },
  };
}

/** The cache key of an address: trimmed, single spaces, lower case. */
export const coordinateKey = (input: string) => input.trim().replace(/\s+/g, ' ').toLowerCase();

/** An outside address service in front of the local answers, with the coordinates it finds kept in the database. */
export function providerGeocoder(provider: AddressProvider, db: DbOrTx, fallback: Geocoder, log: (message: string) => void): Geocoder {
  const failed = (what: string, error: unknown) =>
    log(`Address ${what} through ${provider.name} failed (${(error as Error).message}); using the local answer`);
  return {
    async locate(input) {
      const key = coordinateKey(input);
      if (!key) return null;
      const [cached] = await db.select().from(addressCoordinates).where(eq(addressCoordinates.address, key)).limit(1);
      if (cached) return { lat: cached.lat, lng: cached.lng, exact: true };
      try {
        const found = await provider.locate(input.trim());
        if (found) {
          await db
            .insert(addressCoordinates)
            .values({ address: key, lat: found.lat, lng: found.lng, source: provider.name })
            .onConflictDoNothing();
          return { ...found, exact: true };
        }
      } catch (error) {
        failed('look-up', error);
      }
      return fallback.locate(input);
    },
    async suggest(input) {
      const text = input.trim();
      if (text.length < 2) return fallback.suggest(input);
      try {
        return { suggestions: await provider.suggest(text, SUGGESTIONS), lookedUp: true };
      } catch (error) {
        failed('search', error);
        return { suggestions: (await fallback.suggest(input)).suggestions, lookedUp: false };
      }
    },
  };
}

type TAddressEnv = Pick<
  Env,
  'ADDRESS_PROVIDER' | 'DATAFORDELER_URL' | 'DATAFORDELER_API_KEY' | 'DAWA_URL' | 'GEOCODING_URL' | 'ADDRESS_TIMEOUT_MS'
>;

/** The outside address service the environment names; null for the local default. */
export function createAddressProvider(env: TAddressEnv): AddressProvider | null {
  const dawaUrl = env.DAWA_URL ?? env.GEOCODING_URL;
  const choice = env.ADDRESS_PROVIDER ?? (dawaUrl ? 'dawa' : env.DATAFORDELER_API_KEY ? 'datafordeler' : 'local');
  if (choice === 'datafordeler' && env.DATAFORDELER_API_KEY) {
    return datafordelerAddressProvider({ url: env.DATAFORDELER_URL, apiKey: env.DATAFORDELER_API_KEY, timeoutMs: env.ADDRESS_TIMEOUT_MS });
  }
  if (choice === 'dawa' && dawaUrl) return dawaAddressProvider({ url: dawaUrl, timeoutMs: env.ADDRESS_TIMEOUT_MS });
  return null;
}

export function createGeocoder(
  env: TAddressEnv,
  db: DbOrTx,
  local: { zipOfCity: ZipOfCity; suggestZipCodes: SuggestZipCodes },
  log: (message: string) => void,
): Geocoder {
  const fallback = localGeocoder(local.zipOfCity, local.suggestZipCodes);
  const provider = createAddressProvider(env);
  return provider ? providerGeocoder(provider, db, fallback, log) : fallback;
}
