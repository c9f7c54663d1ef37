import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabaseHandle } from '../test/databases.js';
import { testDatabases } from '../test/databases.js';
import { migrateToLatest } from './migrate.js';
import { migrationProvider } from './migrations/index.js';

/*
 * Migration 17: the legs' totals and the invoiced flag on each transport, kept by triggers.
 * Every change below is followed by a recount straight from the legs and invoice links.
 */
describe.each(testDatabases())('totales de subpartidas por trigger ($name)', ({ open }) => {
  let handle: TestDatabaseHandle;
  let proveedorId: number;

  beforeAll(async () => {
    handle = await open();
    await migrateToLatest(handle.db);
    ({ id: proveedorId } = await handle.db
      .insertInto('proveedores')
      .values({ region: 'es', razon_social: 'Transportes Prueba S.L.', localidad: 'Zaragoza' })
      .returning('id')
      .executeTakeFirstOrThrow());
  });
  afterAll(() => handle.dispose());

  const transporte = async (referencia: string) =>
    (
      await handle.db
        .insertInto('transportes')
        .values({
          proveedor_id: proveedorId,
          referencia,
          origen_poblacion: 'Zaragoza',
          origen_cp: '50197',
          origen_pais_iso: 'ES',
          destino_poblacion: 'Milano',
          destino_cp: '20138',
          destino_pais_iso: 'IT',
          fecha_carga: '2026-11-20',
          fecha_descarga: '2026-11-21',
          importe_centimos: 100_000,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  const subpartida = async (transporteId: number, numero: number, bultos: number, peso: number) =>
    (
      await handle.db
        .insertInto('subpartidas')
        .values({
          transporte_id: transporteId,
          numero,
          origen_poblacion: 'Zaragoza',
          destino_poblacion: 'Milano',
          bultos,
          peso_kg: peso,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  const archivo = async () =>
    (
      await handle.db
        .insertInto('archivos')
        .values({
          propietario_tipo: 'proveedor',
          propietario_id: proveedorId,
          tipo: 'cmr',
          nombre: 'cmr.pdf',
          mime: 'application/pdf',
          tamano_bytes: 10,
          sha256: 'a'.repeat(64),
          storage_key: `cmr-${Math.random()}`,
          usuario_id: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  /** The stored columns and the same figures counted from the legs and invoice links. */
  async function totales(id: number) {
    const stored = await handle.db
      .selectFrom('transportes')
      .select([
        'subpartidas_n',
        'subpartidas_bultos',
        'subpartidas_peso_kg',
        'subpartidas_sin_cmr',
        'facturado',
      ])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const { rows } = await sql<{
      n: number | string;
      bultos: number | string | null;
      peso: number | string | null;
      sin_cmr: number | string;
      facturado: number | string;
    }>`select count(*) as n, sum(bultos) as bultos, sum(peso_kg) as peso,
         sum(case when cmr_archivo_id is null then 1 else 0 end) as sin_cmr,
         (select count(*) from facturas_proveedor_transportes where transporte_id = ${id}) as facturado
       from subpartidas where transporte_id = ${id}`.execute(handle.db);
    const counted = rows[0]!;
    expect(stored).toEqual({
      subpartidas_n: Number(counted.n),
      subpartidas_bultos: Number(counted.bultos ?? 0),
      subpartidas_peso_kg: Number(counted.peso ?? 0),
      subpartidas_sin_cmr: Number(counted.sin_cmr ?? 0),
      facturado: Number(counted.facturado),
    });
    return stored;
  }

  it('follow legs added, changed, moved and removed, and CMRs uploaded', async () => {
    const a = await transporte('TOT-A');
    const b = await transporte('TOT-B');
    expect(await totales(a)).toMatchObject({ subpartidas_n: 0, subpartidas_bultos: 0 });

    // Two legs near PostgreSQL's 4-byte limit: their total needs the bigint column.
    const uno = await subpartida(a, 1, 10, 2_000_000_000);
    const dos = await subpartida(a, 2, 5, 2_000_000_000);
    expect(await totales(a)).toEqual({
      subpartidas_n: 2,
      subpartidas_bultos: 15,
      subpartidas_peso_kg: 4_000_000_000,
      subpartidas_sin_cmr: 2,
      facturado: 0,
    });

    await handle.db
      .updateTable('subpartidas')
      .set({ cmr_archivo_id: await archivo(), bultos: 12 })
      .where('id', '=', uno)
      .execute();
    expect(await totales(a)).toMatchObject({ subpartidas_bultos: 17, subpartidas_sin_cmr: 1 });

    await handle.db
      .updateTable('subpartidas')
      .set({ transporte_id: b, numero: 1 })
      .where('id', '=', dos)
      .execute();
    expect(await totales(a)).toMatchObject({ subpartidas_n: 1, subpartidas_sin_cmr: 0 });
    expect(await totales(b)).toMatchObject({ subpartidas_n: 1, subpartidas_peso_kg: 2e9 });

    // A CMR file removed sets the leg's reference to null: the leg waits for its CMR again.
    const cmr = await handle.db
      .selectFrom('subpartidas')
      .select('cmr_archivo_id')
      .where('id', '=', uno)
      .executeTakeFirstOrThrow();
    await handle.db.deleteFrom('archivos').where('id', '=', cmr.cmr_archivo_id).execute();
    expect(await totales(a)).toMatchObject({ subpartidas_sin_cmr: 1 });

    await handle.db.deleteFrom('subpartidas').where('id', '=', uno).execute();
    expect(await totales(a)).toMatchObject({ subpartidas_n: 0, subpartidas_bultos: 0 });
  });

  it('mark a transport invoiced while an invoice covers it, also through cascades', async () => {
    const t = await transporte('TOT-F');
    await subpartida(t, 1, 1, 1);
    const { id: facturaId } = await handle.db
      .insertInto('facturas_proveedor')
      .values({
        proveedor_id: proveedorId,
        numero: 'F-TOT-1',
        fecha_emision: '2026-11-22',
        base_imponible_centimos: 100,
        iva_centimos: 21,
        importe_centimos: 121,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await handle.db
      .insertInto('facturas_proveedor_transportes')
      .values({ factura_proveedor_id: facturaId, transporte_id: t })
      .execute();
    expect(await totales(t)).toMatchObject({ facturado: 1 });

    await handle.db.deleteFrom('facturas_proveedor').where('id', '=', facturaId).execute();
    expect(await totales(t)).toMatchObject({ facturado: 0 });
  });

  it('are filled in by the migration for the transports already there', async () => {
    const migrator = new Migrator({ db: handle.db, provider: migrationProvider });
    const down = await migrator.migrateTo('2026-11-22-16-totp-recuperacion');
    expect(down.error).toBeUndefined();
    const t = await transporte('TOT-M');
    await subpartida(t, 1, 3, 30);
    await subpartida(t, 2, 4, 40);

    await migrateToLatest(handle.db);
    expect(await totales(t)).toEqual({
      subpartidas_n: 2,
      subpartidas_bultos: 7,
      subpartidas_peso_kg: 70,
      subpartidas_sin_cmr: 2,
      facturado: 0,
    });
  });
});
