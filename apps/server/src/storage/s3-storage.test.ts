import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeS3Server } from '../test/fake-s3-server.js';
import { testConfig } from '../test/app.js';
import { createFileStorage } from './create-file-storage.js';
import { contentKey, StoredFileNotFoundError } from './file-storage.js';
import { S3Storage } from './s3-storage.js';

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

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
    const bytes = Buffer.from('%PDF-1.4 pequeño');
    const key = contentKey(sha(bytes));
    await store.put(key, Readable.from([bytes]), { mime: 'application/pdf', size: bytes.length });
    expect(fake.objects.get(`extranet/${key}`)?.contentType).toBe('application/pdf');
    expect(await store.exists(key)).toBe(true);
    const object = await store.get(key);
    expect(object.size).toBe(bytes.length);
    expect(await buffer(object.body)).toEqual(bytes);
    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
    await expect(store.get(key)).rejects.toBeInstanceOf(StoredFileNotFoundError);
  });

  it('sube por partes un fichero grande desde un temporal y borra el temporal', async () => {
    const bytes = randomBytes(11 * 1024 * 1024);
    const temp = path.join(mkdtempSync(path.join(tmpdir(), 'extranet-s3-')), 'subida');
    writeFileSync(temp, bytes);
    const key = contentKey(sha(bytes));
    await store.putFile(key, temp, { mime: 'image/png' });
    expect(existsSync(temp)).toBe(false);
    expect(fake.requests.some((r) => r.endsWith('(multipart)'))).toBe(true);
    expect(fake.uploads.size).toBe(0);
    const object = await store.get(key);
    expect(object.size).toBe(bytes.length);
    expect(sha(await buffer(object.body))).toBe(sha(bytes));
  });

  it('si el origen falla no queda objeto ni subida por partes abierta', async () => {
    const key = contentKey(sha(Buffer.from('roto')));
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
