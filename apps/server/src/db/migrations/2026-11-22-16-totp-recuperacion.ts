// Kysely<any>: a migration is frozen in time and must not follow the evolving Database type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';
import { idRefType, instantNow, instantType, withId } from './dialect.js';

/*
 * TOTP recovery codes (issue 7, ASVS 5.0 6.5): ten single-use codes per confirmed factor.
 * `codigo_hash` is an argon2id hash with its own salt (a code has only 50 bits of entropy);
 * `usado_at` is set once, by the one request that spends the code. The rows go with the
 * user's TOTP row (disabling the factor deletes them).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('totp_codigos_recuperacion'))
    .addColumn('usuario_id', idRefType(db), (col) =>
      col.notNull().references('usuarios_totp.usuario_id').onDelete('cascade'),
    )
    .addColumn('codigo_hash', 'text', (col) => col.notNull())
    .addColumn('usado_at', instantType(db))
    .addColumn('created_at', instantType(db), instantNow(db))
    .execute();
  await db.schema
    .createIndex('totp_codigos_recuperacion_usuario_idx')
    .on('totp_codigos_recuperacion')
    .column('usuario_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('totp_codigos_recuperacion').execute();
}
