import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { buildTestApp } from '../../test/app.js';
import { testDatabases, type TestDatabaseHandle } from '../../test/databases.js';
import { multipartBody, SAMPLE_FILES } from '../../test/multipart.js';
import { receiveUpload } from './upload.js';
import { findArchivoForOwner, insertArchivo, type ArchivoOwner } from './repository.js';
import { contentDisposition, sendArchivo } from './send-file.js';
import { archivoValues, recordUpload } from './service.js';

describe.each(testDatabases())('archivos ($name)', ({ open }) => {
  let handle: TestDatabaseHandle;
  let app: App;
  let clienteId: number;
  let otroClienteId: number;

  beforeAll(async () => {
    handle = await open();
    app = await buildTestApp(handle);
    const ids = [];
    for (const razon of ['Conservas del Ebro S.A.', 'Otra Empresa S.L.']) {
      const row = await handle.db
        .insertInto('clientes')
        .values({ region: 'es', razon_social: razon, localidad: 'Zaragoza' })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    [clienteId, otroClienteId] = ids as [number, number];
    const owner = (): ArchivoOwner => ({ kind: 'cliente', id: clienteId });

    // Test-only routes, shaped like the portal's: upload then record in one transaction.
    app.post<{ Querystring: { fail?: string } }>('/test/archivos', async (request) => {
      const { file } = await receiveUpload(request);
      return recordUpload({ db: app.db }, async (trx) => {
        const archivo = await insertArchivo(trx, archivoValues(file, 'cmr', owner(), null));
        if (request.query.fail) throw new Error('fallo del cambio de dominio');
        return archivo;
      });
    });
    app.get<{ Params: { id: string } }>('/test/archivos/:id', async (request, reply) => {
      const archivo = await findArchivoForOwner(app.db, Number(request.params.id), owner());
      if (!archivo) return reply.code(404).send({ error: { code: 'NOT_FOUND', message: '' } });
      return sendArchivo(reply, app, archivo);
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await handle.dispose();
  });

  const post = (content: Buffer, name: string, fail = false) => {
    const { body, headers } = multipartBody([{ name: 'fichero', filename: name, content }]);
    return app.inject({
      method: 'POST',
      url: `/test/archivos${fail ? '?fail=1' : ''}`,
      payload: body,
      headers,
    });
  };
  const rows = async (sha256: string) =>
    handle.db.selectFrom('archivos').select('id').where('sha256', '=', sha256).execute();
  const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

  it('registra la subida y la descarga solo al propietario, con cabeceras seguras', async () => {
    const res = await post(SAMPLE_FILES.pdf, 'CMR Peñíscola ñ.pdf');
    expect(res.statusCode).toBe(200);
    const archivo = res.json();
    expect(archivo).toMatchObject({
      propietario_tipo: 'cliente',
      propietario_id: clienteId,
      tipo: 'cmr',
      nombre: 'CMR Peñíscola ñ.pdf',
      mime: 'application/pdf',
      tamano_bytes: SAMPLE_FILES.pdf.length,
      sha256: sha(SAMPLE_FILES.pdf),
    });

    const download = await app.inject({ method: 'GET', url: `/test/archivos/${archivo.id}` });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(SAMPLE_FILES.pdf)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-length']).toBe(String(SAMPLE_FILES.pdf.length));
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="CMR Peniscola n.pdf"; filename*=UTF-8''CMR%20Pe%C3%B1%C3%ADscola%20%C3%B1.pdf`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['cache-control']).toBe('private, no-store');

    expect(
      await findArchivoForOwner(app.db, archivo.id, { kind: 'cliente', id: otroClienteId }),
    ).toBeUndefined();
    expect(
      await findArchivoForOwner(app.db, archivo.id, { kind: 'proveedor', id: clienteId }),
    ).toBeUndefined();
  });

  it('si la transacción falla no queda fila; los bytes quedan reservados para la purga', async () => {
    const res = await post(SAMPLE_FILES.png, 'firma.png', true);
    expect(res.statusCode).toBe(500);
    expect(await rows(sha(SAMPLE_FILES.png))).toEqual([]);
    // Another request may be recording the same bytes right now: only the purge deletes them.
    expect(await app.storage.exists(contentKeyOf(SAMPLE_FILES.png))).toBe(true);
    const reserva = await handle.db
      .selectFrom('reservas_contenido')
      .select('storage_key')
      .where('storage_key', '=', contentKeyOf(SAMPLE_FILES.png))
      .execute();
    expect(reserva).toHaveLength(1);
  });

  it('una fila sin bytes en el almacenamiento responde 404 FILE_NOT_FOUND', async () => {
    const archivo = await insertArchivo(handle.db, {
      propietario_tipo: 'cliente',
      propietario_id: clienteId,
      tipo: 'factura',
      nombre: 'perdida.pdf',
      mime: 'application/pdf',
      tamano_bytes: 10,
      sha256: 'f'.repeat(64),
      storage_key: `ff/ff/${'f'.repeat(64)}`,
      usuario_id: null,
    });
    const res = await app.inject({ method: 'GET', url: `/test/archivos/${archivo.id}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('FILE_NOT_FOUND');
  });

  function contentKeyOf(bytes: Buffer) {
    const h = sha(bytes);
    return `${h.slice(0, 2)}/${h.slice(2, 4)}/${h}`;
  }
});

describe('contentDisposition', () => {
  it('da un nombre ASCII de reserva y el nombre exacto en UTF-8 (RFC 6266/5987)', () => {
    expect(contentDisposition('Factura A-12.pdf')).toBe(
      `attachment; filename="Factura A-12.pdf"; filename*=UTF-8''Factura%20A-12.pdf`,
    );
    expect(contentDisposition(`a"b\\c%d'(e)*€.pdf`)).toBe(
      `attachment; filename="a_b_c_d'(e)*_.pdf"; filename*=UTF-8''a%22b%5Cc%25d%27%28e%29%2A%E2%82%AC.pdf`,
    );
  });
});
