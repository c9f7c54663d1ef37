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
});
