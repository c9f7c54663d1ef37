// Kysely<any>: a migration is frozen in time and must not follow the evolving Database type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { PostgresAdapter } from 'kysely';
import type { Kysely } from 'kysely';

/*
 * Issue 19, the visitor's notices (docs/decisions/015-shipment-links.md): each subscription to
 * a shipment link's notices gets
 * - `idioma`: the language the page was shown in when the visitor subscribed (null: Spanish);
 * - `clave`: a random value from which, with the server's secret, the subscription's own page
 *   link and its one-click unsubscribe link are derived (neither is stored);
 * - `baja_at`: when the visitor unsubscribed (the row stays, so the page link of the notices
 *   already sent keeps opening while the shipment link lives).
 * Rows made before this migration get their `clave` here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const instant = isPostgres(db) ? 'timestamptz' : 'text';
  await db.schema.alterTable('enlaces_porte_avisos').addColumn('idioma', 'text').execute();
  await db.schema.alterTable('enlaces_porte_avisos').addColumn('clave', 'text').execute();
  await db.schema.alterTable('enlaces_porte_avisos').addColumn('baja_at', instant).execute();
  const rows: Array<{ id: number | string }> = await db
    .selectFrom('enlaces_porte_avisos')
    .select('id')
    .execute();
  for (const row of rows) {
    await db
      .updateTable('enlaces_porte_avisos')
      .set({ clave: randomClave() })
      .where('id', '=', row.id)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('enlaces_porte_avisos').dropColumn('baja_at').execute();
  await db.schema.alterTable('enlaces_porte_avisos').dropColumn('clave').execute();
  await db.schema.alterTable('enlaces_porte_avisos').dropColumn('idioma').execute();
}

/** 32 random bytes, base64url (Web Crypto, global in Node: a migration imports only kysely). */
function randomClave(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(32));
  return Buffer.from(bytes).toString('base64url');
}

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
