import {
  INITIAL_DATA_ELEMENT_ID,
  INITIAL_DATA_VALIDITY_MS,
} from '@extranet/contracts/initial-data/initial-data';
import { defaultRegions } from '@extranet/contracts/regiones/region';
import { describe, expect, it } from 'vitest';
import { getInitialEntry, readInitialData, regionOptions } from './initial-data';

function documentWith(json: string | undefined): Document {
  const doc = document.implementation.createHTMLDocument('test');
  if (json !== undefined) {
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = INITIAL_DATA_ELEMENT_ID;
    script.textContent = json;
    doc.head.append(script);
  }
  return doc;
}

const updated = '2025-03-01T08:00:00.000Z';
const updatedMs = Date.parse(updated);
const regiones = [
  { codigo: 'it', nombre: 'Italia', activa: true },
  { codigo: 'es', nombre: 'Europa', activa: true },
  { codigo: 'ma', nombre: 'Marruecos', activa: false },
];

describe('readInitialData', () => {
  const doc = documentWith(
    JSON.stringify({ updated, generated: '2025-02-01T00:00:00Z', regiones }),
  );

  it('is valid up to 10 hours after updated', () => {
    expect(INITIAL_DATA_VALIDITY_MS).toBe(10 * 60 * 60 * 1000);
    const data = readInitialData(doc, updatedMs + INITIAL_DATA_VALIDITY_MS - 1);
    expect(data.updated).toBe(updated);
    expect(data.regiones).toHaveLength(3);
  });

  it('is absent just after 10 hours', () => {
    expect(readInitialData(doc, updatedMs + INITIAL_DATA_VALIDITY_MS + 1)).toEqual({});
  });

  it('uses generated when updated is absent', () => {
    const generatedOnly = documentWith(JSON.stringify({ generated: updated, regiones }));
    expect(
      readInitialData(generatedOnly, updatedMs + INITIAL_DATA_VALIDITY_MS - 1).regiones,
    ).toHaveLength(3);
    expect(readInitialData(generatedOnly, updatedMs + INITIAL_DATA_VALIDITY_MS + 1)).toEqual({});
  });

  it('is {} when the element is missing', () => {
    expect(readInitialData(documentWith(undefined), updatedMs)).toEqual({});
  });

  it('is {} when the JSON is broken', () => {
    expect(readInitialData(documentWith('{"updated": '), updatedMs)).toEqual({});
  });

  it('is {} when the document does not match the contract', () => {
    expect(readInitialData(documentWith('{"updated": 5}'), updatedMs)).toEqual({});
  });
});

describe('getInitialEntry', () => {
  it('returns an entry while valid and nothing once stale', () => {
    const doc = documentWith(JSON.stringify({ updated, regiones }));
    expect(getInitialEntry('regiones', readInitialData(doc, updatedMs))).toHaveLength(3);
    const stale = readInitialData(doc, updatedMs + INITIAL_DATA_VALIDITY_MS + 1);
    expect(getInitialEntry('regiones', stale)).toBeUndefined();
  });
});

describe('regionOptions', () => {
  it('lists the active regions of the initial data sorted by name', () => {
    const data = readInitialData(documentWith(JSON.stringify({ updated, regiones })), updatedMs);
    expect(regionOptions(data).map((region) => region.nombre)).toEqual(['Europa', 'Italia']);
  });

  it('falls back to the default list, sorted, with Spain shown as Europa', () => {
    const options = regionOptions({});
    expect(options).toEqual(defaultRegions);
    expect(options.map((region) => region.nombre)).toEqual([
      'Europa',
      'Italia',
      'Marruecos',
      'Rumanía',
      'Serbia',
      'Turquía',
    ]);
    expect(options.find((region) => region.codigo === 'es')?.nombre).toBe('Europa');
  });
});

describe('hand-written check of the contract (keeps zod out of the login pages)', () => {
  it.each([
    { updated, regiones },
    { updated, regiones, config: { mapsApiKey: 'k', vapidPublicKey: 'v' }, extra: 1 },
    { updated, regiones: [{ codigo: 'xx', nombre: 'X', activa: true }] },
    { updated, regiones: [{ codigo: 'es', nombre: 'Europa' }] },
    { updated, config: { mapsApiKey: 'k' } },
    { updated: 5 },
    { updated, regiones: 'es' },
    [],
  ])('accepts and rejects what the contract does: %j', async (sample) => {
    const { InitialData } = await import('@extranet/contracts/initial-data/initial-data');
    const contract = InitialData.safeParse(sample);
    const read = readInitialData(documentWith(JSON.stringify(sample)), updatedMs);
    expect(read).toEqual(contract.success ? contract.data : {});
  });
});
