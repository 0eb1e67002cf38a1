import type { Env } from '@/server/env';
import { zipCentroid, type LatLng } from './zip-centroids';

/**
 * Addresses to coordinates, for the mobile-service map and the departments' positions. The default is local and
 * offline: the zip code in the address (or the zip code of its city) gives the approximate centre of its area
 * (zip-centroids.ts). With GEOCODING_URL set, the Danish address service (DAWA, api.dataforsyningen.dk, or a
 * compatible one) finds the address itself; when it cannot, the local answer is used and the failure logged.
 */
export interface Geocoder {
  /** Coordinates of an address, a zip code or a city; null when nothing in it is known. */
  locate(input: string): Promise<(LatLng & { exact: boolean }) | null>;
}

/** Finds the zip code of a city name ('Aarhus C' → '8000'), for addresses without a zip code. */
export type ZipOfCity = (city: string) => Promise<string | null>;

const ZIP_IN_TEXT = /(?:^|\D)(\d{4})(?:\D|$)/;

export function localGeocoder(zipOfCity: ZipOfCity): Geocoder {
  return {
    async locate(input) {
      const text = input.trim();
      if (!text) return null;
      const zip = ZIP_IN_TEXT.exec(text)?.[1] ?? (await zipOfCity(text.split(',').at(-1)!.replace(/denmark|danmark/gi, '').trim()));
      const found = zip ? zipCentroid(zip) : null;
      return found && { ...found, exact: false };
    },
  };
}

export function dawaGeocoder(baseUrl: string, fallback: Geocoder, log: (message: string) => void): Geocoder {
  return {
    async locate(input) {
      try {
        const url = `${baseUrl.replace(/\/$/, '')}/adresser?q=${encodeURIComponent(input)}&struktur=mini&per_side=1`;
        const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const [hit] = (await response.json()) as Array<{ x?: number; y?: number }>;
        if (hit && typeof hit.x === 'number' && typeof hit.y === 'number') return { lat: hit.y, lng: hit.x, exact: true };
      } catch (error) {
        log(`Geocoding through ${baseUrl} failed (${(error as Error).message}); using the zip-code centre`);
      }
      return fallback.locate(input);
    },
  };
}

export function createGeocoder(env: Pick<Env, 'GEOCODING_URL'>, zipOfCity: ZipOfCity, log: (message: string) => void): Geocoder {
  const local = localGeocoder(zipOfCity);
  return env.GEOCODING_URL ? dawaGeocoder(env.GEOCODING_URL, local, log) : local;
}
