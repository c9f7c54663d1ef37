import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveSqliteFile } from './connection.js';
import type { OpenDatabaseOptions } from './connection.js';

/** Repository root (from src/db or dist/db alike), like the server's default DATA_DIR. */
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * The database the db:* scripts work on, chosen as the server chooses it: DATABASE_URL when
 * set, else `<DATA_DIR>/extranet.sqlite` with DATA_DIR resolved from process.cwd() and
 * defaulting to `<repo>/data`.
 */
export function cliDatabaseOptions(env: NodeJS.ProcessEnv = process.env): OpenDatabaseOptions {
  const dataDir = env['DATA_DIR']
    ? resolve(process.cwd(), env['DATA_DIR'])
    : resolve(repoRoot, 'data');
  return { databaseUrl: env['DATABASE_URL'] || undefined, sqliteFile: resolveSqliteFile(dataDir) };
}

/** Where the scripts write, with any password hidden. */
export function describeTarget(options: OpenDatabaseOptions): string {
  return options.databaseUrl
    ? options.databaseUrl.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@')
    : (options.sqliteFile ?? '');
}
