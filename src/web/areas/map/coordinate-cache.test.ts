import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test-utils';
import { cachePosition, coordinateCacheKey, findPosition, readCachedPosition } from './coordinate-cache';

const AARHUS = { lat: 56.1572, lng: 10.2107, exact: true };
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  localStorage.clear();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => jsonResponse(AARHUS));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const notFound = () => jsonResponse({ status: 404, type: 'GENERIC_ERROR', message: 'Adressen blev ikke fundet' }, { status: 404 });

describe('the coordinate cache', () => {
  it('keeps one entry per address, whatever its case and spacing', () => {
    expect(coordinateCacheKey('  Vestergade 12,   8000 Aarhus C ')).toBe(coordinateCacheKey('vestergade 12, 8000 aarhus c'));
    expect(coordinateCacheKey('Vestergade 12')).not.toBe(coordinateCacheKey('Vestergade 14'));
  });

  it('asks the server once per address and keeps the answer in local storage as {address, lat, lng}', async () => {
    expect(await findPosition(' Vestergade 12, 8000 Aarhus C ')).toEqual(AARHUS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toBe(
      `/api/departments/coordinates?input=${encodeURIComponent('Vestergade 12, 8000 Aarhus C')}`,
    );
    expect(JSON.parse(localStorage.getItem(coordinateCacheKey('Vestergade 12, 8000 Aarhus C'))!)).toEqual({
      address: 'Vestergade 12, 8000 Aarhus C',
      ...AARHUS,
    });

    // Another visit (or another spelling of the same address) finds it without asking.
    expect(await findPosition('VESTERGADE 12,  8000 AARHUS C')).toEqual(AARHUS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reads an entry the spec wrote without exact as not exact', () => {
    localStorage.setItem(coordinateCacheKey('Søndergade 1'), JSON.stringify({ address: 'Søndergade 1', lat: 56.15, lng: 10.2 }));
    expect(readCachedPosition('Søndergade 1')).toEqual({ lat: 56.15, lng: 10.2, exact: false });
  });

  it('does not keep an address the server cannot place: it is asked for again', async () => {
    fetchMock.mockImplementation(async () => notFound());
    expect(await findPosition('Ingensteds 99')).toBeNull();
    expect(readCachedPosition('Ingensteds 99')).toBeNull();
    expect(await findPosition('Ingensteds 99')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(2);

    fetchMock.mockImplementation(async () =>
      jsonResponse({ status: 400, type: 'VALIDATION_ERROR', message: 'Ugyldig adresse', errors: { input: ['Ugyldig'] } }, { status: 400 }),
    );
    expect(await findPosition('???')).toBeNull();
  });

  it('asks nothing for an empty or over-long address, and passes on a server failure', async () => {
    expect(await findPosition('   ')).toBeNull();
    expect(await findPosition('x'.repeat(201))).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockImplementation(async () => jsonResponse({ status: 500, type: 'GENERIC_ERROR', message: 'Fejl' }, { status: 500 }));
    await expect(findPosition('Vestergade 12')).rejects.toMatchObject({ status: 500 });
    expect(readCachedPosition('Vestergade 12')).toBeNull();
  });

  it('asks again when an entry cannot be read (broken JSON, a position off the globe)', async () => {
    localStorage.setItem(coordinateCacheKey('Vestergade 12'), '{not json');
    localStorage.setItem(coordinateCacheKey('Vestergade 14'), JSON.stringify({ address: 'Vestergade 14', lat: 123, lng: 10 }));
    expect(readCachedPosition('Vestergade 12')).toBeNull();
    expect(readCachedPosition('Vestergade 14')).toBeNull();
    expect(await findPosition('Vestergade 14')).toEqual(AARHUS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(readCachedPosition('Vestergade 14')).toEqual(AARHUS);
  });

  it("makes room in a full storage by forgetting the map's own entries only", () => {
    cachePosition('Gammel vej 1', { lat: 55, lng: 12, exact: false });
    localStorage.setItem('rudeplan.other-setting', 'kept');
    const setItem = Storage.prototype.setItem;
    let refusals = 1;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      if (refusals-- > 0) throw new DOMException('full', 'QuotaExceededError');
      setItem.call(this, key, value);
    });
    cachePosition('Ny vej 2', { lat: 56, lng: 10, exact: true });
    expect(readCachedPosition('Ny vej 2')).toEqual({ lat: 56, lng: 10, exact: true });
    expect(readCachedPosition('Gammel vej 1')).toBeNull();
    expect(localStorage.getItem('rudeplan.other-setting')).toBe('kept');
  });

  it('still finds addresses when local storage is blocked', async () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(await findPosition('Vestergade 12')).toEqual(AARHUS);
    expect(await findPosition('Vestergade 12')).toEqual(AARHUS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
