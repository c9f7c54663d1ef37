import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';
import type { SqliteDatabase as KyselySqliteDatabase } from 'kysely';
import pg from 'pg';
import type { Database } from './database.js';

export type SqlDialect = 'sqlite' | 'postgres';

/**
 * Reads a query's rows as arrays of column values, in the select's order, straight from the
 * driver: no row objects, no Kysely execution layer (db/prepared.ts). Undefined when it cannot
 * right now (SQLite inside a transaction: the read waits its turn through Kysely instead).
 */
export interface ArrayReader {
  read(sql: string, parameters: readonly unknown[]): Promise<unknown[][]> | unknown[][] | undefined;
}

/** The array reader of each database opened here (a transaction or derived instance has none). */
const arrayReaders = new WeakMap<Kysely<Database>, ArrayReader>();

/** The driver's array reader of `db` when it is a database opened by `openDatabase`. */
export function arrayReaderOf(db: Kysely<Database>): ArrayReader | undefined {
  return arrayReaders.get(db);
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: SqlDialect;
  /** The PostgreSQL pool (absent on SQLite), for tests that wait on its clients. */
  pool?: pg.Pool;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** `postgres://…` or `postgresql://…` selects PostgreSQL; anything else is ignored. */
  databaseUrl?: string;
  /** SQLite file path (parent directory created) or ':memory:'. */
  sqliteFile?: string;
  /** PostgreSQL pool size (default 10). */
  poolMax?: number;
}

/** The embedded database file inside the data directory. */
export function resolveSqliteFile(dataDir: string): string {
  return join(resolve(dataDir), 'extranet.sqlite');
}

export function isPostgresUrl(url: string | undefined): url is string {
  return url !== undefined && /^postgres(ql)?:\/\//i.test(url);
}

export function openDatabase(options: OpenDatabaseOptions): DatabaseHandle {
  if (isPostgresUrl(options.databaseUrl)) {
    return openPostgres(options.databaseUrl, options.poolMax ?? 10);
  }
  if (options.sqliteFile === undefined) {
    throw new Error('openDatabase: hace falta databaseUrl (postgres://…) o sqliteFile');
  }
  return openSqlite(options.sqliteFile);
}

/** `select 1`, for /readyz. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}

function openSqlite(file: string): DatabaseHandle {
  if (file !== ':memory:') mkdirSync(dirname(resolve(file)), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  // WAL lets readers run while a writer commits; NORMAL is durable enough under WAL.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // Reads straight from the OS page cache (256 MB mapped) and 64 MB of SQLite's own cache:
  // a page of the history read a third faster at 10k rows, more once the file outgrows 2 MB
  // of default cache (docs/benchmarks.md).
  sqlite.pragma('mmap_size = 268435456');
  sqlite.pragma('cache_size = -65536');
  const cached = withStatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialectInmediato({ database: cached }) });
  arrayReaders.set(db, { read: cached.readArrays });
  return {
    db,
    dialect: 'sqlite',
    // Kysely's destroy closes the better-sqlite3 connection.
    close: () => db.destroy(),
  };
}

/*
 * SQLite transactions start with `begin immediate`: they take the write lock at once, waiting
 * for it (busy_timeout), instead of at their first write. A deferred transaction that read and
 * then wrote after another process (the CLI beside the server, a second instance) committed
 * failed at once with "database is locked", whatever the busy timeout: its snapshot was stale.
 * Within one process nothing changes: Kysely runs one statement or transaction at a time.
 */
class SqliteDriverInmediato extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class SqliteDialectInmediato extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new SqliteDriverInmediato(this.#config);
  }
}

/** Distinct SQL texts kept prepared; Kysely builds a few hundred at most (`in (…)` lists vary). */
const STATEMENT_CACHE_SIZE = 500;

type Statement = SqliteDatabase.Statement<unknown[]>;
type KyselySqliteStatement = ReturnType<KyselySqliteDatabase['prepare']>;

/**
 * Kysely prepares every query anew, and compiling the SQL weighed on every short request.
 * This keeps the prepared statements by SQL text (least recently used dropped first). Safe
 * because Kysely runs one query at a time on the single connection; a statement still being
 * iterated (`busy`) is never shared, a fresh one is prepared instead.
 */
function withStatementCache(
  sqlite: SqliteDatabase.Database,
): KyselySqliteDatabase & { readArrays: ArrayReader['read'] } {
  const cache = new Map<string, { statement: Statement; forKysely: KyselySqliteStatement }>();
  const schemaVersion = sqlite.prepare<[], number>('pragma schema_version').pluck();
  const currentSchema = () => schemaVersion.get()!;
  const entryOf = (source: string) => {
    const cached = cache.get(source);
    if (cached && !cached.statement.busy) {
      cache.delete(source);
      cache.set(source, cached);
      return cached;
    }
    const statement = sqlite.prepare<unknown[]>(source);
    const entry = { statement, forKysely: rowsBuiltInJs(statement, currentSchema) };
    if (!cached) {
      cache.set(source, entry);
      if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    }
    return entry;
  };
  return {
    prepare: (source: string) => entryOf(source).forKysely,
    // Outside a transaction the single connection holds only committed data, and better-sqlite3
    // runs the statement to its end before anything else runs: the same rows Kysely would read.
    // Inside one (Kysely holds the connection across awaits) the read waits for it instead.
    readArrays: (source: string, parameters: readonly unknown[]) => {
      if (sqlite.inTransaction) return undefined;
      const { statement } = entryOf(source);
      if (!statement.reader) throw new Error(`readArrays: no es una lectura: ${source}`);
      // Readers are raw (rowsBuiltInJs): arrays of values, in the select's order.
      return statement.all(parameters) as unknown[][];
    },
    close() {
      cache.clear();
      sqlite.close();
    },
  };
}

/**
 * A reading statement whose rows better-sqlite3 hands over as arrays, made into objects here:
 * its own row objects, built column by column through V8's API, cost about twice the arrays
 * (a 50-row history page: ~250 µs against ~150 µs, docs/benchmarks.md). Rows are the same
 * plain objects, the columns in order (a repeated name keeps the last value, as before). The
 * names are read again after a schema change (SQLite then re-prepares the statement).
 */
function rowsBuiltInJs(statement: Statement, currentSchema: () => number): KyselySqliteStatement {
  if (!statement.reader) return statement;
  statement.raw(true);
  let schema = currentSchema();
  let names = statement.columns().map((column) => column.name);
  const objectsOf = (rows: unknown[][]) => {
    if (currentSchema() !== schema) {
      schema = currentSchema();
      names = statement.columns().map((column) => column.name);
    }
    return rows.map((values) => {
      const row: Record<string, unknown> = {};
      for (let i = 0; i < names.length; i++) row[names[i]!] = values[i];
      return row;
    });
  };
  return {
    reader: true,
    all: (parameters) => objectsOf(statement.all(parameters) as unknown[][]),
    run: (parameters) => statement.run(parameters),
    *iterate(parameters) {
      for (const values of statement.iterate(parameters)) yield objectsOf([values as unknown[]])[0];
    },
  };
}

// PostgreSQL type OIDs (pg_type.oid).
const OID = { int8: 20, numeric: 1700, date: 1082, timestamp: 1114, timestamptz: 1184 } as const;

/**
 * Per-pool type parsers so both dialects hand the app the same JS values
 * (docs/decisions/002-portable-sql-types.md) without touching pg's global parsers.
 */
function portableTypes(): pg.CustomTypesConfig {
  // pg-types answers `any`; the text parser of timestamptz gives a Date.
  const parseTimestamptz = pg.types.getTypeParser(OID.timestamptz, 'text') as (
    value: string,
  ) => Date;
  const overrides = new Map<number, (value: string) => unknown>([
    // Ids are bigint identities; they stay far below 2^53.
    [OID.int8, (value) => Number(value)],
    [OID.numeric, (value) => Number(value)],
    [OID.date, (value) => value],
    [OID.timestamptz, (value) => toIsoString(parseTimestamptz(value))],
    // Not used by our schema; treat as UTC if an ad-hoc query produces one.
    [OID.timestamp, (value) => toIsoString(parseTimestamptz(`${value}+00`))],
  ]);
  return {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
      const override = format === 'binary' ? undefined : overrides.get(oid);
      return (
        override ?? (pg.types.getTypeParser(oid, format ?? 'text') as (value: string) => unknown)
      );
    }) as pg.CustomTypesConfig['getTypeParser'],
  };
}

function toIsoString(value: unknown): unknown {
  // 'infinity' parses to ±Infinity numbers in pg-types; leave those alone.
  return value instanceof Date && !Number.isNaN(value.getTime()) ? value.toISOString() : value;
}

function openPostgres(url: string, max: number): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    types: portableTypes(),
    // Session time zone UTC: date_trunc, ::date casts and now()::date agree with the app.
    options: '-c TimeZone=UTC',
  });
  // A client whose backend dies (pg_terminate_backend, a PostgreSQL restart, a dropped
  // network) emits 'error' — on the pool when idle, on the client itself when checked out —
  // and an unheard 'error' event crashes the process. The query in flight fails on its own
  // (503, plugins/errors.ts) and the pool discards the dead client when it is released (it is
  // no longer queryable), so the next query opens a new connection.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  // A query on the pool, as Kysely runs one on `db` (a pooled client, no transaction).
  arrayReaders.set(db, {
    read: async (text, values) => {
      const result = await pool.query<unknown[]>({ text, values: [...values], rowMode: 'array' });
      return result.rows;
    },
  });
  return {
    db,
    dialect: 'postgres',
    pool,
    // Kysely's destroy ends the pool.
    close: () => db.destroy(),
  };
}
