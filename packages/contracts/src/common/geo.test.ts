import { describe, expect, it } from 'vitest';
import { kmLineaRecta } from './geo.js';

const MADRID = { lat: 40.4168, lng: -3.7038 };
const ZARAGOZA = { lat: 41.6488, lng: -0.8891 };
const BARCELONA = { lat: 41.3874, lng: 2.1686 };

describe('kmLineaRecta', () => {
  it('measures Madrid–Zaragoza and Madrid–Barcelona as the crow flies', () => {
    expect(kmLineaRecta(MADRID, ZARAGOZA)).toBeCloseTo(274, -1);
    expect(kmLineaRecta(MADRID, BARCELONA)).toBeCloseTo(505, -1);
  });

  it('is zero for one place, symmetric, and finite for opposite points of the Earth', () => {
    expect(kmLineaRecta(MADRID, MADRID)).toBe(0);
    expect(kmLineaRecta(ZARAGOZA, BARCELONA)).toBeCloseTo(kmLineaRecta(BARCELONA, ZARAGOZA), 9);
    expect(kmLineaRecta({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(
      Math.PI * 6371.0088,
      3,
    );
  });
});
