import type { Readable } from 'node:stream';

/** What the storage needs to know about an object it is given. */
export interface PutOptions {
  /** MIME type sniffed from the content (S3 keeps it as the object's Content-Type). */
  mime: string;
  /** Size in bytes, when known in advance. */
  size?: number;
}

/** A stored object being read: its bytes and their length (for Content-Length). */
export interface StoredObject {
  body: Readable;
  size: number;
}

/**
 * Where the bytes of every file (`archivos.storage_key`) live. Writes are atomic: a reader
 * sees the whole object or none of it, never a partial file. Keys come from `contentKey()`.
 */
export interface FileStorage {
  /** Streams `source` into the object `key`, replacing it whole; nothing is left on error. */
  put(key: string, source: Readable, options: PutOptions): Promise<void>;
  /**
   * Moves a complete local temp file (an upload) into the object `key`; the temp file is
   * gone afterwards, on success and on error alike.
   */
  putFile(key: string, filePath: string, options: PutOptions): Promise<void>;
  /** Opens an object for reading; rejects with `StoredFileNotFoundError` when it is missing. */
  get(key: string): Promise<StoredObject>;
  /** Removes an object; a missing object is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Releases connections (S3); the app calls it when it closes. */
  close(): Promise<void>;
}

/** An object the database refers to is not in storage. */
export class StoredFileNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`Fichero no encontrado en el almacenamiento: ${key}`);
    this.name = 'StoredFileNotFoundError';
  }
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** The content address of some bytes: `ab/cd/<sha256>` (two levels keep directories small). */
export function contentKey(sha256: string): string {
  if (!SHA256_HEX.test(sha256)) throw new Error(`sha256 no válido: ${sha256}`);
  return `${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`;
}

// Keys are ours (contentKey), but a stored key read back from the database must never be
// able to point outside the storage root either.
const SAFE_KEY = /^[0-9A-Za-z_-][0-9A-Za-z._-]*(\/[0-9A-Za-z_-][0-9A-Za-z._-]*)*$/;

/** Throws unless `key` is a relative path of safe segments (no `..`, no leading `/`). */
export function assertSafeKey(key: string): void {
  if (key.length > 512 || !SAFE_KEY.test(key)) {
    throw new Error(`Clave de almacenamiento no válida: ${JSON.stringify(key)}`);
  }
}
