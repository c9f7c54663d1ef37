import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import { ROWS_PER_STATEMENT } from '../db/sql.js';
import type { FileStorage } from '../storage/file-storage.js';
import { LocalDiskStorage } from '../storage/local-disk-storage.js';
import {
  bloquearContenidoCaducado,
  deleteArchivosHuerfanos,
  deleteReservaContenido,
  listReservasCaducadas,
  storageKeyEnUso,
  storageKeysEnUso,
} from './repository.js';

/**
 * How old an unreferenced file, or the last upload's reservation of its bytes, must be before
 * they are purged. An upload reserves its bytes, writes them, then records its archivo in one
 * transaction; a day is far longer than that gap (a request times out long before).
 */
export const ARCHIVOS_HUERFANOS_HORAS = 24;

/** What one purge removed: `archivos` rows, and stored objects (bytes). */
export interface PurgaArchivos {
  archivos: number;
  ficheros: number;
}

/**
 * Deletes the files nothing points at any more (a stale invoice render, a replaced prevention
 * PDF, a record deleted or re-linked), once older than `cutoff`: first their `archivos` rows,
 * then the bytes no remaining row shares. It also deletes stored bytes without any row: those
 * of refused uploads (a request never deletes bytes itself, decision 009), found by their
 * expired reservation, and on local disk content-addressed files last written before
 * `cutoff` (an upload whose process died). Safe on several instances at once: each deletes
 * only rows its own DELETE matched, and deleting an absent object is not an error.
 *
 * Relies on an archivo being linked only in the transaction that creates it: an old orphan
 * can never be linked again, so a deleted row is never one about to be used. Bytes are
 * deleted only through `borrarContenidoHuerfano`, which cannot race with an upload's commit.
 */
export async function purgarArchivosHuerfanos(
  db: Kysely<Database>,
  storage: FileStorage,
  cutoff: Date,
): Promise<PurgaArchivos> {
  const result: PurgaArchivos = { archivos: 0, ficheros: 0 };
  for (let afterId = 0; ;) {
    const { candidatos, borrados } = await deleteArchivosHuerfanos(
      db,
      cutoff.toISOString(),
      afterId,
      ROWS_PER_STATEMENT,
    );
    if (candidatos.length === 0) break;
    afterId = candidatos[candidatos.length - 1]!;
    result.archivos += borrados.length;
    const keys = [...new Set(borrados.map((row) => row.storage_key))];
    const enUso = await storageKeysEnUso(db, keys);
    for (const key of keys) {
      if (enUso.has(key)) continue;
      if (await borrarContenidoHuerfano(db, storage, key, cutoff)) result.ficheros += 1;
    }
  }
  // Bytes of refused uploads: reserved, never recorded (on S3 nothing else finds them).
  for (let afterKey = ''; ;) {
    const keys = await listReservasCaducadas(
      db,
      cutoff.toISOString(),
      afterKey,
      ROWS_PER_STATEMENT,
    );
    if (keys.length === 0) break;
    afterKey = keys[keys.length - 1]!;
    for (const key of keys) {
      if (await borrarContenidoHuerfano(db, storage, key, cutoff)) result.ficheros += 1;
    }
  }
  if (storage instanceof LocalDiskStorage) {
    result.ficheros += await purgarFicherosSinFila(db, storage, cutoff);
  }
  return result;
}

/**
 * Deletes the bytes under `key` if no archivo uses them and no upload reserved them since
 * `cutoff`; true when it did. The check and the delete run while the key's reservation row is
 * locked, and an upload reserves its key (waiting for that lock) before it looks at or writes
 * storage: an upload either comes first and keeps the bytes, or comes after and writes them
 * anew. Also forgets the expired reservation.
 */
export async function borrarContenidoHuerfano(
  db: Kysely<Database>,
  storage: FileStorage,
  key: string,
  cutoff: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await bloquearContenidoCaducado(trx, key, cutoff.toISOString()))) return false;
    const enUso = await storageKeyEnUso(trx, key);
    if (!enUso) await storage.delete(key);
    await deleteReservaContenido(trx, key);
    return !enUso;
  });
}

// `ab/cd/<sha256>`: only files under our own content addresses are ever considered.
const HEX2 = /^[0-9a-f]{2}$/;
const SHA256 = /^[0-9a-f]{64}$/;

/** Local disk: deletes content-addressed files last written before `cutoff` that no row uses. */
async function purgarFicherosSinFila(
  db: Kysely<Database>,
  storage: LocalDiskStorage,
  cutoff: Date,
): Promise<number> {
  const { root } = storage;
  let removed = 0;
  let pending: Array<{ key: string; file: string }> = [];
  const flush = async () => {
    const enUso = await storageKeysEnUso(
      db,
      pending.map((f) => f.key),
    );
    for (const { key, file } of pending) {
      if (enUso.has(key)) continue;
      // Again, just before: the file may have been deleted and uploaded anew since the walk.
      const info = await stat(file).catch(() => undefined);
      if (!info || info.mtimeMs >= cutoff.getTime()) continue;
      if (await borrarContenidoHuerfano(db, storage, key, cutoff)) removed += 1;
    }
    pending = [];
  };
  for (const a of await subdirs(root)) {
    for (const b of await subdirs(path.join(root, a))) {
      const dir = path.join(root, a, b);
      for (const name of await fileNames(dir)) {
        if (!SHA256.test(name) || !name.startsWith(a + b)) continue;
        const file = path.join(dir, name);
        const info = await stat(file).catch(() => undefined);
        if (!info?.isFile() || info.mtimeMs >= cutoff.getTime()) continue;
        pending.push({ key: `${a}/${b}/${name}`, file });
        if (pending.length >= ROWS_PER_STATEMENT) await flush();
      }
    }
  }
  await flush();
  return removed;
}

async function subdirs(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(missingIsEmpty);
  return entries.filter((e) => e.isDirectory() && HEX2.test(e.name)).map((e) => e.name);
}

async function fileNames(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(missingIsEmpty);
  return entries.filter((e) => e.isFile()).map((e) => e.name);
}

function missingIsEmpty(error: unknown): [] {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
  throw error;
}
