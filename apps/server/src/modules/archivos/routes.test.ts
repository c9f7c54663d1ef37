import { describe, expect, it } from 'vitest';
import { accessLinkBrowser, clientesDe, useClientesDemo } from '../../test/clientes.js';
import { testDatabases } from '../../test/databases.js';
import { signedIn, TestBrowser } from '../../test/session.js';

const noEsSuyo = {
  error: { code: 'NOT_FOUND', message: 'El fichero no existe o no pertenece a este cliente.' },
};

describe.each(testDatabases())('ficheros del cliente ($name)', ({ open }) => {
  const demo = useClientesDemo(open);

  const facturaArchivo = async (id: number) =>
    (
      await demo.handle.db
        .selectFrom('facturas')
        .select('archivo_id')
        .where('cliente_id', '=', id)
        .where('archivo_id', 'is not', null)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).archivo_id!;
  const cmrDeTramo = async (id: number) =>
    (
      await demo.handle.db
        .selectFrom('subpartidas as s')
        .innerJoin('portes as p', 'p.id', 's.porte_id')
        .select('s.cmr_archivo_id')
        .where('p.cliente_id', '=', id)
        .where('s.cmr_archivo_id', 'is not', null)
        .orderBy('s.id')
        .executeTakeFirstOrThrow()
    ).cmr_archivo_id!;

  it('descarga la factura y el CMR de sus portes; info antes de descargar', async () => {
    const facturaId = await facturaArchivo(demo.clienteId);
    const res = await demo.cliente.get(`/api/clientes/archivos/${facturaId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const info = await demo.cliente.get(`/api/clientes/archivos/${facturaId}/info`);
    expect(info.statusCode).toBe(200);
    expect(info.headers['cache-control']).toBe('no-store');
    expect(info.json()).toEqual({
      id: facturaId,
      nombre: expect.stringMatching(/^Factura /),
      mime: 'application/pdf',
      tamano_bytes: res.rawPayload.length,
      tipo: 'factura',
    });
    const cmr = await cmrDeTramo(demo.clienteId);
    expect((await demo.cliente.get(`/api/clientes/archivos/${cmr}`)).statusCode).toBe(200);
    expect((await demo.cliente.get(`/api/clientes/archivos/${cmr}/info`)).json().tipo).toBe('cmr');
  });

  it('el CMR o POD enlazado al porte también es suyo', async () => {
    const cmr = await cmrDeTramo(demo.otroClienteId);
    const porte = await demo.handle.db
      .selectFrom('portes')
      .select('id')
      .where('cliente_id', '=', demo.clienteId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect((await demo.cliente.get(`/api/clientes/archivos/${cmr}`)).statusCode).toBe(404);
    await demo.handle.db
      .updateTable('portes')
      .set({ pod_archivo_id: cmr })
      .where('id', '=', porte.id)
      .execute();
    expect((await demo.cliente.get(`/api/clientes/archivos/${cmr}/info`)).statusCode).toBe(200);
    await demo.handle.db
      .updateTable('portes')
      .set({ pod_archivo_id: null })
      .where('id', '=', porte.id)
      .execute();
    expect((await demo.cliente.get(`/api/clientes/archivos/${cmr}/info`)).statusCode).toBe(404);
  });

  it('el fichero de otro cliente o de un transportista es 404 sin sus datos', async () => {
    const ajenos = [await facturaArchivo(demo.otroClienteId), await cmrDeTramo(demo.otroClienteId)];
    const proveedor = await demo.handle.db
      .selectFrom('archivos')
      .select('id')
      .where('tipo', '=', 'factura_proveedor')
      .executeTakeFirstOrThrow();
    for (const id of [...ajenos, proveedor.id, 999_999_999]) {
      for (const url of [`/api/clientes/archivos/${id}`, `/api/clientes/archivos/${id}/info`]) {
        const res = await demo.cliente.get(url);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(noEsSuyo);
      }
    }
    // Another user with several clients, on the other one of its own.
    const [a, b] = await clientesDe(demo.handle, 'grupo@demo.es');
    const grupo = await signedIn(demo.app, 'grupo@demo.es', { clienteId: a! });
    const deB = await facturaArchivo(b!);
    expect((await grupo.get(`/api/clientes/archivos/${deB}`)).statusCode).toBe(404);
    await grupo.put('/api/clientes/cliente', { id: b });
    expect((await grupo.get(`/api/clientes/archivos/${deB}`)).statusCode).toBe(200);
    // An access link of one client.
    const enlace = await accessLinkBrowser(demo.app, demo.clienteId);
    expect(
      (await enlace.get(`/api/clientes/archivos/${await facturaArchivo(demo.clienteId)}`))
        .statusCode,
    ).toBe(200);
    expect((await enlace.get(`/api/clientes/archivos/${ajenos[0]}`)).statusCode).toBe(404);
  });

  it('sin sesión 401; sin Facturas la factura es 403 y el CMR se descarga', async () => {
    const anon = new TestBrowser(demo.app);
    expect(
      (await anon.get(`/api/clientes/archivos/${await facturaArchivo(demo.clienteId)}`)).statusCode,
    ).toBe(401);
    const [dosId] = await clientesDe(demo.handle, 'dos@demo.es');
    const dos = await signedIn(demo.app, 'dos@demo.es', { clienteId: dosId! });
    const suya = await demo.handle.db
      .selectFrom('facturas')
      .select('archivo_id')
      .where('cliente_id', '=', dosId!)
      .where('archivo_id', 'is not', null)
      .executeTakeFirst();
    expect(suya).toBeDefined();
    expect((await dos.get(`/api/clientes/archivos/${suya!.archivo_id}`)).statusCode).toBe(403);
    const cmr = await demo.handle.db
      .selectFrom('subpartidas as s')
      .innerJoin('portes as p', 'p.id', 's.porte_id')
      .select('s.cmr_archivo_id')
      .where('p.cliente_id', '=', dosId!)
      .where('s.cmr_archivo_id', 'is not', null)
      .executeTakeFirst();
    expect(cmr).toBeDefined();
    expect((await dos.get(`/api/clientes/archivos/${cmr!.cmr_archivo_id}`)).statusCode).toBe(200);
    expect((await demo.cliente.get('/api/clientes/archivos/abc')).statusCode).toBe(400);
  });
});
