import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabaseHandle } from '../test/databases.js';
import { testDatabases } from '../test/databases.js';
import { pingDatabase } from './connection.js';
import { migrateToLatest } from './migrate.js';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe.each(testDatabases())('tipos y restricciones ($name)', ({ open }) => {
  let handle: TestDatabaseHandle;
  let proveedorId: number;
  let clienteId: number;

  beforeAll(async () => {
    handle = await open();
    await migrateToLatest(handle.db);
    const proveedor = await handle.db
      .insertInto('proveedores')
      .values({ region: 'es', razon_social: 'Transportes Prueba S.L.', localidad: 'Zaragoza' })
      .returning('id')
      .executeTakeFirstOrThrow();
    proveedorId = proveedor.id;
    const cliente = await handle.db
      .insertInto('clientes')
      .values({ region: 'es', razon_social: 'Cliente Prueba S.A.', localidad: 'Madrid' })
      .returning('id')
      .executeTakeFirstOrThrow();
    clienteId = cliente.id;
  });
  afterAll(() => handle.dispose());

  function transporte(fecha = '2026-02-28') {
    return handle.db
      .insertInto('transportes')
      .values({
        proveedor_id: proveedorId,
        referencia: 'T1',
        origen_poblacion: 'Zaragoza',
        origen_cp: '50197',
        origen_pais_iso: 'ES',
        destino_poblacion: 'Milano',
        destino_cp: '20138',
        destino_pais_iso: 'IT',
        fecha_carga: fecha,
        fecha_descarga: '2026-03-01',
        importe_centimos: 123_456,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  it('responde al ping', async () => {
    await expect(pingDatabase(handle.db)).resolves.toBeUndefined();
  });

  it('devuelve ids, importes, fechas, instantes y flags igual en ambos dialectos', async () => {
    const { id } = await transporte();
    const instant = '2026-11-22T23:59:58.123Z';
    await handle.db
      .updateTable('transportes')
      .set({ updated_at: instant })
      .where('id', '=', id)
      .execute();
    const row = await handle.db
      .selectFrom('transportes')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(typeof row.id).toBe('number');
    expect(row.proveedor_id).toBe(proveedorId);
    expect(row.importe_centimos).toBe(123_456);
    expect(row.fecha_carga).toBe('2026-02-28');
    expect(row.updated_at).toBe(instant);
    expect(row.created_at).toMatch(ISO_INSTANT);
    expect(row.estado).toBe('asignado');
    expect(Math.abs(Date.parse(row.created_at) - Date.now())).toBeLessThan(60_000);

    const factura = await handle.db
      .insertInto('facturas')
      .values({
        cliente_id: clienteId,
        serie: 'A',
        numero: 1,
        fecha_emision: '2026-01-31',
        vto: '2026-03-31',
        base_imponible_centimos: 100_000,
        iva_porcentaje: 21,
        iva_centimos: 21_000,
        importe_centimos: 121_000,
      })
      .returning(['id', 'pagada', 'vto', 'created_at'])
      .executeTakeFirstOrThrow();
    expect(factura.pagada).toBe(0);
    expect(factura.vto).toBe('2026-03-31');
    expect(factura.created_at).toMatch(ISO_INSTANT);

    // Aggregates come back as numbers too (count → int8, sum → numeric in PostgreSQL).
    const totals = await handle.db
      .selectFrom('facturas')
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>('importe_centimos').as('total'),
      ])
      .executeTakeFirstOrThrow();
    expect(totals).toEqual({ n: 1, total: 121_000 });

    const coords = await handle.db
      .insertInto('vehiculos')
      .values({
        proveedor_id: proveedorId,
        matricula: '1234 BCD',
        tipo: 'Tráiler lona',
        capacidad_kg: 24_000,
        palets: 33,
        ultima_lat: 41.648823,
        ultima_lng: -0.889085,
        ultima_posicion_at: '2026-11-22T08:00:00.000Z',
      })
      .returning(['ultima_lat', 'ultima_lng', 'disponible', 'ultima_posicion_at'])
      .executeTakeFirstOrThrow();
    expect(coords).toEqual({
      ultima_lat: 41.648823,
      ultima_lng: -0.889085,
      disponible: 1,
      ultima_posicion_at: '2026-11-22T08:00:00.000Z',
    });
  });

  it('ordena y filtra instantes y fechas como texto ISO y como tipos nativos', async () => {
    const rows = await handle.db
      .selectFrom('transportes')
      .select('fecha_carga')
      .where('fecha_carga', '>=', '2026-02-01')
      .where('fecha_carga', '<=', '2026-02-28')
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    const raw = await sql<{
      now: string;
    }>`select ${sql.lit('2026-11-22T10:00:00.000Z')} as now`.execute(handle.db);
    expect(raw.rows[0]?.now).toBe('2026-11-22T10:00:00.000Z');
  });

  it('rechaza facturar dos veces el mismo transporte', async () => {
    const { id: transporteId } = await transporte('2026-03-02');
    const factura = (numero: string) =>
      handle.db
        .insertInto('facturas_proveedor')
        .values({
          proveedor_id: proveedorId,
          numero,
          fecha_emision: '2026-03-10',
          base_imponible_centimos: 1000,
          iva_centimos: 210,
          importe_centimos: 1210,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const first = await factura('F-1');
    const second = await factura('F-2');
    await handle.db
      .insertInto('facturas_proveedor_transportes')
      .values({ factura_proveedor_id: first.id, transporte_id: transporteId })
      .execute();
    await expect(
      handle.db
        .insertInto('facturas_proveedor_transportes')
        .values({ factura_proveedor_id: second.id, transporte_id: transporteId })
        .execute(),
    ).rejects.toThrow(/unique|duplicate/i);
    // Same invoice number twice for one carrier is rejected too.
    await expect(factura('F-1')).rejects.toThrow(/unique|duplicate/i);
  });

  it('aplica claves foráneas y checks', async () => {
    await expect(
      handle.db
        .insertInto('subpartidas')
        .values({
          transporte_id: 999_999,
          numero: 1,
          origen_poblacion: 'A',
          destino_poblacion: 'B',
          bultos: 1,
          peso_kg: 1,
        })
        .execute(),
    ).rejects.toThrow(/foreign key/i);
    await expect(
      handle.db
        .insertInto('usuarios')
        .values({ region: 'es', email: 'a@b.es', nombre: 'A', clave_hash: 'x', activo: 2 as 1 })
        .execute(),
    ).rejects.toThrow(/check/i);
    // The same e-mail may exist once per region.
    const usuario = (region: 'es' | 'it') =>
      handle.db
        .insertInto('usuarios')
        .values({ region, email: 'mismo@demo.es', nombre: 'Mismo', clave_hash: 'x' })
        .execute();
    await usuario('es');
    await usuario('it');
    await expect(usuario('es')).rejects.toThrow(/unique|duplicate/i);
    // A carrier with transports cannot be deleted; its links cascade away.
    await expect(
      handle.db.deleteFrom('proveedores').where('id', '=', proveedorId).execute(),
    ).rejects.toThrow(/foreign key/i);
  });
});
