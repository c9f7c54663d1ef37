import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createFileStorage } from '../storage/create-file-storage.js';
import type { FileStorage } from '../storage/file-storage.js';
import { LocalDiskStorage } from '../storage/local-disk-storage.js';
import { removeStaleUploads } from '../storage/receive-upload.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** File bytes: S3-compatible when `S3_BUCKET` is set, `<DATA_DIR>/files` otherwise. */
    storage: FileStorage;
  }
}

const DAY_MS = 24 * 3600_000;

/** Decorates the app with its file storage; tests may pass their own. */
export default fp<{ storage?: FileStorage | undefined }>(
  async function storagePlugin(app: FastifyInstance, options) {
    const storage = options.storage ?? createFileStorage(app.config);
    app.decorate('storage', storage);
    app.addHook('onClose', async () => {
      await storage.close();
    });
    // Temp files only outlive their request when a process was killed; clear old ones.
    const stale =
      (await removeStaleUploads(app.config.dataDir, DAY_MS)) +
      (storage instanceof LocalDiskStorage ? await storage.removeStaleTempFiles(DAY_MS) : 0);
    if (stale > 0) app.log.warn({ stale }, 'removed stale temp files of interrupted uploads');
  },
  { name: 'storage' },
);
