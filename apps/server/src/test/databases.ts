import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/connection.js';
import type { DatabaseHandle } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';

/** A throw-away database: `dispose()` closes it and deletes it. */
export type TestDatabaseHandle = DatabaseHandle & { dispose(): Promise<void> };

/**
 * One dialect the tests run on. `open()` gives a fresh database with every migration applied,
 * copied from a template migrated once per test process (SQLite) or once per set of migrations
 * (PostgreSQL): running the migrations anew for each of the suite's ~130 databases cost minutes.
 * `openEmpty()` gives a fresh database with nothing in it, for the tests of the migrations.
 */
export interface TestDatabase {
  name: 'sqlite' | 'postgres';
  open(): Promise<TestDatabaseHandle>;
  openEmpty(): Promise<TestDatabaseHandle>;
}

let warned = false;

/**
 * The dialects to test on, for `describe.each(testDatabases())`. SQLite always; PostgreSQL
 * when TEST_DATABASE_URL names a server we may create databases on. A URL that is set but
 * unreachable makes the tests fail, never skip: a green run must mean both dialects passed.
 */
export function testDatabases(): TestDatabase[] {
  const adminUrl = process.env['TEST_DATABASE_URL'];
  const databases: TestDatabase[] = [
    {
      name: 'sqlite',
      open: async () => openSqliteTestDatabase(await sqliteTemplate()),
      openEmpty: () => Promise.resolve(openSqliteTestDatabase()),
    },
  ];
  if (adminUrl) {
    databases.push({
      name: 'postgres',
      open: async () => openPostgresTestDatabase(adminUrl, await postgresTemplate(adminUrl)),
      openEmpty: () => openPostgresTestDatabase(adminUrl),
    });
  } else if (!warned) {
    warned = true;
    console.warn(
      'PostgreSQL: TEST_DATABASE_URL no está definida; las pruebas de PostgreSQL no se ejecutan',
    );
  }
  return databases;
}

/**
 * Which migrations a template holds: their sources, read when this module loads, as the
 * migrations themselves are, so a migration edited during a run never names a stale template.
 */
const MIGRATIONS_DIGEST = (() => {
  const dir = new URL('../db/migrations/', import.meta.url);
  const hash = createHash('sha256');
  for (const name of readdirSync(dir).sort()) {
    hash.update(name).update(readFileSync(new URL(name, dir)));
  }
  return hash.digest('hex').slice(0, 16);
})();

let sqliteTemplateFile: Promise<string> | undefined;

/** A migrated SQLite file, made once per test process and copied for each database. */
function sqliteTemplate(): Promise<string> {
  sqliteTemplateFile ??= (async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'extranet-db-template-')), 'template.sqlite');
    const handle = openDatabase({ sqliteFile: file });
    try {
      await migrateToLatest(handle.db);
    } finally {
      // Closing checkpoints the WAL into the file, so the file alone is the whole database.
      await handle.close();
    }
    return file;
  })();
  return sqliteTemplateFile;
}

function openSqliteTestDatabase(template?: string): TestDatabaseHandle {
  const dir = mkdtempSync(join(tmpdir(), 'extranet-db-'));
  const file = join(dir, 'extranet.sqlite');
  if (template) copyFileSync(template, file);
  const handle = openDatabase({ sqliteFile: file });
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

async function adminQuery<T extends pg.QueryResultRow = pg.QueryResultRow>(
  adminUrl: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
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
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

let postgresTemplateName: Promise<string> | undefined;

/**
 * The migrated template database for this set of migrations, shared by every test process and
 * kept between runs. It is migrated under another name and renamed when complete, so a run
 * that dies half-way never leaves a template that looks ready; two processes that race both
 * build one and the loser's rename fails harmlessly.
 */
function postgresTemplate(adminUrl: string): Promise<string> {
  postgresTemplateName ??= (async () => {
    const name = `extranet_tpl_${MIGRATIONS_DIGEST}`;
    const found = await adminQuery(adminUrl, 'select 1 from pg_database where datname = $1', [
      name,
    ]);
    if (found.length > 0) return name;
    const building = `extranet_tb_${process.pid}_${randomBytes(4).toString('hex')}`;
    await adminQuery(adminUrl, `create database "${building}"`);
    const handle = openDatabase({ databaseUrl: databaseUrl(adminUrl, building), poolMax: 1 });
    try {
      await migrateToLatest(handle.db);
    } finally {
      await handle.close();
    }
    try {
      await adminQuery(adminUrl, `alter database "${building}" rename to "${name}"`);
    } catch (error) {
      if ((error as { code?: string }).code !== '42P04') throw error; // another process won
      await adminQuery(adminUrl, `drop database if exists "${building}" with (force)`);
    }
    return name;
  })();
  return postgresTemplateName;
}

async function openPostgresTestDatabase(
  adminUrl: string,
  template?: string,
): Promise<TestDatabaseHandle> {
  const name = `extranet_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const from = template ? ` template "${template}"` : '';
  await adminQuery(adminUrl, `create database "${name}"${from}`);
  const handle = openDatabase({ databaseUrl: databaseUrl(adminUrl, name), poolMax: 4 });
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
