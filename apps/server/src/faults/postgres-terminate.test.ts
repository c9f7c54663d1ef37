import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../app.js';
import { testDatabases, type TestDatabaseHandle } from '../test/databases.js';
import { buildTestApp } from '../test/app.js';
import { createProveedorConUsuario } from '../test/proveedores.js';
import { signedIn, type TestBrowser } from '../test/session.js';

const postgres = testDatabases().find((database) => database.name === 'postgres');

/** Fault: PostgreSQL backends killed with pg_terminate_backend while requests are in flight. */
describe.skipIf(!postgres)('fallos: conexiones de PostgreSQL terminadas (postgres)', () => {
  let handle: TestDatabaseHandle;
  let app: App;
  let browser: TestBrowser;
  let admin: pg.Client;
  let database: string;

  beforeAll(async () => {
    handle = await postgres!.open();
    app = await buildTestApp(handle);
    const { email } = await createProveedorConUsuario(handle.db);
    browser = await signedIn(app, email, { portal: 'proveedores' });
    database = (await sql<{ name: string }>`select current_database() as name`.execute(handle.db))
      .rows[0]!.name;
    const url = new URL(process.env['TEST_DATABASE_URL']!);
    url.pathname = `/${database}`;
    admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await app?.close();
    await handle?.dispose();
  });

  /** Kills every backend of the test database but the admin connection; returns how many. */
  async function terminateAll(): Promise<number> {
    const { rows } = await admin.query<{ killed: boolean }>(
      `select pg_terminate_backend(pid) as killed from pg_stat_activity
        where datname = $1 and pid <> pg_backend_pid()`,
      [database],
    );
    return rows.filter((row) => row.killed).length;
  }

  async function waitForLockWaiters(): Promise<number> {
    const lockWaiters = async () => {
      const { rows } = await admin.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where datname = $1 and wait_event_type = 'Lock'`,
        [database],
      );
      return rows[0]!.n;
    };
    try {
      return await vi.waitUntil(lockWaiters, { timeout: 5000, interval: 25 });
    } catch {
      throw new Error('ninguna petición llegó a esperar el bloqueo');
    }
  }

  it('las peticiones en curso reciben 503 en español y las siguientes funcionan sin reiniciar', async () => {
    // Hold the table so the history queries are certainly in flight when their backends die.
    await admin.query('begin');
    await admin.query('lock table transportes in access exclusive mode');
    const inFlight = Array.from({ length: 8 }, () => browser.get('/api/proveedores/transportes'));
    expect(await waitForLockWaiters()).toBeGreaterThan(0);
    expect(await terminateAll()).toBeGreaterThan(0);
    await admin.query('commit');

    const responses = await Promise.all(inFlight);
    const failed = responses.filter((res) => res.statusCode !== 200);
    expect(failed.length).toBeGreaterThan(0);
    for (const res of failed) {
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        error: {
          code: 'DATABASE_UNAVAILABLE',
          message: expect.stringMatching(/no está disponible.*Vuelva a intentarlo/),
        },
      });
    }

    const after = await Promise.all(
      Array.from({ length: 10 }, () => browser.get('/api/proveedores/transportes')),
    );
    expect(after.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
  });

  it('los clientes inactivos del pool que mueren se descartan sin tumbar el proceso', async () => {
    // Fill the pool with idle clients, then kill them all while nobody uses them.
    await Promise.all(Array.from({ length: 6 }, () => browser.get('/api/proveedores/transportes')));
    expect(await terminateAll()).toBeGreaterThan(0);
    // The pool has heard of every death and dropped those clients.
    await vi.waitUntil(() => handle.pool!.totalCount === 0, { timeout: 5000 });
    const after = await Promise.all(
      Array.from({ length: 6 }, () => browser.get('/api/proveedores/transportes')),
    );
    expect(after.map((res) => res.statusCode)).toEqual(Array(6).fill(200));
  });
});
