import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
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

    // A cached statement sees the new column (SQLite re-prepares it on a schema change), and a
    // renamed one under its new name (rows are built from the statement's column names).
    await sql`alter table t add column w text default 'x'`.execute(db);
    expect((await byId(1)).rows).toEqual([{ id: 1, v: 'uno', w: 'x' }]);
    await sql`alter table t rename column w to z`.execute(db);
    expect((await byId(1)).rows).toEqual([{ id: 1, v: 'uno', z: 'x' }]);
    await sql`alter table t rename column z to w`.execute(db);

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

  it('filas como objetos: nulos, nombres repetidos, RETURNING y lectura por streaming', async () => {
    handle = openDatabase({ sqliteFile: ':memory:' });
    const db = handle.db;
    await sql`create table t (id integer primary key, v text, n real)`.execute(db);
    const inserted = await sql<{ id: number; v: string | null }>`
      insert into t (v, n) values ('a', 1.5), (null, null) returning id, v`.execute(db);
    expect(inserted.rows).toEqual([
      { id: 1, v: 'a' },
      { id: 2, v: null },
    ]);
    // Like better-sqlite3's own objects: a repeated name keeps the last column's value.
    const repeated = await sql`select v as x, n as x from t where id = 1`.execute(db);
    expect(repeated.rows).toEqual([{ x: 1.5 }]);
    const streamed: unknown[] = [];
    const typed = db as unknown as Kysely<{
      t: { id: number; v: string | null; n: number | null };
    }>;
    for await (const row of typed.selectFrom('t').selectAll().orderBy('id').stream()) {
      streamed.push(row);
    }
    expect(streamed).toEqual([
      { id: 1, v: 'a', n: 1.5 },
      { id: 2, v: null, n: null },
    ]);
  });
});

describe('SQLite: dos procesos sobre el mismo fichero (el CLI junto al servidor)', () => {
  const handles: DatabaseHandle[] = [];
  afterEach(async () => {
    for (const h of handles.splice(0)) await h.close();
  });

  it('una transacción que lee y luego escribe no falla porque otra conexión escribió entre medias', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'extranet-lock-')), 'db.sqlite');
    const servidor = openDatabase({ sqliteFile: file });
    const cli = openDatabase({ sqliteFile: file });
    handles.push(servidor, cli);
    await sql`create table t (id integer primary key, v text)`.execute(servidor.db);
    // The other connection must not wait 5 s for a lock this test holds on purpose.
    await sql`pragma busy_timeout = 0`.execute(servidor.db);
    let otra: unknown;
    await cli.db.transaction().execute(async (trx) => {
      await sql`select count(*) from t`.execute(trx);
      // A deferred transaction let this write in, then its own write failed ("database is
      // locked"): its snapshot was stale. An immediate one holds the lock: this one waits.
      otra = await sql`insert into t (v) values ('servidor')`
        .execute(servidor.db)
        .catch((error: unknown) => error);
      await sql`insert into t (v) values ('cli')`.execute(trx);
    });
    expect(String(otra)).toMatch(/database is locked/);
    const { rows } = await sql<{ v: string }>`select v from t`.execute(cli.db);
    expect(rows.map((r) => r.v)).toEqual(['cli']);
  });
});
