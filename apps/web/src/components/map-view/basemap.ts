import type {
  Feature,
  FeatureCollection,
  LineString,
  MultiLineString,
  MultiPolygon,
  Point,
  Polygon,
  Position,
} from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/**
 * The offline basemap (issue 14): countries and borders from Natural Earth (the `world-atlas`
 * TopoJSON), cut to the regions the product works in, plus the cities it draws. Built by the Vite
 * plugin in vite.config.ts into one same-origin file, fetched only when a map is on screen.
 */
export interface Basemap {
  /** Country polygons (property `name`), clipped to the regions. */
  paises: FeatureCollection<Polygon | MultiPolygon, { name: string }>;
  /** Borders between two countries (coasts are where the fill meets the sea). */
  fronteras: FeatureCollection<MultiLineString>;
  /** City dots and their names. */
  ciudades: FeatureCollection<Point, { name: string }>;
}

/** A lon/lat rectangle: west, south, east, north. */
export type Box = readonly [number, number, number, number];

/**
 * Europe with North Africa and Turkey (the loads, vehicles and tracking), and South America for
 * the customer's test map, whose sample markers are in Peru (spec §2).
 */
export const BASEMAP_REGIONS: readonly Box[] = [
  [-32, 18, 50, 72],
  [-95, -57, -30, 15],
];

/** Big cities of the regions, drawn as dots with their names (data the product ships). */
export const BASEMAP_CITIES: readonly (readonly [name: string, lng: number, lat: number])[] = [
  ['Madrid', -3.7038, 40.4168],
  ['Barcelona', 2.1734, 41.3851],
  ['Valencia', -0.3763, 39.4699],
  ['Sevilla', -5.9845, 37.3891],
  ['Bilbao', -2.935, 43.263],
  ['Zaragoza', -0.8891, 41.6488],
  ['Lisboa', -9.1393, 38.7223],
  ['Oporto', -8.6291, 41.1579],
  ['París', 2.3522, 48.8566],
  ['Lyon', 4.8357, 45.764],
  ['Marsella', 5.3698, 43.2965],
  ['Burdeos', -0.5792, 44.8378],
  ['Londres', -0.1276, 51.5072],
  ['Dublín', -6.2603, 53.3498],
  ['Bruselas', 4.3517, 50.8503],
  ['Ámsterdam', 4.9041, 52.3676],
  ['Róterdam', 4.4777, 51.9244],
  ['Berlín', 13.405, 52.52],
  ['Hamburgo', 9.9937, 53.5511],
  ['Múnich', 11.582, 48.1351],
  ['Fráncfort', 8.6821, 50.1109],
  ['Milán', 9.19, 45.4642],
  ['Roma', 12.4964, 41.9028],
  ['Nápoles', 14.2681, 40.8518],
  ['Viena', 16.3738, 48.2082],
  ['Zúrich', 8.5417, 47.3769],
  ['Praga', 14.4378, 50.0755],
  ['Varsovia', 21.0122, 52.2297],
  ['Budapest', 19.0402, 47.4979],
  ['Bucarest', 26.1025, 44.4268],
  ['Sofía', 23.3219, 42.6977],
  ['Atenas', 23.7275, 37.9838],
  ['Estambul', 28.9784, 41.0082],
  ['Copenhague', 12.5683, 55.6761],
  ['Estocolmo', 18.0686, 59.3293],
  ['Oslo', 10.7522, 59.9139],
  ['Helsinki', 24.9384, 60.1699],
  ['Casablanca', -7.5898, 33.5731],
  ['Rabat', -6.8498, 34.0209],
  ['Tánger', -5.834, 35.7595],
  ['Argel', 3.0588, 36.7538],
  ['Túnez', 10.1815, 36.8065],
  ['Trípoli', 13.1913, 32.8872],
  ['El Cairo', 31.2357, 30.0444],
  ['Lima', -77.0428, -12.0464],
  ['Bogotá', -74.0721, 4.711],
  ['Santiago', -70.6693, -33.4489],
  ['Buenos Aires', -58.3816, -34.6037],
  ['São Paulo', -46.6333, -23.5505],
];

/** About 100 m: finer than a screen pixel at the zooms the maps use, and a third of the bytes. */
const round = (value: number) => Math.round(value * 1000) / 1000;

const inside = (box: Box, [x = 0, y = 0]: Position) =>
  x >= box[0] && x <= box[2] && y >= box[1] && y <= box[3];

/** Sutherland–Hodgman: the part of a closed ring inside the box (may be empty). */
export function clipRing(ring: readonly Position[], box: Box): Position[] {
  const edges: [(p: Position) => boolean, (a: Position, b: Position) => Position][] = [
    [(p) => p[0]! >= box[0], (a, b) => atX(a, b, box[0])],
    [(p) => p[0]! <= box[2], (a, b) => atX(a, b, box[2])],
    [(p) => p[1]! >= box[1], (a, b) => atY(a, b, box[1])],
    [(p) => p[1]! <= box[3], (a, b) => atY(a, b, box[3])],
  ];
  let points = ring.slice(0, -1);
  for (const [keep, cut] of edges) {
    const input = points;
    points = [];
    input.forEach((current, index) => {
      const previous = input[(index + input.length - 1) % input.length]!;
      if (keep(current)) {
        if (!keep(previous)) points.push(cut(previous, current));
        points.push(current);
      } else if (keep(previous)) {
        points.push(cut(previous, current));
      }
    });
  }
  if (points.length < 3) return [];
  return [...points, points[0]!].map(([x = 0, y = 0]) => [round(x), round(y)]);
}

function atX(a: Position, b: Position, x: number): Position {
  const t = (x - a[0]!) / (b[0]! - a[0]!);
  return [x, a[1]! + t * (b[1]! - a[1]!)];
}

function atY(a: Position, b: Position, y: number): Position {
  const t = (y - a[1]!) / (b[1]! - a[1]!);
  return [a[0]! + t * (b[0]! - a[0]!), y];
}

/** The pieces of a line that run inside the box (a piece ends where the line leaves it). */
export function clipLine(line: readonly Position[], box: Box): Position[][] {
  const pieces: Position[][] = [];
  let piece: Position[] = [];
  for (const point of line) {
    if (inside(box, point)) {
      piece.push([round(point[0]!), round(point[1]!)]);
    } else {
      if (piece.length > 1) pieces.push(piece);
      piece = [];
    }
  }
  if (piece.length > 1) pieces.push(piece);
  return pieces;
}

function polygonsOf(geometry: Polygon | MultiPolygon): Position[][][] {
  return geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
}

/** Builds the basemap from world-atlas's `countries-*.json` topology. */
export function buildBasemap(
  topology: Topology<{ countries: GeometryCollection<{ name: string }> }>,
  regions: readonly Box[] = BASEMAP_REGIONS,
): Basemap {
  const countries = feature(topology, topology.objects.countries) as FeatureCollection<
    Polygon | MultiPolygon,
    { name: string }
  >;
  const paises: Basemap['paises']['features'] = [];
  for (const country of countries.features) {
    const polygons: Position[][][] = [];
    for (const box of regions) {
      for (const polygon of polygonsOf(country.geometry)) {
        const [outer, ...holes] = polygon.map((ring) => clipRing(ring, box));
        if (outer && outer.length > 0) polygons.push([outer, ...holes.filter((h) => h.length)]);
      }
    }
    if (polygons.length === 0) continue;
    paises.push({
      type: 'Feature',
      properties: { name: country.properties.name },
      geometry: { type: 'MultiPolygon', coordinates: polygons },
    });
  }

  // Only the arcs shared by two different countries: coastlines would double the fill's edge.
  const borders = mesh(topology, topology.objects.countries, (a, b) => a !== b);
  const lines = borders.coordinates.flatMap((line) =>
    regions.flatMap((box) => clipLine(line, box)),
  );
  const fronteras: Feature<MultiLineString> = {
    type: 'Feature',
    properties: {},
    geometry: { type: 'MultiLineString', coordinates: lines },
  };

  return {
    paises: { type: 'FeatureCollection', features: paises },
    fronteras: { type: 'FeatureCollection', features: [fronteras] },
    ciudades: {
      type: 'FeatureCollection',
      features: BASEMAP_CITIES.map(([name, lng, lat]) => ({
        type: 'Feature',
        properties: { name },
        geometry: { type: 'Point', coordinates: [lng, lat] },
      })),
    },
  };
}

/** Path of the built basemap, served by the portal's own origin. */
export const BASEMAP_URL = '/maps/basemap.json';

/** A straight line through the given points (the tracking route). */
export function routeLine(points: readonly { lat: number; lng: number }[]): Feature<LineString> {
  return {
    type: 'Feature',
    properties: {},
    geometry: { type: 'LineString', coordinates: points.map((p) => [p.lng, p.lat]) },
  };
}
