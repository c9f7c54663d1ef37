import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../app.js';
import { buildTestApp } from '../test/app.js';
import { testDatabases, type TestDatabaseHandle } from '../test/databases.js';
import { multipartBody, SAMPLE_FILES, type FormPart } from '../test/multipart.js';
import { localFilesDir } from './local-disk-storage.js';
import { receiveUpload } from '../modules/archivos/upload.js';
import { sanitizeFileName, uploadTempDir } from './receive-upload.js';

const MAX = 512 * 1024; // "0,5 MB"

/** Every regular file under dir, recursively (empty folders do not count). */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('receiveUpload', () => {
  let handle: TestDatabaseHandle;
  let app: App;
  let settled = 0;

  beforeAll(async () => {
    const sqlite = testDatabases()[0];
    if (!sqlite) throw new Error('sin SQLite');
    handle = await sqlite.open();
    app = await buildTestApp(handle, { UPLOAD_MAX_BYTES: String(MAX) });
    // Test-only routes: the portal routes will call receiveUpload the same way.
    app.post('/test/upload', async (request) => {
      try {
        return await receiveUpload(request);
      } finally {
        settled += 1;
      }
    });
    app.post('/test/upload-pdf', async (request) => receiveUpload(request, { accept: ['pdf'] }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await handle.dispose();
  });

  const dataDir = () => app.config.dataDir;
  const stored = () => filesUnder(localFilesDir(dataDir()));
  const temps = () => filesUnder(uploadTempDir(dataDir()));

  function upload(parts: FormPart[], url = '/test/upload') {
    const { body, headers } = multipartBody(parts);
    return app.inject({ method: 'POST', url, payload: body, headers });
  }
  const file = (content: Buffer, filename = 'fichero.pdf'): FormPart => ({
    name: 'fichero',
    filename,
    content,
  });

  it.each([
    ['pdf', 'albarán nº 1.pdf', 'application/pdf', 'albarán nº 1.pdf'],
    ['jpeg', 'foto.JPG', 'image/jpeg', 'foto.JPG'],
    ['png', 'firma.png', 'image/png', 'firma.png'],
  ] as const)('acepta un %s y lo guarda por su contenido', async (type, name, mime, nombre) => {
    const content = SAMPLE_FILES[type];
    const res = await upload([{ name: 'numero', value: 'F-1' }, file(content, name)]);
    expect(res.statusCode).toBe(200);
    const sha256 = createHash('sha256').update(content).digest('hex');
    expect(res.json()).toEqual({
      file: {
        storageKey: `${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`,
        sha256,
        size: content.length,
        mime,
        nombre,
        created: true,
      },
      fields: { numero: 'F-1' },
    });
    expect(await app.storage.exists(res.json().file.storageKey)).toBe(true);
    expect(temps()).toEqual([]);
    // The same bytes again: stored once, reported as not new.
    const again = await upload([file(content, name)]);
    expect(again.json().file.created).toBe(false);
  });

  describe('rechaza sin dejar nada en disco', () => {
    let before: string[];
    beforeAll(() => {
      before = stored();
    });

    it.each([
      ['un ejecutable renombrado a .pdf', SAMPLE_FILES.exe, 'factura.pdf'],
      ['un SVG', SAMPLE_FILES.svg, 'logo.svg'],
      ['un HTML', SAMPLE_FILES.html, 'albaran.pdf'],
      ['un HTML con un PDF dentro (políglota)', SAMPLE_FILES.polyglot, 'cmr.pdf'],
      ['texto de 3 bytes', Buffer.from('abc'), 'cmr.pdf'],
    ])('%s → 415', async (_label, content, name) => {
      const res = await upload([file(content, name)]);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({
        error: {
          code: 'UNSUPPORTED_FILE_TYPE',
          message: 'Tipo de fichero no admitido. Suba un PDF, JPEG o PNG.',
        },
      });
      expect(temps()).toEqual([]);
      expect(stored()).toEqual(before);
    });

    it('un tipo válido pero no admitido en esa subida → 415 con los tipos admitidos', async () => {
      const res = await upload([file(SAMPLE_FILES.png, 'cmr.png')], '/test/upload-pdf');
      expect(res.statusCode).toBe(415);
      expect(res.json().error.message).toBe('Tipo de fichero no admitido. Suba un PDF.');
      expect(stored()).toEqual(before);
    });

    it('0 bytes → 400 EMPTY_FILE', async () => {
      const res = await upload([file(Buffer.alloc(0))]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: { code: 'EMPTY_FILE', message: 'El fichero está vacío.' },
      });
      expect(temps()).toEqual([]);
      expect(stored()).toEqual(before);
    });

    it('más de UPLOAD_MAX_BYTES → 413 FILE_TOO_LARGE', async () => {
      const big = Buffer.concat([SAMPLE_FILES.pdf, Buffer.alloc(MAX)]);
      const res = await upload([file(big)]);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({
        error: {
          code: 'FILE_TOO_LARGE',
          message: 'El fichero supera el tamaño máximo de 0,5 MB.',
        },
      });
      expect(temps()).toEqual([]);
      expect(stored()).toEqual(before);
    });

    it('justo UPLOAD_MAX_BYTES se acepta', async () => {
      const exact = Buffer.concat([SAMPLE_FILES.pdf, Buffer.alloc(MAX - SAMPLE_FILES.pdf.length)]);
      const res = await upload([file(exact)]);
      expect(res.statusCode).toBe(200);
      expect(res.json().file.size).toBe(MAX);
      await app.storage.delete(res.json().file.storageKey);
    });

    it('sin fichero → 400; dos ficheros → 400; sin multipart → 415', async () => {
      const none = await upload([{ name: 'numero', value: '1' }]);
      expect(none.statusCode).toBe(400);
      expect(none.json().error.code).toBe('FILE_REQUIRED');

      const two = await upload([file(SAMPLE_FILES.pdf), file(SAMPLE_FILES.png, 'b.png')]);
      expect(two.statusCode).toBe(400);
      expect(two.json().error.code).toBe('TOO_MANY_FILES');

      const json = await app.inject({ method: 'POST', url: '/test/upload', payload: { a: 1 } });
      expect(json.statusCode).toBe(415);
      expect(json.json().error.code).toBe('MULTIPART_REQUIRED');
      expect(temps()).toEqual([]);
    });
  });

  it('limpia el nombre: sin rutas ni caracteres de control, con tildes y extensión real', async () => {
    const res = await upload([file(SAMPLE_FILES.pdf, '../../etc/passwd')]);
    expect(res.statusCode).toBe(200);
    expect(res.json().file.nombre).toBe('passwd.pdf');

    expect(sanitizeFileName('..\\..\\Windows\\system32\\cmr.pdf', 'pdf')).toBe('cmr.pdf');
    expect(sanitizeFileName('fac\u0000tu\u001bra\r\n.pdf', 'pdf')).toBe('factura.pdf');
    // A right-to-left override would display "factura‮fdp.exe" as "factuexe.pdf".
    expect(sanitizeFileName('factura\u202efdp.exe', 'pdf')).toBe('facturafdp.exe.pdf');
    expect(sanitizeFileName('foto.exe', 'jpeg')).toBe('foto.exe.jpg');
    expect(sanitizeFileName('Añó <Peña> ¿"ü"?.PDF', 'pdf')).toBe('Añó _Peña_ ¿_ü__.PDF');
    expect(sanitizeFileName('.htaccess', 'png')).toBe('htaccess.png');
    expect(sanitizeFileName('', 'pdf')).toBe('fichero.pdf');
    expect(sanitizeFileName('../', 'pdf')).toBe('fichero.pdf');
    const long = sanitizeFileName(`${'á'.repeat(300)}.pdf`, 'pdf');
    expect(Array.from(long)).toHaveLength(120);
    expect(long.endsWith('á.pdf')).toBe(true);
  });

  it('una conexión cortada a mitad no deja temporal ni fichero', async () => {
    const before = stored();
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const content = Buffer.concat([SAMPLE_FILES.pdf, Buffer.alloc(400 * 1024, 7)]);
    const { body, headers } = multipartBody([file(content, 'cortado.pdf')]);
    const settledBefore = settled;

    const socket = connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /test/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${headers['content-type']}\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    socket.write(body.subarray(0, Math.floor(body.length / 2)));
    // Wait until the server is writing the temp file, then cut the connection.
    await vi.waitFor(() => expect(temps()).toHaveLength(1), { timeout: 5000, interval: 5 });
    socket.destroy();

    await vi.waitFor(() => expect(settled).toBe(settledBefore + 1), {
      timeout: 5000,
      interval: 5,
    });
    expect(temps()).toEqual([]);
    expect(stored()).toEqual(before);
  });
});
