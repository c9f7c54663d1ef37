import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabaseHandle } from '../test/databases.js';
import { testDatabases } from '../test/databases.js';
import type { RegionCodigo } from './database.js';
import { migrateToLatest } from './migrate.js';
import { preparedQuery, preparedRows } from './prepared.js';

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

  it('reads rows as arrays, compiled once per shape of the arguments, the same in a transaction', async () => {
    let builds = 0;
    const porFiltro = preparedRows(
      (
        db,
        filtro: { region?: RegionCodigo | undefined; localidad?: string | undefined },
        n: number,
      ) => {
        builds += 1;
        return db
          .selectFrom('proveedores')
          .select(['razon_social', 'region'])
          .$if(filtro.region !== undefined, (qb) => qb.where('region', '=', filtro.region!))
          .$if(filtro.localidad !== undefined, (qb) =>
            qb.where('localidad', '=', filtro.localidad!),
          )
          .orderBy('razon_social')
          .limit(n);
      },
    );

    expect(await porFiltro(handle.db, { region: 'es', localidad: undefined }, 5)).toEqual([
      ['Dos S.L.', 'es'],
      ['Uno S.L.', 'es'],
    ]);
    expect(await porFiltro(handle.db, { region: 'it', localidad: undefined }, 5)).toEqual([
      ['Tre S.r.l.', 'it'],
    ]);
    expect(await porFiltro(handle.db, { region: 'es', localidad: undefined }, 1)).toEqual([
      ['Dos S.L.', 'es'],
    ]);
    expect(builds).toBe(1);
    expect(await porFiltro(handle.db, { region: undefined, localidad: 'Huesca' }, 5)).toEqual([
      ['Dos S.L.', 'es'],
    ]);
    expect(await porFiltro(handle.db, {}, 2)).toEqual([
      ['Dos S.L.', 'es'],
      ['Tre S.r.l.', 'it'],
    ]);
    expect(builds).toBe(3);

    // Inside a transaction (its own instance) the rows come through Kysely, uncommitted ones too.
    await handle.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('proveedores')
          .values({ region: 'es', razon_social: 'Cero S.L.', localidad: 'Teruel' })
          .execute();
        const porNombre = preparedQuery(1, (db, nombre: string) =>
          db
            .selectFrom('proveedores')
            .select(['razon_social as nombre', 'region'])
            .where('razon_social', '=', nombre),
        );
        expect(await porNombre(trx, 'Cero S.L.')).toEqual([{ nombre: 'Cero S.L.', region: 'es' }]);
        expect(await porFiltro(trx, { region: 'es' }, 5)).toEqual([
          ['Cero S.L.', 'es'],
          ['Dos S.L.', 'es'],
          ['Uno S.L.', 'es'],
        ]);
        throw new Error('rollback');
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || error.message !== 'rollback') throw error;
      });
    expect(await porFiltro(handle.db, { region: 'es' }, 5)).toEqual([
      ['Dos S.L.', 'es'],
      ['Uno S.L.', 'es'],
    ]);
  });

  it('gives a select read as arrays the same objects Kysely gives', async () => {
    const build = (db: typeof handle.db, region: RegionCodigo) =>
      db
        .selectFrom('proveedores as p')
        .select(['p.id', 'p.razon_social as nombre', 'region'])
        .select((eb) => eb.fn.countAll<number>().over().as('total'))
        .where('p.region', '=', region)
        .orderBy('p.id');
    const prepared = preparedQuery(1, build);
    expect(await prepared(handle.db, 'es')).toEqual(await build(handle.db, 'es').execute());
  });

  it('refuses a builder that does not pass an argument as a plain value', async () => {
    const broken = preparedQuery(1, (db, region: RegionCodigo) =>
      db.selectFrom('proveedores').select('id').where('region', '=', `${region}`),
    );
    await expect(broken(handle.db, 'es')).rejects.toThrow(/no llega como valor/);
    const brokenRows = preparedRows((db, filtro: { region: RegionCodigo }) =>
      db
        .selectFrom('proveedores')
        .select('id')
        .where('region', '=', filtro.region === 'es' ? 'es' : 'it'),
    );
    await expect(brokenRows(handle.db, { region: 'es' })).rejects.toThrow(/no llega como valor/);
  });
});
