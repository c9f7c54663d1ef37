import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.js';
import { isDatabaseUnavailable } from '../lib/db-errors.js';
import { buildTestApp } from '../test/app.js';
import { testDatabases, type TestDatabaseHandle } from '../test/databases.js';

const postgres = testDatabases().find((database) => database.name === 'postgres');

/**
 * Fault: a connection lost in the middle of a transaction. node-postgres then answers the
 * statements that follow on that client (Kysely's rollback among them) with errors that carry
 * no SQLSTATE, only a message; each of them must still be a 503, never a 500.
 */
describe.skipIf(!postgres)('fallos: conexión perdida dentro de una transacción (postgres)', () => {
  let handle: TestDatabaseHandle;
  let app: App;
  let admin: pg.Client;
  let url: string;

  beforeAll(async () => {
    handle = await postgres!.open();
    app = await buildTestApp(handle);
    // A request that holds its transaction open while its backend is killed, as a slow one would.
    app.get('/api/prueba-transaccion', async () => {
      await app.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
        await sql`select 1`.execute(trx);
        await sql`select 1`.execute(trx);
      });
      return { ok: true };
    });
    const name = (await sql<{ name: string }>`select current_database() as name`.execute(handle.db))
      .rows[0]!.name;
    const parsed = new URL(process.env['TEST_DATABASE_URL']!);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await app?.close();
    await handle?.dispose();
  });

  it('clasifica como caída cada error de un cliente cuya conexión murió', async () => {
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => {});
    await client.connect();
    const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!
      .pid;
    await admin.query('select pg_terminate_backend($1)', [pid]);
    const errors: unknown[] = [];
    for (let i = 0; i < 3; i++) {
      errors.push(
        await client.query('select 1').then(
          () => null,
          (error: unknown) => error,
        ),
      );
    }
    const messages = errors.map((error) => (error instanceof Error ? error.message : error));
    expect(messages).toContain('Client has encountered a connection error and is not queryable');
    for (const error of errors) expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('clasifica como caída una base de datos que rechaza la conexión', async () => {
    const refused = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:1/none' });
    const error = await refused.connect().then(
      () => null,
      (e: unknown) => e,
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('una transacción cuya conexión muere responde 503 DATABASE_UNAVAILABLE', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/prueba-transaccion' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: {
        code: 'DATABASE_UNAVAILABLE',
        message: expect.stringMatching(/no está disponible.*Vuelva a intentarlo/),
      },
    });
    const after = await app.inject({ method: 'GET', url: '/readyz' });
    expect(after.statusCode).toBe(200);
  });
});
