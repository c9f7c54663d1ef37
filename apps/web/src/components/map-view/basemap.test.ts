import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BASEMAP_REGIONS, buildBasemap, clipLine, clipRing, type Box } from './basemap';

// Natural Earth 1:110m (world-atlas): the same data as the build's 1:50m, quicker to read.
const topology = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('world-atlas/countries-110m.json'), 'utf8'),
);

const inAnyRegion = ([x = NaN, y = NaN]: number[]) =>
  BASEMAP_REGIONS.some(
    ([w, s, e, n]) => x >= w - 1e-9 && x <= e + 1e-9 && y >= s - 1e-9 && y <= n + 1e-9,
  );

describe('basemap (issue 14)', () => {
  it('clips a ring to the box, closing it on the box edge', () => {
    const box: Box = [0, 0, 10, 10];
    const square = [
      [-5, 5],
      [5, 5],
      [5, 15],
      [-5, 15],
      [-5, 5],
    ];
    const clipped = clipRing(square, box);
    expect(clipped.at(0)).toEqual(clipped.at(-1));
    const corners = clipped.slice(1).map(String).sort();
    expect(corners).toEqual(['0,10', '0,5', '5,10', '5,5']);
    expect(
      clipRing(
        [
          [20, 20],
          [30, 20],
          [30, 30],
          [20, 20],
        ],
        box,
      ),
    ).toEqual([]);
  });

  it('keeps the pieces of a line inside the box', () => {
    const line = [
      [1, 1],
      [2, 2],
      [20, 20],
      [3, 3],
      [4, 4],
    ];
    expect(clipLine(line, [0, 0, 10, 10])).toEqual([
      [
        [1, 1],
        [2, 2],
      ],
      [
        [3, 3],
        [4, 4],
      ],
    ]);
  });

  it('has the countries of Europe, North Africa and Peru, cut to the regions, and the cities', () => {
    const basemap = buildBasemap(topology);
    const names = basemap.paises.features.map((f) => f.properties.name);
    expect(names).toEqual(
      expect.arrayContaining(['Spain', 'France', 'Germany', 'Morocco', 'Algeria', 'Egypt', 'Peru']),
    );
    expect(names).not.toContain('Japan');
    expect(names).not.toContain('Australia');
    for (const country of basemap.paises.features) {
      for (const polygon of country.geometry.coordinates as number[][][][]) {
        for (const ring of polygon)
          expect(ring.every(inAnyRegion), country.properties.name).toBe(true);
      }
    }
    const borders = basemap.fronteras.features[0]!.geometry.coordinates;
    expect(borders.length).toBeGreaterThan(50);
    expect(borders.flat().every(inAnyRegion)).toBe(true);
    expect(basemap.ciudades.features.map((c) => c.properties.name)).toEqual(
      expect.arrayContaining(['Madrid', 'París', 'Casablanca', 'Lima']),
    );
  });
});
