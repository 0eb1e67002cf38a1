import { describe, expect, it } from 'vitest';
import { fromUtm32, toUtm32 } from './utm32';

describe('UTM zone 32 (EPSG:25832)', () => {
  it('puts the central meridian at easting 500 000 and the equator at northing 0', () => {
    const origin = toUtm32({ lat: 0, lng: 9 });
    expect(origin.x).toBeCloseTo(500_000, 3);
    expect(origin.y).toBeCloseTo(0, 3);
  });

  it('places Aarhus about 75 km east of the central meridian and 6 224 km north', () => {
    const { x, y } = toUtm32({ lat: 56.1567, lng: 10.2108 });
    expect(x).toBeGreaterThan(574_000);
    expect(x).toBeLessThan(576_500);
    expect(y).toBeGreaterThan(6_222_000);
    expect(y).toBeLessThan(6_226_000);
  });

  it('turns eastings and northings back into the same latitude and longitude (within a metre), from Skagen to Bornholm', () => {
    for (const place of [
      { lat: 57.7209, lng: 10.5839 },
      { lat: 55.6761, lng: 12.5683 },
      { lat: 55.1037, lng: 14.7065 },
      { lat: 54.9093, lng: 8.6638 },
    ]) {
      const { x, y } = toUtm32(place);
      const back = fromUtm32(x, y);
      expect(back.lat).toBeCloseTo(place.lat, 5);
      expect(back.lng).toBeCloseTo(place.lng, 5);
    }
  });
});
