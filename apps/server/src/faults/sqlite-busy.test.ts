import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.js';
import { testDatabases, type TestDatabaseHandle } from '../test/databases.js';
import { buildTestApp } from '../test/app.js';
import { createProveedorConUsuario } from '../test/proveedores.js';
import { TestBrowser } from '../test/session.js';

const sqlite = testDatabases().find((database) => database.name === 'sqlite')!;
const HOLD_MS = 600;

/**
 * Another process holds SQLite's write lock for HOLD_MS. It must be another process (or
 * thread): better-sqlite3 waits for the lock synchronously, so an in-process holder could never
 * let go while the app waits.
 */
function holdWriteLock(file: string): Promise<{ released: Promise<void> }> {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const script = `
    const Database = require(${JSON.stringify(driver)});
    const db = new Database(${JSON.stringify(file)});
    db.exec('begin immediate');
    process.stdout.write('locked\\n');
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${HOLD_MS});
    db.exec('commit');
    db.close();`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const released = new Promise<void>((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`exit ${code}`)))),
  );
  return new Promise((resolve, reject) => {
    child.stdout.once('data', () => resolve({ released }));
    child.once('error', reject);
  });
}

describe('fallos: SQLite ocupada por otra conexión (sqlite)', () => {
  let handle: TestDatabaseHandle;
  let app: App;
  let email: string;
  let file: string;

  beforeAll(async () => {
    handle = await sqlite.open();
    app = await buildTestApp(handle);
    ({ email } = await createProveedorConUsuario(handle.db));
    const { rows } = await sql<{ file: string }>`pragma database_list`.execute(handle.db);
    file = rows[0]!.file;
  });
  afterAll(async () => {
    await app?.close();
    await handle?.dispose();
  });

  it('una escritura mientras otro proceso tiene el bloqueo espera y termina sin error', async () => {
    const browser = new TestBrowser(app);
    await browser.get('/api/auth');
    const { released } = await holdWriteLock(file);
    const started = Date.now();
    // The login writes the session row: it has to wait for the lock.
    const res = await browser.login(email, { portal: 'proveedores' });
    const waited = Date.now() - started;
    await released;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: 1 });
    expect(waited).toBeGreaterThanOrEqual(HOLD_MS / 3);
    expect((await browser.get('/api/proveedores/transportes')).statusCode).toBe(200);
  });
});
