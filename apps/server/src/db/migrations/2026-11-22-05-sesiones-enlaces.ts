// Kysely<any>: a migration is frozen in time and must not follow the evolving Database type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';
import { idRefType, instantNow, instantType, oneOf } from './dialect.js';

/*
 * Sessions opened from an id+token access link have no user: `usuario_id` becomes nullable
 * and `access_token_id` names the link (its revocation or expiry ends the session).
 * SQLite cannot relax NOT NULL in place, so the table is rebuilt in both dialects alike;
 * sessions are disposable, so everyone simply signs in again after this migration.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sesiones').execute();
  await createSesiones(db, { withAccessLinks: true });
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sesiones').execute();
  await createSesiones(db, { withAccessLinks: false });
}

async function createSesiones(db: Kysely<any>, { withAccessLinks }: { withAccessLinks: boolean }) {
  const id = idRefType(db);
  const instant = instantType(db);
  let table = db.schema
    .createTable('sesiones')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('usuario_id', id, (col) => {
      const ref = col.references('usuarios.id').onDelete('cascade');
      return withAccessLinks ? ref : ref.notNull();
    })
    .addColumn('portal', 'text', (col) =>
      oneOf('portal', ['clientes', 'proveedores'])(col.notNull()),
    )
    .addColumn('region', 'text', (col) => col.notNull().references('regiones.codigo'))
    .addColumn('cliente_id', id, (col) => col.references('clientes.id').onDelete('set null'))
    .addColumn('proveedor_id', id, (col) => col.references('proveedores.id').onDelete('set null'))
    .addColumn('datos', 'text')
    .addColumn('created_at', instant, instantNow(db))
    .addColumn('last_seen_at', instant, instantNow(db))
    .addColumn('expires_at', instant, (col) => col.notNull());
  if (withAccessLinks) {
    table = table.addColumn('access_token_id', id, (col) =>
      col.references('access_tokens.id').onDelete('cascade'),
    );
  }
  await table.execute();
  await db.schema.createIndex('sesiones_usuario_idx').on('sesiones').column('usuario_id').execute();
  await db.schema.createIndex('sesiones_expires_idx').on('sesiones').column('expires_at').execute();
}
