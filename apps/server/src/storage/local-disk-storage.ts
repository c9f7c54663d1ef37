import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertSafeKey,
  StoredFileNotFoundError,
  type FileStorage,
  type PutOptions,
  type StoredObject,
} from './file-storage.js';

/** `<DATA_DIR>/files`, the embedded default's root. */
export function localFilesDir(dataDir: string): string {
  return path.join(dataDir, 'files');
}

/**
 * The embedded default: one file per key under `root` (`root/ab/cd/<sha256>`). Every write
 * goes to `root/.tmp` first and is renamed into place, so a key is either absent or whole,
 * even if the process dies mid-write; a crash leaves at most a stray temp file, which
 * `removeStaleTempFiles` clears.
 */
export class LocalDiskStorage implements FileStorage {
  readonly tempDir: string;

  constructor(readonly root: string) {
    this.tempDir = path.join(root, '.tmp');
  }

  async put(key: string, source: Readable, _options: PutOptions): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(this.tempDir, { recursive: true });
    const temp = path.join(this.tempDir, `${randomUUID()}.part`);
    try {
      // flush: the bytes reach the disk before the rename makes them visible.
      await pipeline(source, createWriteStream(temp, { flags: 'wx', mode: 0o640, flush: true }));
      await mkdir(path.dirname(target), { recursive: true });
      await rename(temp, target);
    } catch (error) {
      source.destroy();
      await rm(temp, { force: true });
      throw error;
    }
  }

  async putFile(key: string, filePath: string, options: PutOptions): Promise<void> {
    const target = this.pathOf(key);
    try {
      await mkdir(path.dirname(target), { recursive: true });
      await rename(filePath, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') {
        await rm(filePath, { force: true });
        throw error;
      }
      // The temp file is on another filesystem: copy it through our own temp file instead.
      try {
        await this.put(key, createReadStream(filePath), options);
      } finally {
        await rm(filePath, { force: true });
      }
    }
  }

  async get(key: string): Promise<StoredObject> {
    let handle;
    try {
      handle = await open(this.pathOf(key), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        throw new StoredFileNotFoundError(key);
      throw error;
    }
    try {
      const { size } = await handle.stat();
      // The stream owns the handle from here and closes it when done or destroyed.
      return { body: handle.createReadStream(), size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  async close(): Promise<void> {}

  /** Deletes temp files older than `maxAgeMs` (left behind by a crash); returns how many. */
  async removeStaleTempFiles(maxAgeMs: number, now = Date.now()): Promise<number> {
    return removeStaleFiles(this.tempDir, maxAgeMs, now);
  }

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, key);
  }
}

/** Deletes the plain files of `dir` last modified more than `maxAgeMs` ago. */
export async function removeStaleFiles(dir: string, maxAgeMs: number, now = Date.now()) {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (info?.isFile() && now - info.mtimeMs > maxAgeMs) {
      await rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}
