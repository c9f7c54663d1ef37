import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startS3rver } from '../test/scale-out/cluster.js';
import { expectPutFileReadsBack, expectRoundTrip } from '../test/storage.js';
import { S3Storage } from './s3-storage.js';

// The product's S3 client against s3rver, an S3-compatible server the project did not write:
// our own fake (test/fake-s3-server.ts) could share our misreading of the protocol (multipart
// calls, HEAD of a missing key). s3rver is lenient (it takes checksum trailers and virtual-host
// requests alike), so the fake stays for those settings and for what s3rver does not show: the
// requests made and the multipart uploads left open after a failure.
describe('S3Storage contra s3rver', () => {
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  let store: S3Storage;

  beforeAll(async () => {
    s3 = await startS3rver('extranet');
    store = new S3Storage({
      endpoint: s3.endpoint,
      bucket: 'extranet',
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    });
  });
  afterAll(async () => {
    await store.close();
    await s3.stop();
  });

  it('sube, comprueba, lee y borra un objeto pequeño', async () => {
    await expectRoundTrip(store, Buffer.from('%PDF-1.4 s3rver'));
  });

  it('sube por partes un fichero de 11 MB y lo lee entero', async () => {
    await expectPutFileReadsBack(store, randomBytes(11 * 1024 * 1024), 'extranet-s3rver-');
  });
});
