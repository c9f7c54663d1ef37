import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database, VersionesTable } from './database.js';
import { preparedQuery } from './prepared.js';

/*
 * The change counters the triggers of migration 22 keep (decision 014): one per client, one per
 * carrier and the global one of the open loads, each the sum of its parts (migration 29). A
 * conditional read's ETag is made from them, so answering 304 costs this one read by primary
 * key (a prefix of it on PostgreSQL: an owner's few parts).
 */

type Db = Kysely<Database>;
export type Ambito = Exclude<VersionesTable['ambito'], 'cargas'>;

const delDueno = preparedQuery(2, (db, ambito: Ambito, id: number) =>
  db
    .selectFrom('versiones')
    .select((eb) => ['ambito', eb.fn.sum<string | number>('n').as('n')])
    .where('ambito', '=', ambito)
    .where('id', '=', id)
    .groupBy('ambito'),
);

const delDuenoYCargas = preparedQuery(2, (db, ambito: Ambito, id: number) =>
  db
    .selectFrom('versiones')
    .select((eb) => ['ambito', eb.fn.sum<string | number>('n').as('n')])
    .where((eb) =>
      eb.or([
        eb.and([eb('ambito', '=', ambito), eb('id', '=', id)]),
        eb.and([eb('ambito', '=', sql.lit('cargas')), eb('id', '=', sql.lit(0))]),
      ]),
    )
    .groupBy('ambito'),
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
