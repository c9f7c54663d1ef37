import { customerResources, supplierResources } from '@extranet/contracts/menus/menu';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Archivo, ArchivoTipo, Database, NewArchivo, Portal } from '../../db/database.js';
import { clock } from '../../lib/clock.js';
import { HttpError } from '../../lib/http-error.js';
import type { Session } from '../../plugins/session.js';
import type { FileStorage } from '../../storage/file-storage.js';
import type { ReceivedUpload } from '../../storage/receive-upload.js';
import { sessionHasResource } from '../menus/service.js';
import {
  findArchivoForCliente,
  findArchivoForOwner,
  reservarContenido,
  type ArchivoOwner,
} from './repository.js';

/** What an upload needs besides the database: the storage and a logger for cleanup errors. */
export interface UploadDeps {
  db: Kysely<Database>;
  storage: FileStorage;
  log: FastifyBaseLogger;
}

/** The `archivos` row of an upload, for `insertArchivo` inside `recordUpload`. */
export function archivoValues(
  upload: ReceivedUpload,
  tipo: ArchivoTipo,
  owner: ArchivoOwner,
  usuarioId: number | null,
): NewArchivo {
  return {
    propietario_tipo: owner.kind,
    propietario_id: owner.id,
    tipo,
    nombre: upload.nombre,
    mime: upload.mime,
    tamano_bytes: upload.size,
    sha256: upload.sha256,
    storage_key: upload.storageKey,
    usuario_id: usuarioId,
  };
}

/**
 * Puts bytes in storage under their content address `key` for an archivo about to be
 * recorded: reserves the key first (so the orphan purge cannot delete the bytes before the
 * archivo is committed), then calls `write` unless identical bytes are already stored.
 * Returns whether it wrote them. Every writer of content-addressed bytes goes through here.
 */
export async function storeContent(
  deps: { db: Kysely<Database>; storage: FileStorage },
  key: string,
  write: () => Promise<void>,
): Promise<boolean> {
  await reservarContenido(deps.db, key, clock.now().toISOString());
  if (await deps.storage.exists(key)) return false;
  await write();
  return true;
}

/**
 * Runs the domain change that records an upload (insert the archivo, mark the subpartida…)
 * in one transaction. If it fails, nothing is recorded and the stored bytes stay where they
 * are: another request may be about to record the same bytes, so only the orphan purge
 * deletes them, after its grace period (decision 009).
 */
export async function recordUpload<T>(
  deps: { db: Kysely<Database> },
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return deps.db.transaction().execute(work);
}

/** Per portal: the section whose resource a user needs to download each kind of file, and the 404. */
const DESCARGA: Record<
  Portal,
  { recursos: Partial<Record<ArchivoTipo, string>>; noEncontrado: string }
> = {
  proveedores: {
    recursos: {
      cmr: supplierResources.transportes,
      factura_proveedor: supplierResources.facturas,
      certificado: supplierResources.certificados,
    },
    noEncontrado: 'Fichero no encontrado.',
  },
  clientes: {
    recursos: { factura: customerResources.facturas },
    noEncontrado: 'El fichero no existe o no pertenece a este cliente.',
  },
};

/**
 * A file of the session's carrier or client, for download or its info page: 404 when it is
 * missing or another owner's (never telling which), 403 when the user lacks the section that
 * shows that kind of file (an invoice PDF without Facturas). A carrier owns its files; a client
 * also reaches the CMR/POD of its shipments and the PDFs of its invoices.
 */
export async function archivoDeLaSesion(
  db: Kysely<Database>,
  session: Session,
  archivoId: number,
): Promise<Archivo> {
  const { recursos, noEncontrado } = DESCARGA[session.portal];
  const notFound = () => new HttpError(404, 'NOT_FOUND', noEncontrado);
  let archivo: Archivo | undefined;
  if (session.portal === 'clientes') {
    if (session.clienteId == null) throw notFound();
    archivo = await findArchivoForCliente(db, archivoId, session.clienteId);
  } else {
    if (session.proveedorId == null) throw notFound();
    archivo = await findArchivoForOwner(db, archivoId, {
      kind: 'proveedor',
      id: session.proveedorId,
    });
  }
  if (!archivo) throw notFound();
  const recurso = recursos[archivo.tipo];
  if (recurso && !(await sessionHasResource(db, session, recurso))) {
    throw new HttpError(403, 'FORBIDDEN', 'No tiene acceso a esta sección.');
  }
  return archivo;
}
