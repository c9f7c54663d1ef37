import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { TestDatabaseHandle } from '../test/databases.js';
import { testDatabases } from '../test/databases.js';
import { migrateDownAll, migrateToLatest } from './migrate.js';
import { migrations } from './migrations/index.js';

describe.each(testDatabases())('migraciones ($name)', ({ openEmpty }) => {
  let handle: TestDatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.dispose();
    handle = undefined;
  });

  async function tableNames(h: TestDatabaseHandle): Promise<string[]> {
    const tables = await h.db.introspection.getTables();
    return tables.map((table) => table.name).sort();
  }

  it('sube, baja y vuelve a subir todas las migraciones', async () => {
    handle = await openEmpty();
    const all = Object.keys(migrations);

    expect(await migrateToLatest(handle.db)).toEqual(all);
    const tables = await tableNames(handle);
    expect(tables).toEqual(
      expect.arrayContaining([
        'usuarios',
        'transportes',
        'seguimiento',
        'eventos',
        'avisos_retraso',
      ]),
    );
    expect(await migrateToLatest(handle.db)).toEqual([]);

    expect(await migrateDownAll(handle.db)).toEqual([...all].reverse());
    expect(await tableNames(handle)).toEqual([]);

    expect(await migrateToLatest(handle.db)).toEqual(all);
    // Down and up again gives back exactly the same tables.
    expect(await tableNames(handle)).toEqual(tables);
    await sql`select count(*) from transportes`.execute(handle.db);
  });
});

// Frozen migrations: a shared helper module would let an edit change what an old migration does.
describe('migraciones congeladas', () => {
  it('no importan nada más que kysely', () => {
    const dir = new URL('./migrations/', import.meta.url);
    const files = readdirSync(dir).filter((name) => /^\d{4}-\d{2}-\d{2}-.*\.ts$/.test(name));
    expect(files).toHaveLength(Object.keys(migrations).length);
    for (const name of files) {
      const source = readFileSync(new URL(name, dir), 'utf8');
      const imported = [...source.matchAll(/from '([^']+)'/g)].map((match) => match[1]);
      expect({ name, imported: [...new Set(imported)] }).toEqual({ name, imported: ['kysely'] });
    }
  });
});
