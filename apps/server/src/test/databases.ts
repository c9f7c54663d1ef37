import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/connection.js';
import type { DatabaseHandle } from '../db/connection.js';

/** A throw-away database: `dispose()` closes it and deletes it. */
export type TestDatabaseHandle = DatabaseHandle & { dispose(): Promise<void> };

/** One dialect the tests run on; `open()` creates a fresh, empty (unmigrated) database. */
export interface TestDatabase {
  name: 'sqlite' | 'postgres';
  open(): Promise<TestDatabaseHandle>;
}

let warned = false;

/**
 * The dialects to test on, for `describe.each(testDatabases())`. SQLite always; PostgreSQL
 * when TEST_DATABASE_URL names a server we may create databases on. A URL that is set but
 * unreachable makes the tests fail, never skip: a green run must mean both dialects passed.
 */
export function testDatabases(): TestDatabase[] {
  const adminUrl = process.env['TEST_DATABASE_URL'];
  const databases: TestDatabase[] = [{ name: 'sqlite', open: openSqliteTestDatabase }];
  if (adminUrl) {
    databases.push({ name: 'postgres', open: () => openPostgresTestDatabase(adminUrl) });
  } else if (!warned) {
    warned = true;
    console.warn(
      'PostgreSQL: TEST_DATABASE_URL no está definida; las pruebas de PostgreSQL no se ejecutan',
    );
  }
  return databases;
}

async function openSqliteTestDatabase(): Promise<TestDatabaseHandle> {
  const dir = mkdtempSync(join(tmpdir(), 'extranet-db-'));
  const handle = openDatabase({ sqliteFile: join(dir, 'extranet.sqlite') });
  let disposed = false;
  return {
    ...handle,
    async dispose() {
      if (disposed) return;
      disposed = true;
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `PostgreSQL de pruebas inalcanzable en TEST_DATABASE_URL=${redact(adminUrl)}: ${reason}`,
      { cause: error },
    );
  }
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function openPostgresTestDatabase(adminUrl: string): Promise<TestDatabaseHandle> {
  const name = `extranet_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase({ databaseUrl: url.toString(), poolMax: 4 });
  let disposed = false;
  return {
    ...handle,
    async dispose() {
      if (disposed) return;
      disposed = true;
      await handle.close();
      await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}
