import { describe, expect, it } from 'vitest';
import { zipCentroid } from './zip-centroids';

describe('zipCentroid', () => {
  it('places a zip code at its area, or the nearest area below it in number', () => {
    expect(zipCentroid('8000')).toEqual({ lat: 56.157, lng: 10.21 });
    expect(zipCentroid('1552')).toEqual(zipCentroid('1500'));
    expect(zipCentroid('3700')!.lng).toBeGreaterThan(14.5); // Bornholm
    expect(zipCentroid('6700')!.lng).toBeLessThan(8.6); // Esbjerg, on the west coast
  });

  it('knows no zip code outside the Danish range', () => {
    expect(zipCentroid('0800')).toBeNull();
    expect(zipCentroid('12345')).toBeNull();
    expect(zipCentroid('abcd')).toBeNull();
  });
});
