import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

const CLAVE = 'ecmr_ed25519_privada';

/** The e-CMR sealing key (PKCS#8 PEM) kept in `ajustes`, or undefined before the first start. */
export async function findClavePrivada(db: Kysely<Database>): Promise<string | undefined> {
  const row = await db
    .selectFrom('ajustes')
    .select('valor')
    .where('clave', '=', CLAVE)
    .executeTakeFirst();
  return row?.valor;
}

/** Stores the key unless one is there already: the first instance's key wins. */
export async function insertClavePrivadaSiFalta(db: Kysely<Database>, pem: string) {
  await db
    .insertInto('ajustes')
    .values({ clave: CLAVE, valor: pem })
    .onConflict((oc) => oc.column('clave').doNothing())
    .execute();
}
