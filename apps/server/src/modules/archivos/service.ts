import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { ArchivoTipo, Database, NewArchivo } from '../../db/database.js';
import { clock } from '../../lib/clock.js';
import type { FileStorage } from '../../storage/file-storage.js';
import type { ReceivedUpload } from '../../storage/receive-upload.js';
import { reservarContenido, type ArchivoOwner } from './repository.js';

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
