import type {
  PrevencionDocumento,
  PrevencionList,
} from '@extranet/contracts/prevencion/prevencion';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { clock } from '../../lib/clock.js';
import { recordEvent } from '../../outbox/events.js';
import { HttpError } from '../../lib/http-error.js';
import { recordAudit } from '../audit/repository.js';
import type { ProveedorActor } from '../../plugins/actor.js';
import {
  findArchivoDeDocumento,
  findDocumento,
  insertLectura,
  listDocumentos,
} from './repository.js';

type Db = Kysely<Database>;

type DocumentoRow = Awaited<ReturnType<typeof listDocumentos>>[number];

function toDocumento(row: DocumentoRow): PrevencionDocumento {
  return {
    id: row.id,
    titulo: row.titulo,
    descripcion: row.descripcion,
    obligatorio: row.obligatorio === 1,
    publicado_at: row.publicado_at,
    tiene_archivo: row.archivo_id !== null,
    leido_at: row.leido_at,
  };
}

const notFound = () => new HttpError(404, 'NOT_FOUND', 'Documento no encontrado.');

/** Published prevention documents with this carrier's acknowledgement date. */
export async function listPrevencion(db: Db, proveedorId: number): Promise<PrevencionList> {
  const rows = await listDocumentos(db, proveedorId, clock.now().toISOString());
  return { items: rows.map(toDocumento) };
}

/** The file of a published document, for download; 404 when missing or unpublished. */
export async function archivoDePrevencion(db: Db, id: number) {
  const archivo = await findArchivoDeDocumento(db, id, clock.now().toISOString());
  if (!archivo) throw notFound();
  return archivo;
}

/** Acknowledges a document; idempotent, the first date is kept. Returns the document. */
export async function marcarLeido(
  db: Db,
  actor: ProveedorActor,
  id: number,
): Promise<PrevencionDocumento> {
  const now = clock.now().toISOString();
  return db.transaction().execute(async (trx) => {
    const documento = await findDocumento(trx, actor.proveedorId, id, now);
    if (!documento) throw notFound();
    if (await insertLectura(trx, id, actor.proveedorId, actor.usuarioId, now)) {
      // Only the first acknowledgement is news; the ERP polls it from /novedades.
      await recordEvent(trx, 'prevencion.leida', {
        documento_id: id,
        titulo: documento.titulo,
        proveedor_id: actor.proveedorId,
        usuario_id: actor.usuarioId,
        leido_at: now,
      });
      await recordAudit(trx, {
        accion: 'prevencion.leido',
        usuarioId: actor.usuarioId,
        portal: 'proveedores',
        entidad: 'prevencion_documento',
        entidadId: id,
        ip: actor.ip,
      });
    }
    const row = await findDocumento(trx, actor.proveedorId, id, now);
    if (!row) throw notFound();
    return toDocumento(row);
  });
}
