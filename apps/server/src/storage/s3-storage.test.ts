import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeS3Server } from '../test/fake-s3-server.js';
import { testConfig } from '../test/app.js';
import { expectPutFileReadsBack, expectRoundTrip, sha256Hex } from '../test/storage.js';
import { createFileStorage } from './create-file-storage.js';
import { contentKey } from './file-storage.js';
import { S3Storage } from './s3-storage.js';

describe('S3Storage contra un servidor S3 compatible', () => {
  const fake = new FakeS3Server();
  let store: S3Storage;

  beforeAll(async () => {
    const endpoint = await fake.start();
    const config = testConfig({
      S3_ENDPOINT: endpoint,
      S3_BUCKET: 'extranet',
      S3_ACCESS_KEY_ID: 'test',
      S3_SECRET_ACCESS_KEY: 'test-secret',
    });
    const created = createFileStorage(config);
    expect(created).toBeInstanceOf(S3Storage);
    store = created as S3Storage;
  });
  afterAll(async () => {
    await store.close();
    await fake.stop();
  });

  it('sube, comprueba, lee y borra un objeto pequeño (path-style)', async () => {
    await expectRoundTrip(store, Buffer.from('%PDF-1.4 pequeño'), (key) => {
      expect(fake.objects.get(`extranet/${key}`)?.contentType).toBe('application/pdf');
    });
  });

  it('sube por partes un fichero grande desde un temporal y borra el temporal', async () => {
    const temp = await expectPutFileReadsBack(store, randomBytes(11 * 1024 * 1024), 'extranet-s3-');
    expect(existsSync(temp)).toBe(false);
    expect(fake.requests.some((r) => r.endsWith('(multipart)'))).toBe(true);
    expect(fake.uploads.size).toBe(0);
  });

  it('si el origen falla no queda objeto ni subida por partes abierta', async () => {
    const key = contentKey(sha256Hex(Buffer.from('roto')));
    const failing = Readable.from(
      (async function* () {
        yield randomBytes(6 * 1024 * 1024);
        throw new Error('conexión cortada');
      })(),
    );
    await expect(store.put(key, failing, { mime: 'application/pdf' })).rejects.toThrow();
    expect(await store.exists(key)).toBe(false);
    expect(fake.uploads.size).toBe(0);
  });
});
