import { describe, expect, it } from 'vitest';
import { distanceM, navigationUrl, PING_EVERY_MS, shouldPing } from './geo';

describe('shouldPing', () => {
  const start = { lat: 40.4168, lng: -3.7038, at: 0 };

  it('takes the first position, then one every 2 minutes or 500 m', () => {
    expect(shouldPing(undefined, start)).toBe(true);
    expect(shouldPing(start, { ...start, at: PING_EVERY_MS - 1 })).toBe(false);
    expect(shouldPing(start, { ...start, at: PING_EVERY_MS })).toBe(true);
    // About 560 m north, 30 s later.
    expect(shouldPing(start, { lat: 40.4218, lng: -3.7038, at: 30_000 })).toBe(true);
  });

  it('measures distances on the sphere', () => {
    // Madrid – Zaragoza, about 274 km as the crow flies.
    const km = distanceM({ lat: 40.4168, lng: -3.7038 }, { lat: 41.6488, lng: -0.8891 }) / 1000;
    expect(km).toBeGreaterThan(265);
    expect(km).toBeLessThan(280);
  });
});

describe('navigationUrl', () => {
  it('points at the coordinates when known, else at the address', () => {
    const stop = {
      lat: 41.65,
      lng: -0.89,
      direccion: 'Calle Mayor 1',
      cp: '50001',
      poblacion: 'Zaragoza',
      pais_iso: 'ES',
    };
    expect(navigationUrl(stop)).toContain('destination=41.65%2C-0.89');
    expect(navigationUrl({ ...stop, lat: null, lng: null })).toContain(
      `destination=${encodeURIComponent('Calle Mayor 1, 50001, Zaragoza, ES')}`,
    );
  });
});
