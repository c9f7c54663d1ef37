import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database, VersionesTable } from './database.js';
import { preparedQuery } from './prepared.js';

/*
 * The change counters the triggers of migration 22 keep (decision 014): one per client, one per
 * carrier and the global one of the open loads. A conditional read's ETag is made from them,
 * so answering 304 costs this one read by primary key.
 */

type Db = Kysely<Database>;
export type Ambito = Exclude<VersionesTable['ambito'], 'cargas'>;

const delDueno = preparedQuery(2, (db, ambito: Ambito, id: number) =>
  db
    .selectFrom('versiones')
    .select(['ambito', 'n'])
    .where('ambito', '=', ambito)
    .where('id', '=', id),
);

const delDuenoYCargas = preparedQuery(2, (db, ambito: Ambito, id: number) =>
  db
    .selectFrom('versiones')
    .select(['ambito', 'n'])
    .where((eb) =>
      eb.or([
        eb.and([eb('ambito', '=', ambito), eb('id', '=', id)]),
        eb.and([eb('ambito', '=', sql.lit('cargas')), eb('id', '=', sql.lit(0))]),
      ]),
    ),
);

/**
 * The counters a read of this owner depends on, as `[owner's, global's]` (0 for one never
 * bumped): the owner's alone, or with the open loads' one when `cargas` is set.
 */
export async function versionesDe(
  db: Db,
  ambito: Ambito,
  id: number,
  options: { cargas: boolean } = { cargas: false },
): Promise<[number, number]> {
  const rows = await (options.cargas ? delDuenoYCargas : delDueno)(db, ambito, id);
  let propia = 0;
  let cargas = 0;
  for (const row of rows) {
    if (row.ambito === 'cargas') cargas = Number(row.n);
    else propia = Number(row.n);
  }
  return [propia, cargas];
}
