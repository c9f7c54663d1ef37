import { createHash, randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../app.js';
import { contentKey } from '../../../storage/file-storage.js';
import { demoClientesApp } from '../../../test/clientes.js';
import { testDatabases, type TestDatabaseHandle } from '../../../test/databases.js';
import { createProveedorConUsuario, insertCarga } from '../../../test/proveedores.js';
import { signedIn, type TestBrowser } from '../../../test/session.js';
import { createApiKey } from '../../api-keys/service.js';
import { todayInSpain } from '../../cargas/offer-rules.js';

const V1 = '/api/integration/v1';

function addDays(fecha: string, days: number): string {
  return new Date(Date.parse(`${fecha}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

function pdfBytes(): Buffer {
  return Buffer.from(`%PDF-1.4\n% prevención ${randomBytes(8).toString('hex')}\n%%EOF\n`);
}

type Cert = {
  tipo: string;
  obligatorio: boolean;
  estado: string;
  actual: { descripcion: string | null; fecha_caducidad: string; archivo_id: number | null } | null;
  historial: unknown[];
};
type Doc = { id: number; titulo: string; tiene_archivo: boolean; leido_at: string | null };

describe.each(testDatabases())('API de integración: documentos ($name)', ({ open }) => {
  let handle: TestDatabaseHandle;
  let app: App;
  let key: string;
  let certsOnlyKey: string;
  let proveedor: TestBrowser;
  const today = todayInSpain(new Date());

  beforeAll(async () => {
    handle = await open();
    app = await demoClientesApp(handle);
    key = (
      await createApiKey(app.db, {
        nombre: 'ERP',
        scopes: ['certificados:write', 'prevencion:write'],
      })
    ).key;
    certsOnlyKey = (await createApiKey(app.db, { nombre: 'RRHH', scopes: ['certificados:write'] }))
      .key;
    const { proveedorId, email } = await createProveedorConUsuario(handle.db);
    await handle.db
      .updateTable('proveedores')
      .set({ erp_id: 'P-TEST' })
      .where('id', '=', proveedorId)
      .execute();
    proveedor = await signedIn(app, email, { portal: 'proveedores' });
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await handle.dispose();
  });

  function put(url: string, payload: unknown, apiKey = key): Promise<LightMyRequestResponse> {
    return app.inject({
      method: 'PUT',
      url: `${V1}${url}`,
      headers: { authorization: `Bearer ${apiKey}` },
      payload: payload as object,
    });
  }

  function putPdf(erpId: string, body: Buffer): Promise<LightMyRequestResponse> {
    return app.inject({
      method: 'PUT',
      url: `${V1}/prevencion/documentos/${erpId}/pdf`,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/pdf' },
      payload: body,
    });
  }

  const certificados = async () => {
    const res = await proveedor.get('/api/proveedores/certificados');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ items: Cert[]; bloqueo: { bloqueado: boolean; motivo: string } }>();
    return { ...body, de: (tipo: string) => body.items.find((c) => c.tipo === tipo)! };
  };
  const ofertar = async () => {
    const cargaId = await insertCarga(handle.db);
    return proveedor.post(`/api/proveedores/cargas/${cargaId}/ofertas`, {
      precio_centimos: 90000,
    });
  };
  const documentos = async () =>
    (await proveedor.get('/api/proveedores/prevencion')).json<{ items: Doc[] }>().items;

  describe('certificados exigidos', () => {
    it('tipo desconocido: error con su índice; proveedor desconocido: 404; nada guardado', async () => {
      const res = await put('/proveedores/P-TEST/certificados', {
        items: [
          { tipo: 'adr', obligatorio: true },
          { tipo: 'permiso_marte', obligatorio: true },
        ],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([
        {
          index: 1,
          path: 'tipo',
          message: 'No hay ningún tipo de certificado con código permiso_marte.',
        },
      ]);
      const fechas = await put('/proveedores/P-TEST/certificados', {
        items: [
          {
            tipo: 'adr',
            obligatorio: true,
            fecha_emision: '2026-02-01',
            fecha_caducidad: '2026-01-01',
          },
        ],
      });
      expect(fechas.json().error.details).toEqual([
        expect.objectContaining({ index: 0, path: 'fecha_emision' }),
      ]);
      const nadie = await put('/proveedores/P-NADIE/certificados', { items: [] });
      expect(nadie.statusCode).toBe(404);
      expect(await handle.db.selectFrom('proveedor_certificados').selectAll().execute()).toEqual(
        [],
      );
    });

    it('la obligatoriedad y la caducidad validada del ERP cuentan en la página y en las ofertas', async () => {
      // Catalogue: adr optional, seguro_mercancias mandatory.
      let page = await certificados();
      expect(page.de('adr').obligatorio).toBe(false);
      expect(page.de('seguro_mercancias').obligatorio).toBe(true);
      expect(page.bloqueo.bloqueado).toBe(false);

      const ayer = addDays(today, -1);
      const res = await put('/proveedores/P-TEST/certificados', {
        items: [
          { tipo: 'adr', obligatorio: true, fecha_caducidad: ayer },
          { tipo: 'seguro_mercancias', obligatorio: false },
        ],
      });
      expect(res.statusCode).toBe(200);
      const certificadoId = res.json().items[0].certificado_id;
      expect(certificadoId).toEqual(expect.any(Number));

      page = await certificados();
      expect(page.de('adr')).toMatchObject({
        obligatorio: true,
        estado: 'caducado',
        actual: { descripcion: 'Validado por la empresa', fecha_caducidad: ayer, archivo_id: null },
      });
      expect(page.de('seguro_mercancias').obligatorio).toBe(false);
      expect(page.bloqueo.bloqueado).toBe(true);
      expect(page.bloqueo.motivo).toContain('Certificado ADR');
      const refused = await ofertar();
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('CERTIFICATE_EXPIRED');

      // Renewed by the ERP: the same version updated in place, offers open again.
      const renewed = await put('/proveedores/P-TEST/certificados', {
        items: [
          { tipo: 'adr', obligatorio: true, fecha_caducidad: addDays(today, 200) },
          { tipo: 'seguro_mercancias', obligatorio: false },
        ],
      });
      expect(renewed.json().items[0].certificado_id).toBe(certificadoId);
      page = await certificados();
      expect(page.de('adr')).toMatchObject({ estado: 'valido' });
      expect(page.de('adr').historial).toHaveLength(1);
      expect(page.bloqueo.bloqueado).toBe(false);
      expect((await ofertar()).statusCode).toBe(201);

      // An empty set: back to the catalogue, the validated version withdrawn.
      expect((await put('/proveedores/P-TEST/certificados', { items: [] })).statusCode).toBe(200);
      page = await certificados();
      expect(page.de('adr')).toMatchObject({ obligatorio: false, estado: 'falta', actual: null });
      expect(page.de('seguro_mercancias').obligatorio).toBe(true);
    });
  });

  describe('documentos de prevención', () => {
    it('sin el permiso prevencion:write: 403', async () => {
      const res = await put(
        '/prevencion/documentos',
        { items: [{ erp_id: 'PRL-X', titulo: 'X' }] },
        certsOnlyKey,
      );
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('INSUFFICIENT_SCOPE');
    });

    it('alta, PDF, nueva versión y baja, vistos desde el portal del proveedor', async () => {
      const res = await put('/prevencion/documentos', {
        items: [
          { erp_id: 'PRL-1', titulo: 'Seguridad en muelles', obligatorio: true },
          { erp_id: 'PRL-2', titulo: 'Documento retirado', activo: false },
        ],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ creados: 2, actualizados: 0 });
      const id = res.json().items[0].id;
      let docs = await documentos();
      expect(docs.find((d) => d.id === id)).toMatchObject({
        titulo: 'Seguridad en muelles',
        tiene_archivo: false,
      });
      expect(docs.some((d) => d.titulo === 'Documento retirado')).toBe(false);

      const v1 = pdfBytes();
      expect((await putPdf('PRL-1', v1)).statusCode).toBe(200);
      const descarga = await proveedor.get(`/api/proveedores/prevencion/${id}/archivo`);
      expect(descarga.statusCode).toBe(200);
      expect(descarga.rawPayload.equals(v1)).toBe(true);
      expect(descarga.headers['content-disposition']).toContain('Seguridad en muelles.pdf');

      expect((await proveedor.post(`/api/proveedores/prevencion/${id}/leido`)).statusCode).toBe(
        200,
      );
      // The same file again keeps the acknowledgement; a new version asks for it again.
      expect((await putPdf('PRL-1', v1)).statusCode).toBe(200);
      expect((await documentos()).find((d) => d.id === id)!.leido_at).not.toBeNull();
      const v2 = pdfBytes();
      expect((await putPdf('PRL-1', v2)).statusCode).toBe(200);
      docs = await documentos();
      expect(docs.find((d) => d.id === id)).toMatchObject({ tiene_archivo: true, leido_at: null });
      expect(
        (await proveedor.get(`/api/proveedores/prevencion/${id}/archivo`)).rawPayload.equals(v2),
      ).toBe(true);

      // Deactivated: gone from the page and its download.
      const baja = await put('/prevencion/documentos', {
        items: [{ erp_id: 'PRL-1', titulo: 'Seguridad en muelles', activo: false }],
      });
      expect(baja.json()).toMatchObject({ creados: 0, actualizados: 1 });
      expect((await documentos()).some((d) => d.id === id)).toBe(false);
      expect((await proveedor.get(`/api/proveedores/prevencion/${id}/archivo`)).statusCode).toBe(
        404,
      );
    });

    it('un PDF rechazado (documento desconocido, no PDF) no deja fichero ni fila', async () => {
      const count = async () =>
        (await handle.db.selectFrom('archivos').select('id').execute()).length;
      const antes = await count();
      const bytes = pdfBytes();
      const desconocido = await putPdf('PRL-NADIE', bytes);
      expect(desconocido.statusCode).toBe(404);
      const sha = createHash('sha256').update(bytes).digest('hex');
      // Stored before the 404: kept, reserved, for the orphan purge only (decision 009).
      expect(await app.storage.exists(contentKey(sha))).toBe(true);
      const reserva = await handle.db
        .selectFrom('reservas_contenido')
        .select('storage_key')
        .where('storage_key', '=', contentKey(sha))
        .execute();
      expect(reserva).toHaveLength(1);
      const noPdf = await putPdf('PRL-1', Buffer.from('GIF89a no es un PDF'));
      expect(noPdf.statusCode).toBe(415);
      expect(await count()).toBe(antes);
    });

    it('un PDF con contenido activo (/JavaScript, /OpenAction) se rechaza como en el portal; uno limpio se acepta', async () => {
      const alta = await put('/prevencion/documentos', {
        items: [{ erp_id: 'PRL-ACTIVO', titulo: 'Plan de emergencia' }],
      });
      const id = alta.json().items[0].id;
      const archivoDe = async () =>
        (
          await handle.db
            .selectFrom('prevencion_documentos')
            .select('archivo_id')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).archivo_id;
      const count = async () =>
        (await handle.db.selectFrom('archivos').select('id').execute()).length;
      const antes = await count();
      const activos = [
        '<< /Type /Catalog /Names << /JavaScript << /Names [(x) << /S /JavaScript /JS (app.alert(1)) >>] >> >> >>',
        '<< /Type /Catalog /OpenAction << /S /Launch /F (cmd.exe) >> >>',
      ];
      for (const objeto of activos) {
        const body = Buffer.from(
          `%PDF-1.7\n% ${randomBytes(8).toString('hex')}\n1 0 obj ${objeto}\nendobj\n%%EOF\n`,
          'latin1',
        );
        const res = await putPdf('PRL-ACTIVO', body);
        expect(res.statusCode).toBe(415);
        expect(res.json()).toEqual({
          error: {
            code: 'ACTIVE_CONTENT',
            message:
              'El fichero contiene código ejecutable (HTML o JavaScript) y no se admite. Suba un PDF, JPEG o PNG sin scripts.',
          },
        });
        const sha = createHash('sha256').update(body).digest('hex');
        expect(await app.storage.exists(contentKey(sha))).toBe(false);
      }
      expect(await count()).toBe(antes);
      expect(await archivoDe()).toBeNull();

      const limpio = await putPdf('PRL-ACTIVO', pdfBytes());
      expect(limpio.statusCode).toBe(200);
      expect(await archivoDe()).toBe(limpio.json().archivo_id);
    });
  });
});
