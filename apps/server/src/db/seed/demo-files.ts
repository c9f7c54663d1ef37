import { Readable } from 'node:stream';
import { contentKey, type FileStorage } from '../../storage/file-storage.js';
import type { StoreDemoFile } from './demo.js';

/**
 * The `storeFile` of `seedDemo`: writes each demo PDF into file storage under its content
 * address, so every demo `archivos` row downloads. Bytes already there are not rewritten.
 */
export function storeDemoFilesIn(storage: FileStorage): StoreDemoFile {
  return async ({ bytes, mime, sha256 }) => {
    const key = contentKey(sha256);
    if (!(await storage.exists(key))) {
      await storage.put(key, Readable.from([bytes]), { mime, size: bytes.length });
    }
    return key;
  };
}
