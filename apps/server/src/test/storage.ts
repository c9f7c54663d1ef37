import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { expect } from 'vitest';
import { contentKey, StoredFileNotFoundError, type FileStorage } from '../storage/file-storage.js';

export const sha256Hex = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * Puts `bytes` as a PDF under their content key, then checks, reads and deletes it as the
 * `FileStorage` contract says; `stored` looks at the object while it exists.
 */
export async function expectRoundTrip(
  store: FileStorage,
  bytes: Buffer,
  stored: (key: string) => void = () => {},
) {
  const key = contentKey(sha256Hex(bytes));
  await store.put(key, Readable.from([bytes]), { mime: 'application/pdf', size: bytes.length });
  stored(key);
  expect(await store.exists(key)).toBe(true);
  const object = await store.get(key);
  expect(object.size).toBe(bytes.length);
  expect(await buffer(object.body)).toEqual(bytes);
  await store.delete(key);
  expect(await store.exists(key)).toBe(false);
  await expect(store.get(key)).rejects.toBeInstanceOf(StoredFileNotFoundError);
}

/** Moves `bytes`, written to a temp file, into storage and reads them back whole: the temp file. */
export async function expectPutFileReadsBack(
  store: FileStorage,
  bytes: Buffer,
  tempPrefix: string,
) {
  const temp = path.join(mkdtempSync(path.join(tmpdir(), tempPrefix)), 'subida');
  writeFileSync(temp, bytes);
  const key = contentKey(sha256Hex(bytes));
  await store.putFile(key, temp, { mime: 'image/png' });
  const object = await store.get(key);
  expect(object.size).toBe(bytes.length);
  expect(sha256Hex(await buffer(object.body))).toBe(sha256Hex(bytes));
  return temp;
}
