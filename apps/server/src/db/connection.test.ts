import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './connection.js';

describe('SQLite: sentencias preparadas reutilizadas', () => {
  let handle: DatabaseHandle | undefined;
  afterEach(() => handle?.close());

  it('la misma consulta con otros parámetros, tras un cambio de esquema y más allá de la caché', async () => {
    handle = openDatabase({ sqliteFile: ':memory:' });
    const db = handle.db;
    await sql`create table t (id integer primary key, v text)`.execute(db);
    await sql`insert into t (id, v) values (1, 'uno'), (2, 'dos')`.execute(db);
    const byId = (id: number) => sql<{ v: string }>`select * from t where id = ${id}`.execute(db);

    expect((await byId(1)).rows).toEqual([{ id: 1, v: 'uno' }]);
    expect((await byId(2)).rows).toEqual([{ id: 2, v: 'dos' }]);

    // A cached statement sees the new column (SQLite re-prepares it on a schema change).
    await sql`alter table t add column w text default 'x'`.execute(db);
    expect((await byId(1)).rows).toEqual([{ id: 1, v: 'uno', w: 'x' }]);

    // Far more distinct texts than the cache keeps: the oldest are dropped, all still run.
    for (let i = 0; i < 600; i++) {
      const { rows } = await sql<{ n: number }>`select ${sql.lit(i)} as n`.execute(db);
      expect(rows).toEqual([{ n: i }]);
    }
    expect((await byId(2)).rows).toEqual([{ id: 2, v: 'dos', w: 'x' }]);

    // Writes through a reused statement.
    const insert = (id: number) => sql`insert into t (id, v) values (${id}, 'n')`.execute(db);
    await insert(3);
    await insert(4);
    const { rows } = await sql<{ n: number }>`select count(*) as n from t`.execute(db);
    expect(rows).toEqual([{ n: 4 }]);
  });
});
