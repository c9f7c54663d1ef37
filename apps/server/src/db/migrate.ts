import { inspect } from 'node:util';
import { Migrator, NO_MIGRATIONS } from 'kysely';
import type { Kysely, MigrationResultSet } from 'kysely';
import type { Database } from './database.js';
import { migrationProvider } from './migrations/index.js';

function migrator(db: Kysely<Database>): Migrator {
  return new Migrator({ db, provider: migrationProvider });
}

function check(action: string, { error, results }: MigrationResultSet): string[] {
  const failed = results?.find((result) => result.status === 'Error');
  if (error !== undefined) {
    const name = failed ? ` en "${failed.migrationName}"` : '';
    const reason = error instanceof Error ? error.message : inspect(error);
    throw new Error(`Fallo al ${action} las migraciones${name}: ${reason}`, { cause: error });
  }
  return (results ?? []).map((result) => result.migrationName);
}

/** Applies every pending migration; returns the names applied. Throws on failure. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  return check('aplicar', await migrator(db).migrateToLatest());
}

/** Undoes every migration (drops the schema); returns the names undone. Throws on failure. */
export async function migrateDownAll(db: Kysely<Database>): Promise<string[]> {
  return check('deshacer', await migrator(db).migrateTo(NO_MIGRATIONS));
}
