import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { ArchivoTipo, Database, NewArchivo } from '../../db/database.js';
import type { FileStorage } from '../../storage/file-storage.js';
import type { ReceivedUpload } from '../../storage/receive-upload.js';
import { isSha256Referenced, type ArchivoOwner } from './repository.js';

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
 * Runs the domain change that records an upload (insert the archivo, mark the subpartida…)
 * in one transaction. If it fails, the stored bytes are removed again, unless they were
 * already there before this upload or another archivo refers to them: a refused upload
 * leaves no row and no file.
 */
export async function recordUpload<T>(
  deps: { db: Kysely<Database>; storage: FileStorage; log: FastifyBaseLogger },
  upload: ReceivedUpload,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  try {
    return await deps.db.transaction().execute(work);
  } catch (error) {
    await discardUpload(deps, upload);
    throw error;
  }
}

/** Deletes an upload's bytes that no archivo records (after a failed or refused change). */
export async function discardUpload(
  deps: { db: Kysely<Database>; storage: FileStorage; log: FastifyBaseLogger },
  upload: ReceivedUpload,
): Promise<void> {
  if (!upload.created) return;
  try {
    if (await isSha256Referenced(deps.db, upload.sha256)) return;
    await deps.storage.delete(upload.storageKey);
  } catch (error) {
    // The caller's error matters more; an orphaned object only costs space.
    deps.log.error({ err: error, key: upload.storageKey }, 'could not discard an upload');
  }
}
