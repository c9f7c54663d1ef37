import type { Kysely } from 'kysely';
import type { Archivo, Database, NewArchivo } from '../../db/database.js';

/** Whose a file is: the customer or carrier company it belongs to. */
export interface ArchivoOwner {
  kind: 'cliente' | 'proveedor';
  id: number;
}

/** Records a stored file; returns the whole row. Pass the transaction of the domain change. */
export async function insertArchivo(db: Kysely<Database>, values: NewArchivo): Promise<Archivo> {
  return db.insertInto('archivos').values(values).returningAll().executeTakeFirstOrThrow();
}

/**
 * A file of that owner, or undefined when it does not exist or belongs to someone else
 * (the route answers 404 either way). Files reached through another record, such as a
 * carrier's CMR shown to the shipment's customer, are found by joining from that record.
 */
export async function findArchivoForOwner(
  db: Kysely<Database>,
  id: number,
  owner: ArchivoOwner,
): Promise<Archivo | undefined> {
  return db
    .selectFrom('archivos')
    .selectAll()
    .where('id', '=', id)
    .where('propietario_tipo', '=', owner.kind)
    .where('propietario_id', '=', owner.id)
    .executeTakeFirst();
}

/**
 * Reserves the bytes under `storageKey` for an upload about to rely on them: the orphan purge
 * keeps them for its grace period from `now`. Waits while the purge is deleting that key.
 */
export async function reservarContenido(
  db: Kysely<Database>,
  storageKey: string,
  now: string,
): Promise<void> {
  await db
    .insertInto('reservas_contenido')
    .values({ storage_key: storageKey, reservado_en: now })
    .onConflict((oc) => oc.column('storage_key').doUpdateSet({ reservado_en: now }))
    .execute();
}

/**
 * A file a customer may download, in one query: owned by the client, or linked to one of its
 * shipments (CMR, POD, or a carrier's CMR of a leg of the shipment) or invoices (PDF).
 * Undefined otherwise, whoever owns it (the route answers 404).
 */
export async function findArchivoForCliente(
  db: Kysely<Database>,
  id: number,
  clienteId: number,
): Promise<Archivo | undefined> {
  return db
    .selectFrom('archivos as a')
    .selectAll('a')
    .where('a.id', '=', id)
    .where((eb) =>
      eb.or([
        eb.and([eb('a.propietario_tipo', '=', 'cliente'), eb('a.propietario_id', '=', clienteId)]),
        eb.exists(
          eb
            .selectFrom('portes as p')
            .select('p.id')
            .where('p.cliente_id', '=', clienteId)
            .where((e) =>
              e.or([
                e('p.cmr_archivo_id', '=', e.ref('a.id')),
                e('p.pod_archivo_id', '=', e.ref('a.id')),
              ]),
            ),
        ),
        eb.exists(
          eb
            .selectFrom('subpartidas as s')
            .innerJoin('portes as p', 'p.id', 's.porte_id')
            .select('s.id')
            .whereRef('s.cmr_archivo_id', '=', 'a.id')
            .where('p.cliente_id', '=', clienteId),
        ),
        eb.exists(
          eb
            .selectFrom('facturas as f')
            .select('f.id')
            .whereRef('f.archivo_id', '=', 'a.id')
            .where('f.cliente_id', '=', clienteId),
        ),
      ]),
    )
    .executeTakeFirst();
}
