import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabaseHandle } from '../../test/databases.js';
import { testDatabases } from '../../test/databases.js';
import { migrateToLatest } from '../migrate.js';
import { bulkGenerate } from './bulk.js';

describe.each(testDatabases())('generador masivo ($name)', ({ open }) => {
  let handle: TestDatabaseHandle;
  beforeAll(async () => {
    handle = await open();
    await migrateToLatest(handle.db);
  });
  afterAll(() => handle.dispose());

  it('inserta el volumen pedido repartido entre muchos proveedores y clientes', async () => {
    const progress: number[] = [];
    const options = {
      transportes: 2000,
      portes: 500,
      facturas: 300,
      proveedores: 20,
      clientes: 30,
      today: new Date('2026-11-22T00:00:00Z'),
      onProgress: ({ done }: { done: number }) => progress.push(done),
    };
    const result = await bulkGenerate(handle.db, options);
    expect(result).toMatchObject({
      transportes: 2000,
      subpartidas: 2000,
      portes: 500,
      facturas: 300,
    });
    expect(result.facturasProveedor).toBeGreaterThan(0);
    expect(progress).toContain(2000);

    const perCarrier = await handle.db
      .selectFrom('transportes')
      .select(['proveedor_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('proveedor_id')
      .execute();
    expect(perCarrier.length).toBe(20);

    // Running again adds more without clashing on unique references.
    await expect(bulkGenerate(handle.db, { ...options, transportes: 100 })).resolves.toMatchObject({
      transportes: 100,
    });
    const total = await handle.db
      .selectFrom('transportes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(total.n)).toBe(2100);
  });

  it('con cuentas: un usuario proveedor y uno cliente, y su empresa con la parte pedida', async () => {
    const result = await bulkGenerate(handle.db, {
      transportes: 2000,
      proveedores: 50,
      clientes: 50,
      cuentas: { claveHash: 'hash', principal: 0.2 },
    });
    const link = await handle.db
      .selectFrom('usuarios as u')
      .innerJoin('usuarios_proveedores as up', 'up.usuario_id', 'u.id')
      .select('up.proveedor_id')
      .where('u.email', '=', result.cuentas!.proveedor)
      .executeTakeFirstOrThrow();
    const mine = await handle.db
      .selectFrom('transportes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('proveedor_id', '=', link.proveedor_id)
      .executeTakeFirstOrThrow();
    // 20% of 2000 plus its share of the rest, against 40 for an even spread.
    expect(Number(mine.n)).toBeGreaterThan(300);
    const recursos = await handle.db
      .selectFrom('recursos as r')
      .innerJoin('usuarios as u', 'u.id', 'r.usuario_id')
      .select('r.portal')
      .where('u.email', 'in', [result.cuentas!.proveedor, result.cuentas!.cliente])
      .execute();
    expect(new Set(recursos.map((r) => r.portal))).toEqual(new Set(['clientes', 'proveedores']));
  });
});
