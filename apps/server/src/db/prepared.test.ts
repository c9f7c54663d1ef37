import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabaseHandle } from '../test/databases.js';
import { testDatabases } from '../test/databases.js';
import type { RegionCodigo } from './database.js';
import { migrateToLatest } from './migrate.js';
import { preparedQuery } from './prepared.js';

describe.each(testDatabases())('preparedQuery ($name)', ({ open }) => {
  let handle: TestDatabaseHandle;

  beforeAll(async () => {
    handle = await open();
    await migrateToLatest(handle.db);
    await handle.db
      .insertInto('proveedores')
      .values([
        { region: 'es', razon_social: 'Uno S.L.', localidad: 'Zaragoza' },
        { region: 'es', razon_social: 'Dos S.L.', localidad: 'Huesca' },
        { region: 'it', razon_social: 'Tre S.r.l.', localidad: 'Milano' },
      ])
      .execute();
  });
  afterAll(() => handle.dispose());

  it('compiles once per database and binds each call its own values, constants kept', async () => {
    let builds = 0;
    const porRegion = preparedQuery(2, (db, region: RegionCodigo, localidad: string) => {
      builds += 1;
      return db
        .selectFrom('proveedores')
        .select('razon_social')
        .where('region', '=', region)
        .where('localidad', '<>', localidad)
        .orderBy('razon_social')
        .limit(5);
    });

    const es = await porRegion(handle.db, 'es', 'Huesca');
    const it = await porRegion(handle.db, 'it', 'Zaragoza');
    const none = await porRegion(handle.db, 'ma', 'Zaragoza');

    expect(es.map((r) => r.razon_social)).toEqual(['Uno S.L.']);
    expect(it.map((r) => r.razon_social)).toEqual(['Tre S.r.l.']);
    expect(none).toEqual([]);
    expect(builds).toBe(1);
  });

  it('refuses a builder that does not pass an argument as a plain value', async () => {
    const broken = preparedQuery(1, (db, region: RegionCodigo) =>
      db.selectFrom('proveedores').select('id').where('region', '=', `${region}`),
    );
    await expect(broken(handle.db, 'es')).rejects.toThrow(/no llega como valor/);
  });
});
