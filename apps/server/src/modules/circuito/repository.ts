import { customerResources } from '@extranet/contracts/menus/menu';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

/** The distinct URLs of every user's Circuitoseguridad menu entry. */
export async function listCircuitoUrls(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('recursos')
    .select('api')
    .distinct()
    .where('recurso', '=', customerResources.circuitoSeguridad)
    .execute();
  return rows.map((row) => row.api);
}
