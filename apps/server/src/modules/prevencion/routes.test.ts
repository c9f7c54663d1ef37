import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases.js';
import { quitarRecurso, TestBrowser } from '../../test/session.js';
import { useDemoCarrier } from '../../test/transportes.js';

describe.each(testDatabases())('prevención ($name)', ({ open }) => {
  const demo = useDemoCarrier(open);

  type Doc = { id: number; titulo: string; leido_at: string | null; tiene_archivo: boolean };
  const list = async () =>
    (await demo.browser.get('/api/proveedores/prevencion')).json<{ items: Doc[] }>().items;

  it('lista los documentos publicados con la fecha de lectura propia', async () => {
    const items = await list();
    expect(items.length).toBe(4);
    expect(items.filter((d) => d.leido_at !== null)).toHaveLength(2);
    expect((await new TestBrowser(demo.app).get('/api/proveedores/prevencion')).statusCode).toBe(
      401,
    );
  });

  it('marcar leído es idempotente y conserva la primera fecha; un documento inexistente es 404', async () => {
    const doc = (await list()).find((d) => d.leido_at === null)!;
    const first = await demo.browser.post(`/api/proveedores/prevencion/${doc.id}/leido`);
    expect(first.statusCode).toBe(200);
    const leido = first.json<Doc>().leido_at;
    expect(leido).not.toBeNull();
    const second = await demo.browser.post(`/api/proveedores/prevencion/${doc.id}/leido`);
    expect(second.json<Doc>().leido_at).toBe(leido);
    const rows = await demo.handle.db
      .selectFrom('prevencion_lecturas')
      .selectAll()
      .where('documento_id', '=', doc.id)
      .where('proveedor_id', '=', demo.proveedorId)
      .execute();
    expect(rows).toHaveLength(1);
    const audit = await demo.handle.db
      .selectFrom('audit_log')
      .select('accion')
      .where('accion', '=', 'prevencion.leido')
      .execute();
    expect(audit).toHaveLength(1);
    expect((await demo.browser.post('/api/proveedores/prevencion/999999/leido')).statusCode).toBe(
      404,
    );
    // Without the CSRF header the write is refused.
    expect(
      (
        await demo.browser.request('POST', `/api/proveedores/prevencion/${doc.id}/leido`, {
          csrf: false,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('descarga: 404 sin los bytes o sin documento; sin el recurso 403', async () => {
    const doc = (await list())[0]!;
    // The demo seed records the documents without storing their bytes in this test app.
    const res = await demo.browser.get(`/api/proveedores/prevencion/${doc.id}/archivo`);
    expect(res.statusCode).toBe(404);
    expect((await demo.browser.get('/api/proveedores/prevencion/999999/archivo')).statusCode).toBe(
      404,
    );
    // With its bytes in storage it downloads as an attachment.
    const archivo = await demo.handle.db
      .selectFrom('prevencion_documentos as d')
      .innerJoin('archivos as a', 'a.id', 'd.archivo_id')
      .select(['a.storage_key', 'a.mime'])
      .where('d.id', '=', doc.id)
      .executeTakeFirstOrThrow();
    await demo.app.storage.put(
      archivo.storage_key,
      Readable.from([Buffer.from('%PDF-1.4\n%%EOF\n')]),
      {
        mime: archivo.mime,
      },
    );
    const ok = await demo.browser.get(`/api/proveedores/prevencion/${doc.id}/archivo`);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-disposition']).toMatch(/^attachment;/);
    expect(ok.headers['x-content-type-options']).toBe('nosniff');
    await quitarRecurso(demo.handle.db, 'proveedor@demo.es', 'apiweb.proveedores.prevencion');
    expect((await demo.browser.get('/api/proveedores/prevencion')).statusCode).toBe(403);
  });
});
