import { ZCoordinateCacheEntry, ZCoordinates, type TCoordinateCacheEntry } from '@/domain/map/map.schemas';
import { api, isApiError } from '../../lib/api-client';

/**
 * Addresses to coordinates for the map (GET /api/departments/coordinates), kept in the browser's local storage as the
 * spec's coordinate cache entries ({address, lat, lng}; `exact` is ours), one key per address, so an address is asked
 * for once per browser. An address the server cannot place is not kept: it is asked for again on the next visit.
 */

const PREFIX = 'rudeplan.coordinates:';

export type TFoundPosition = Pick<TCoordinateCacheEntry, 'lat' | 'lng'> & { exact: boolean };

/** The cache key of an address: case and spacing do not make another address. */
export function coordinateCacheKey(address: string): string {
  return PREFIX + address.trim().replace(/\s+/g, ' ').toLowerCase();
}

export function readCachedPosition(address: string): TFoundPosition | null {
  try {
    const raw = localStorage.getItem(coordinateCacheKey(address));
    if (!raw) return null;
    const entry = ZCoordinateCacheEntry.safeParse(JSON.parse(raw));
    return entry.success ? { lat: entry.data.lat, lng: entry.data.lng, exact: entry.data.exact ?? false } : null;
  } catch {
    return null;
  }
}

function forgetAll(): void {
  for (let i = localStorage.length - 1; i >= 0; i--) {
    const key = localStorage.key(i);
    if (key?.startsWith(PREFIX)) localStorage.removeItem(key);
  }
}

export function cachePosition(address: string, position: TFoundPosition): void {
  const entry: TCoordinateCacheEntry = { address: address.trim(), lat: position.lat, lng: position.lng, exact: position.exact };
  const key = coordinateCacheKey(address);
  try {
    localStorage.setItem(key, JSON.stringify(entry));
  } catch {
    // A full storage: the map's entries go (they can all be asked for again), then one more try.
    try {
      forgetAll();
      localStorage.setItem(key, JSON.stringify(entry));
    } catch {
      // Blocked storage only means no cache.
    }
  }
}

/** Where an address is: from the cache, else from the server (and then cached); null when it cannot be found (404). */
export async function findPosition(address: string, signal?: AbortSignal): Promise<TFoundPosition | null> {
  const text = address.trim();
  // The server takes 1–200 characters; anything else cannot be placed.
  if (text.length === 0 || text.length > 200) return null;
  const cached = readCachedPosition(text);
  if (cached) return cached;
  try {
    const answer = ZCoordinates.parse(await api.get<unknown>(`/api/departments/coordinates?input=${encodeURIComponent(text)}`, signal));
    cachePosition(text, answer);
    return answer;
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}
