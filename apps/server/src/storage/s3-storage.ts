import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { AppConfig } from '../config.js';
import {
  assertSafeKey,
  StoredFileNotFoundError,
  type FileStorage,
  type PutOptions,
  type StoredObject,
} from './file-storage.js';

// The smallest part S3 accepts; with two parts in flight an upload buffers ~10 MB at most.
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;

/**
 * S3 or any S3-compatible service (MinIO, Ceph, R2…) for multi-instance deployments. An S3
 * object only appears once its upload completes, so writes are atomic as on local disk.
 */
export class S3Storage implements FileStorage {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(s3: AppConfig['s3']) {
    this.bucket = s3.bucket;
    this.client = new S3Client({
      region: s3.region,
      ...(s3.endpoint ? { endpoint: s3.endpoint, forcePathStyle: true } : {}),
      // Without keys the SDK's default chain applies (environment, instance role…).
      ...(s3.accessKeyId
        ? {
            credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
          }
        : {}),
      // Many S3-compatible services reject the SDK's default CRC32 trailers (aws-chunked).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, source: Readable, options: PutOptions): Promise<void> {
    assertSafeKey(key);
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: key,
        Body: source,
        ContentType: options.mime,
        ...(options.size === undefined ? {} : { ContentLength: options.size }),
      },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      // A failed multipart upload is aborted, so no orphaned parts are billed.
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      source.destroy();
      throw error;
    }
  }

  async putFile(key: string, filePath: string, options: PutOptions): Promise<void> {
    try {
      const { size } = await stat(filePath);
      await this.put(key, createReadStream(filePath), { ...options, size });
    } finally {
      await rm(filePath, { force: true });
    }
  }

  async get(key: string): Promise<StoredObject> {
    assertSafeKey(key);
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!(out.Body instanceof Readable)) throw new Error('S3: respuesta sin cuerpo legible');
      return { body: out.Body, size: out.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) throw new StoredFileNotFoundError(key);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async exists(key: string): Promise<boolean> {
    assertSafeKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' ||
      error.name === 'NotFound' ||
      error.$metadata.httpStatusCode === 404)
  );
}
