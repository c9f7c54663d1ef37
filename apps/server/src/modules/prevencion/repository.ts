import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

/*
 * Kysely only. Documents are published to every carrier; the acknowledgement and the
 * listing are filtered by the carrier's `proveedorId` in SQL.
 */

type Db = Kysely<Database>;

/**
 * Active documents published by `now` with this carrier's acknowledgement. One the ERP
 * deactivated is hidden, its acknowledgements kept.
 */
function documentos(db: Db, proveedorId: number, now: string) {
  return db
    .selectFrom('prevencion_documentos as d')
    .leftJoin('prevencion_lecturas as l', (join) =>
      join.onRef('l.documento_id', '=', 'd.id').on('l.proveedor_id', '=', proveedorId),
    )
    .select([
      'd.id',
      'd.titulo',
      'd.descripcion',
      'd.obligatorio',
      'd.publicado_at',
      'd.archivo_id',
      'l.leido_at',
    ])
    .where('d.publicado_at', '<=', now)
    .where('d.activo', '=', 1);
}

export async function listDocumentos(db: Db, proveedorId: number, now: string) {
  return documentos(db, proveedorId, now)
    .orderBy('d.publicado_at', 'desc')
    .orderBy('d.id', 'desc')
    .execute();
}

export async function findDocumento(db: Db, proveedorId: number, id: number, now: string) {
  return documentos(db, proveedorId, now).where('d.id', '=', id).executeTakeFirst();
}

/** The file of a published document, reached through the document (owner: the company). */
export async function findArchivoDeDocumento(db: Db, id: number, now: string) {
  return db
    .selectFrom('prevencion_documentos as d')
    .innerJoin('archivos as a', 'a.id', 'd.archivo_id')
    .select(['a.id', 'a.nombre', 'a.mime', 'a.storage_key'])
    .where('d.id', '=', id)
    .where('d.publicado_at', '<=', now)
    .where('d.activo', '=', 1)
    .executeTakeFirst();
}

/** Records the acknowledgement once; true when this call recorded it (the first date stays). */
export async function insertLectura(
  db: Db,
  documentoId: number,
  proveedorId: number,
  usuarioId: number | null,
  now: string,
): Promise<boolean> {
  const result = await db
    .insertInto('prevencion_lecturas')
    .values({
      documento_id: documentoId,
      proveedor_id: proveedorId,
      usuario_id: usuarioId,
      leido_at: now,
    })
    .onConflict((oc) => oc.columns(['documento_id', 'proveedor_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
