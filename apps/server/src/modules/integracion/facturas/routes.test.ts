import { createHash, randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../app.js';
import { contentKey } from '../../../storage/file-storage.js';
import { clienteIdOf, demoClientesApp } from '../../../test/clientes.js';
import { testDatabases, type TestDatabaseHandle } from '../../../test/databases.js';
import { signedIn, type TestBrowser } from '../../../test/session.js';
import { createApiKey } from '../../api-keys/service.js';

const V1 = '/api/integration/v1';
const MAX_BYTES = 64 * 1024;

/** A valid invoice of 2 lines (2 × 500 € + 1 × 200 €, 21 % IVA); override any field. */
function factura(numero: number, overrides: Record<string, unknown> = {}) {
  return {
    serie: 'ERP',
    numero,
    cliente_erp_id: 'C-EBRO',
    fecha_emision: '2026-11-20',
    vto: '2026-12-20',
    base_imponible_centimos: 120000,
    iva_porcentaje: 21,
    iva_centimos: 25200,
    importe_centimos: 145200,
    pagada: false,
    lineas: [
      {
        concepto: 'Transporte Zaragoza - Lyon',
        cantidad: 2,
        precio_centimos: 50000,
        importe_centimos: 100000,
      },
      { concepto: 'Paletizado', cantidad: 1, precio_centimos: 20000, importe_centimos: 20000 },
    ],
    ...overrides,
  };
}

/** Bytes that are a PDF by their first bytes, different on every call. */
function pdfBytes(): Buffer {
  return Buffer.from(`%PDF-1.4\n% factura del ERP ${randomBytes(8).toString('hex')}\n%%EOF\n`);
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A PDF carrying an action a reader could run, different on every call. */
function pdfActivo(accion: 'javascript' | 'openaction'): Buffer {
  const objeto =
    accion === 'javascript'
      ? '<< /Type /Catalog /Names << /JavaScript << /Names [(x) << /S /JavaScript /JS (app.alert(1)) >>] >> >> >>'
      : '<< /Type /Catalog /OpenAction << /S /Launch /F (cmd.exe) >> >>';
  return Buffer.from(
    `%PDF-1.7\n% ${randomBytes(8).toString('hex')}\n1 0 obj ${objeto}\nendobj\n%%EOF\n`,
    'latin1',
  );
}

describe.each(testDatabases())('API de integración: facturas ($name)', ({ open }) => {
  let handle: TestDatabaseHandle;
  let app: App;
  let key: string;
  let otherKey: string;
  let clienteId: number;
  let cliente: TestBrowser;

  beforeAll(async () => {
    handle = await open();
    app = await demoClientesApp(handle, { UPLOAD_MAX_BYTES: String(MAX_BYTES) });
    key = (await createApiKey(app.db, { nombre: 'ERP', scopes: ['facturas:write'] })).key;
    otherKey = (await createApiKey(app.db, { nombre: 'CRM', scopes: ['clientes:write'] })).key;
    clienteId = await clienteIdOf(handle, 'Conservas del Ebro S.A.');
    await handle.db
      .updateTable('clientes')
      .set({ erp_id: 'C-EBRO' })
      .where('id', '=', clienteId)
      .execute();
    cliente = await signedIn(app, 'cliente@demo.es');
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await handle.dispose();
  });

  function put(items: unknown[], apiKey = key): Promise<LightMyRequestResponse> {
    return app.inject({
      method: 'PUT',
      url: `${V1}/facturas`,
      headers: { authorization: `Bearer ${apiKey}` },
      payload: { items },
    });
  }

  function putPdf(
    clave: string,
    body: Buffer,
    contentType = 'application/pdf',
  ): Promise<LightMyRequestResponse> {
    return app.inject({
      method: 'PUT',
      url: `${V1}/facturas/${clave}/pdf`,
      headers: { authorization: `Bearer ${key}`, 'content-type': contentType },
      payload: body,
    });
  }

  const fila = (numero: number) =>
    handle.db
      .selectFrom('facturas')
      .selectAll()
      .where('serie', '=', 'ERP')
      .where('numero', '=', numero)
      .executeTakeFirst();
  const archivos = async () =>
    Number(
      (
        await handle.db
          .selectFrom('archivos')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('sin el permiso facturas:write: 403 y nada guardado', async () => {
    const res = await put([factura(1)], otherKey);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('INSUFFICIENT_SCOPE');
    const pdf = await putPdf('ERP-1', pdfBytes());
    expect(pdf.statusCode).toBe(404);
    expect(await fila(1)).toBeUndefined();
  });

  it('crea y actualiza por serie y número; el cliente la ve con sus líneas', async () => {
    const res = await put([factura(10)]);
    expect(res.statusCode).toBe(200);
    const id = res.json().items[0].id;
    expect(res.json()).toEqual({
      creados: 1,
      actualizados: 0,
      items: [{ erp_id: 'ERP-10', id, creado: true }],
    });
    const detalle = (await cliente.get(`/api/clientes/facturas/${id}`)).json();
    expect(detalle).toMatchObject({
      serie: 'ERP',
      numero: 10,
      importe_centimos: 145200,
      pagada: false,
      estado: 'pendiente',
    });
    expect(detalle.lineas.map((l: { concepto: string }) => l.concepto)).toEqual([
      'Transporte Zaragoza - Lyon',
      'Paletizado',
    ]);

    // Lines are replaced as a set; the paid state is updated.
    const again = await put([
      factura(10, {
        base_imponible_centimos: 100000,
        iva_centimos: 21000,
        importe_centimos: 121000,
        pagada: true,
        lineas: [factura(10).lineas[0]],
      }),
    ]);
    expect(again.json()).toEqual({
      creados: 0,
      actualizados: 1,
      items: [{ erp_id: 'ERP-10', id, creado: false }],
    });
    const despues = (await cliente.get(`/api/clientes/facturas/${id}`)).json();
    expect(despues).toMatchObject({ importe_centimos: 121000, pagada: true, estado: 'pagada' });
    expect(despues.lineas).toHaveLength(1);
  });

  it('errores por registro: cliente desconocido, vencimiento, totales; no guarda nada', async () => {
    const mala = await put([
      factura(20, { vto: '2026-11-19' }),
      factura(21, { cliente_erp_id: 'NO-EXISTE' }),
    ]);
    expect(mala.statusCode).toBe(400);
    expect(mala.json().error.details).toEqual([
      {
        index: 0,
        path: 'vto',
        message: 'El vencimiento no puede ser anterior a la fecha de emisión.',
      },
    ]);

    const desconocido = await put([factura(20), factura(21, { cliente_erp_id: 'NO-EXISTE' })]);
    expect(desconocido.statusCode).toBe(400);
    expect(desconocido.json().error.details).toEqual([
      { index: 1, path: 'cliente_erp_id', message: 'No hay ningún cliente con erp_id NO-EXISTE.' },
    ]);

    const totales = await put([
      factura(22),
      factura(23, {
        lineas: [{ ...factura(23).lineas[0], importe_centimos: 99999 }, factura(23).lineas[1]],
      }),
      factura(24, { base_imponible_centimos: 110000 }),
      factura(25, { iva_centimos: 25000 }),
      factura(26, { importe_centimos: 145201 }),
    ]);
    expect(totales.statusCode).toBe(400);
    const details = totales.json().error.details as Array<{ index: number; path: string }>;
    expect(details.map((d) => [d.index, d.path])).toEqual(
      expect.arrayContaining([
        [1, 'lineas.0.importe_centimos'],
        [2, 'base_imponible_centimos'],
        [3, 'iva_centimos'],
        [4, 'importe_centimos'],
      ]),
    );
    expect(details.some((d) => d.index === 0)).toBe(false);
    for (const numero of [20, 21, 22, 23, 24, 25, 26]) expect(await fila(numero)).toBeUndefined();

    // IVA rounded line by line: one céntimo per line of leeway.
    expect(
      (await put([factura(27, { iva_centimos: 25201, importe_centimos: 145201 })])).statusCode,
    ).toBe(200);
  });

  it('el PDF generado no se sirve caducado: cambia el contenido o el estado de pago', async () => {
    const id = (await put([factura(30)])).json().items[0].id;
    expect((await cliente.get(`/api/clientes/facturas/${id}/pdf`)).statusCode).toBe(200);
    const generado = (await fila(30))!.archivo_id;
    expect(generado).not.toBeNull();

    // The same invoice again: the stored rendering stays.
    await put([factura(30)]);
    expect((await fila(30))!.archivo_id).toBe(generado);

    // Another line: unlinked, the next download renders the new content.
    await put([
      factura(30, {
        base_imponible_centimos: 100000,
        iva_centimos: 21000,
        importe_centimos: 121000,
        lineas: [factura(30).lineas[0]],
      }),
    ]);
    expect((await fila(30))!.archivo_id).toBeNull();
    expect((await cliente.get(`/api/clientes/facturas/${id}/pdf`)).statusCode).toBe(200);
    const segundo = (await fila(30))!.archivo_id;
    expect(segundo).not.toBeNull();
    expect(segundo).not.toBe(generado);

    // Paid: our rendering prints it, so it goes too.
    await put([
      factura(30, {
        base_imponible_centimos: 100000,
        iva_centimos: 21000,
        importe_centimos: 121000,
        lineas: [factura(30).lineas[0]],
        pagada: true,
      }),
    ]);
    expect((await fila(30))!.archivo_id).toBeNull();
  });

  it('el PDF del ERP: el cliente descarga exactamente esos bytes', async () => {
    const id = (await put([factura(40)])).json().items[0].id;
    const bytes = pdfBytes();
    const res = await putPdf('ERP-40', bytes);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, sha256: sha(bytes), tamano_bytes: bytes.length });
    const descarga = await cliente.get(`/api/clientes/facturas/${id}/pdf`);
    expect(descarga.statusCode).toBe(200);
    expect(descarga.headers['content-type']).toBe('application/pdf');
    expect(descarga.headers['content-disposition']).toContain('filename="Factura ');
    expect(descarga.rawPayload.equals(bytes)).toBe(true);
    const archivo = await handle.db
      .selectFrom('archivos')
      .selectAll()
      .where('id', '=', res.json().archivo_id)
      .executeTakeFirstOrThrow();
    expect(archivo).toMatchObject({ propietario_tipo: 'cliente', propietario_id: clienteId });

    // The same bytes again: nothing new. Declared as octet-stream: the content decides.
    const antes = await archivos();
    const again = await putPdf('ERP-40', bytes, 'application/octet-stream');
    expect(again.statusCode).toBe(200);
    expect(again.json().archivo_id).toBe(res.json().archivo_id);
    expect(await archivos()).toBe(antes);

    // Only paid: the ERP's PDF stays (it is its document, ours would print the state).
    await put([factura(40, { pagada: true })]);
    expect((await cliente.get(`/api/clientes/facturas/${id}/pdf`)).rawPayload.equals(bytes)).toBe(
      true,
    );

    // New content: the ERP's PDF is stale; the portal renders the invoice until a new one comes.
    await put([factura(40, { pagada: true, fecha_emision: '2026-11-21' })]);
    const renderizado = await cliente.get(`/api/clientes/facturas/${id}/pdf`);
    expect(renderizado.statusCode).toBe(200);
    expect(renderizado.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(renderizado.rawPayload.equals(bytes)).toBe(false);
  });

  it('OpenAPI: cada ruta con resumen, ejemplo y el cuerpo PDF declarado', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const rutas: Array<[string, string]> = [
      ['/api/integration/v1/facturas', 'FV26'],
      ['/api/integration/v1/facturas/{clave}/pdf', 'FV26-123'],
      ['/api/integration/v1/proveedores/{erp_id}/certificados', 'seguro_mercancias'],
      ['/api/integration/v1/prevencion/documentos', 'PRL-2026-01'],
      ['/api/integration/v1/prevencion/documentos/{erp_id}/pdf', 'PRL-2026-01'],
    ];
    for (const [path, example] of rutas) {
      const op = doc.paths[path]?.put;
      expect(op, path).toBeDefined();
      expect(op.summary, path).toEqual(expect.any(String));
      expect(op.tags).toEqual(['integracion']);
      expect(JSON.stringify(op), path).toContain(example);
    }
    expect(
      Object.keys(doc.paths['/api/integration/v1/facturas/{clave}/pdf'].put.requestBody.content),
    ).toEqual(['application/pdf']);
  });

  const sinReservar = async (key: string) =>
    (await app.storage.exists(key)) &&
    !(await handle.db
      .selectFrom('reservas_contenido')
      .select('storage_key')
      .where('storage_key', '=', key)
      .executeTakeFirst());

  it('un PDF rechazado no deja fichero ni fila', async () => {
    await put([factura(50)]);
    const antes = await archivos();
    const cases: Array<[string, Buffer, string, number, string]> = [
      ['ERP-50', Buffer.from('MZ no soy un PDF'), 'application/pdf', 415, 'UNSUPPORTED_FILE_TYPE'],
      ['ERP-50', Buffer.alloc(0), 'application/pdf', 400, 'EMPTY_FILE'],
      [
        'ERP-50',
        Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(MAX_BYTES)]),
        'application/pdf',
        413,
        'PAYLOAD_TOO_LARGE',
      ],
      ['ERP-99999', pdfBytes(), 'application/pdf', 404, 'NOT_FOUND'],
      ['ERP-50', pdfBytes(), 'text/plain', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ];
    for (const [clave, body, type, status, code] of cases) {
      const res = await putPdf(clave, body, type);
      expect(res.statusCode, code).toBe(status);
      expect(res.json().error.code).toBe(code);
      // Refused before storage: no bytes. Refused after (404): only bytes reserved for the
      // orphan purge, never deleted by the request itself (decision 009).
      if (body.length > 0) expect(await sinReservar(contentKey(sha(body)))).toBe(false);
    }
    expect(await archivos()).toBe(antes);
    expect((await fila(50))!.archivo_id).toBeNull();
  });

  it('un PDF con contenido activo (/JavaScript, /OpenAction) se rechaza como en el portal; uno limpio se acepta', async () => {
    await put([factura(60)]);
    const antes = await archivos();
    for (const body of [pdfActivo('javascript'), pdfActivo('openaction')]) {
      const res = await putPdf('ERP-60', body);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({
        error: {
          code: 'ACTIVE_CONTENT',
          message:
            'El fichero contiene código ejecutable (HTML o JavaScript) y no se admite. Suba un PDF, JPEG o PNG sin scripts.',
        },
      });
      expect(await app.storage.exists(contentKey(sha(body)))).toBe(false);
    }
    expect(await archivos()).toBe(antes);
    expect((await fila(60))!.archivo_id).toBeNull();

    const limpio = pdfBytes();
    const res = await putPdf('ERP-60', limpio);
    expect(res.statusCode).toBe(200);
    expect(await app.storage.exists(contentKey(sha(limpio)))).toBe(true);
    expect((await fila(60))!.archivo_id).toBe(res.json().archivo_id);
  });
});
