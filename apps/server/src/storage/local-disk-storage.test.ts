import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it, vi } from 'vitest';
import { contentKey, StoredFileNotFoundError } from './file-storage.js';
import { LocalDiskStorage } from './local-disk-storage.js';

const sha = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

function storage() {
  return new LocalDiskStorage(mkdtempSync(path.join(tmpdir(), 'extranet-files-')));
}

describe('LocalDiskStorage', () => {
  it('guarda por dirección de contenido ab/cd/<sha256> y lee, comprueba y borra', async () => {
    const store = storage();
    const key = contentKey(sha('hola'));
    expect(key).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}$/);
    expect(key.startsWith(`${sha('hola').slice(0, 2)}/${sha('hola').slice(2, 4)}/`)).toBe(true);

    await store.put(key, Readable.from([Buffer.from('hola')]), { mime: 'text/plain' });
    expect(readFileSync(path.join(store.root, key), 'utf8')).toBe('hola');
    expect(await store.exists(key)).toBe(true);
    const object = await store.get(key);
    expect(object.size).toBe(4);
    expect(await text(object.body)).toBe('hola');

    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
    await store.delete(key); // idempotent
    await expect(store.get(key)).rejects.toBeInstanceOf(StoredFileNotFoundError);
  });

  it('nunca deja ver un fichero a medias mientras llega el contenido', async () => {
    const store = storage();
    const key = contentKey(sha('x'));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = Readable.from(
      (async function* () {
        yield Buffer.alloc(64 * 1024, 1);
        await gate;
        yield Buffer.alloc(64 * 1024, 2);
      })(),
    );
    const writing = store.put(key, slow, { mime: 'application/pdf' });
    // Wait until the first chunk is on disk in the temp folder.
    await vi.waitUntil(() => existsSync(store.tempDir) && readdirSync(store.tempDir).length > 0, {
      timeout: 5000,
      interval: 5,
    });
    expect(await store.exists(key)).toBe(false);
    expect(existsSync(path.join(store.root, key))).toBe(false);
    release();
    await writing;
    expect((await store.get(key)).size).toBe(128 * 1024);
    expect(readdirSync(store.tempDir)).toEqual([]);
  });

  it('si el origen falla, no queda ni el objeto ni el temporal', async () => {
    const store = storage();
    const key = contentKey(sha('y'));
    const failing = Readable.from(
      (async function* () {
        yield Buffer.alloc(1024);
        throw new Error('conexión cortada');
      })(),
    );
    await expect(store.put(key, failing, { mime: 'application/pdf' })).rejects.toThrow(
      'conexión cortada',
    );
    expect(await store.exists(key)).toBe(false);
    expect(readdirSync(store.tempDir)).toEqual([]);
  });

  it('putFile mueve un temporal completo a su sitio', async () => {
    const store = storage();
    const temp = path.join(store.root, 'subida.tmp');
    writeFileSync(temp, 'contenido');
    const key = contentKey(sha('contenido'));
    await store.putFile(key, temp, { mime: 'text/plain' });
    expect(existsSync(temp)).toBe(false);
    expect(await text((await store.get(key)).body)).toBe('contenido');
  });

  it('rechaza claves que salen de la carpeta', async () => {
    const store = storage();
    for (const key of ['../x', '/etc/passwd', 'a/../../b', 'a//b', '.tmp/x', '']) {
      await expect(store.exists(key)).rejects.toThrow('Clave de almacenamiento no válida');
    }
  });

  it('borra los temporales viejos que dejó un proceso interrumpido', async () => {
    const store = storage();
    await mkdir(store.tempDir, { recursive: true });
    const old = path.join(store.tempDir, 'viejo.part');
    const recent = path.join(store.tempDir, 'reciente.part');
    writeFileSync(old, 'a');
    writeFileSync(recent, 'b');
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600_000);
    utimesSync(old, twoDaysAgo, twoDaysAgo);
    expect(await store.removeStaleTempFiles(24 * 3600_000)).toBe(1);
    expect(readdirSync(store.tempDir)).toEqual(['reciente.part']);
  });
});
