import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate.js';
import { bulkGenerate } from '../../db/seed/bulk.js';
import { testDatabases, type TestDatabaseHandle } from '../../test/databases.js';
import { queryPlan } from '../../test/query-plan.js';
import { listOpenLoadsQuery } from './repository.js';

describe.each(testDatabases())('índices de la bolsa de cargas ($name)', ({ open }) => {
  let handle: TestDatabaseHandle;
  let proveedorId: number;

  beforeAll(async () => {
    handle = await open();
    await migrateToLatest(handle.db);
    await bulkGenerate(handle.db, { transportes: 0, cargas: 5000, proveedores: 3, clientes: 1 });
    proveedorId = (await handle.db.selectFrom('proveedores').select('id').executeTakeFirstOrThrow())
      .id;
    await sql`analyze`.execute(handle.db);
  }, 60_000);
  afterAll(() => handle?.dispose());

  it('el listado por fecha recorre el índice, sin ordenar la tabla', async () => {
    const text = await queryPlan(handle, listOpenLoadsQuery(handle.db, proveedorId, {}, 51));
    if (handle.dialect === 'postgres') {
      expect(text).toMatch(/Index (Only )?Scan using cargas_estado_fecha_idx/);
      expect(text).not.toMatch(/\bSort\b/);
    } else {
      expect(text).toContain('cargas_estado_fecha_idx');
      expect(text).not.toContain('USE TEMP B-TREE FOR ORDER BY');
    }
  });

  // A very selective filter (a town prefix) may rightly make PostgreSQL sort the few matches.
  it('también con el filtro de fechas', async () => {
    const text = await queryPlan(
      handle,
      listOpenLoadsQuery(
        handle.db,
        proveedorId,
        { fechaDesde: '2000-01-01', fechaHasta: '2100-01-01' },
        51,
      ),
    );
    expect(text).toContain('cargas_estado_fecha_idx');
    expect(text).not.toContain('USE TEMP B-TREE FOR ORDER BY');
    if (handle.dialect === 'postgres') expect(text).not.toMatch(/\bSort\b/);
  });
});
