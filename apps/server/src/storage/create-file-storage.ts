import type { AppConfig } from '../config.js';
import type { FileStorage } from './file-storage.js';
import { LocalDiskStorage, localFilesDir } from './local-disk-storage.js';
import { S3Storage } from './s3-storage.js';

// Apart from file-storage.ts, which only declares the interface, so the implementations import
// it without a circle.
/** S3-compatible storage when `S3_BUCKET` is set; otherwise local disk under `<DATA_DIR>/files`. */
export function createFileStorage(config: AppConfig): FileStorage {
  if (config.s3.bucket) return new S3Storage(config.s3);
  return new LocalDiskStorage(localFilesDir(config.dataDir));
}
