import { usuarioEjemplo } from '@extranet/contracts/integracion/usuarios';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../../../mail/mailer.js';
import { buildTestApp } from '../../../test/app.js';
import { testDatabases } from '../../../test/databases.js';
import { erpCaller, type ErpCallOptions, useErpApp } from '../../../test/integracion.js';
import { TestBrowser } from '../../../test/session.js';
import { createApiKey } from '../../api-keys/service.js';
import { NO_PASSWORD } from './repository.js';
import { crearUsuario } from './service.js';

const V1 = '/api/integration/v1';
const CLAVE = 'Camion-Azul-Lento-2026';
const CIRCUITO = 'https://circuito.example.com/entrada';

function usuario(erpId: string, overrides: Record<string, unknown> = {}) {
  return {
    erp_id: erpId,
    region: 'es',
    email: `${erpId.toLowerCase()}@example.es`,
    nombre: `Usuario ${erpId}`,
    codigo: `COD-${erpId}`,
    clientes: ['UC-1'],
    recursos: [{ portal: 'clientes', recurso: 'apiweb.clientes.tracking' }],
    ...overrides,
  };
}

const empresa = (erpId: string) => ({
  erp_id: erpId,
  region: 'es',
  razon_social: `Empresa ${erpId}`,
  localidad: 'Zaragoza',
});

describe.each(testDatabases())('API de integración: usuarios ($name)', ({ open }) => {
  const mails: MailMessage[] = [];
  const erp = useErpApp(open, ['clientes:write', 'proveedores:write', 'usuarios:write'], (handle) =>
    buildTestApp(handle, {}, { mailer: { send: async (m) => void mails.push(m) } }),
  );
  let clientesKey: string;

  beforeAll(async () => {
    clientesKey = (await createApiKey(erp.app.db, { nombre: 'CRM', scopes: ['clientes:write'] }))
      .key;
    for (const tabla of ['clientes', 'proveedores']) {
      const res = await put(`${V1}/${tabla}`, {
        items: tabla === 'clientes' ? [empresa('UC-1'), empresa('UC-2')] : [empresa('UP-1')],
      });
      expect(res.statusCode).toBe(200);
    }
  }, 60_000);

  const call = erpCaller(
    () => erp.app,
    () => erp.key,
  );
  const put = (url: string, payload: unknown, options?: ErpCallOptions) =>
    call('PUT', url, payload, options);

  const fila = (erpId: string) =>
    erp.handle.db.selectFrom('usuarios').selectAll().where('erp_id', '=', erpId).executeTakeFirst();
  const vinculos = async (usuarioId: number) => ({
    clientes: (
      await erp.handle.db
        .selectFrom('usuarios_clientes as l')
        .innerJoin('clientes as c', 'c.id', 'l.cliente_id')
        .select('c.erp_id')
        .where('l.usuario_id', '=', usuarioId)
        .orderBy('c.erp_id')
        .execute()
    ).map((r) => r.erp_id),
    proveedores: (
      await erp.handle.db
        .selectFrom('usuarios_proveedores as l')
        .innerJoin('proveedores as p', 'p.id', 'l.proveedor_id')
        .select('p.erp_id')
        .where('l.usuario_id', '=', usuarioId)
        .execute()
    ).map((r) => r.erp_id),
    recursos: await erp.handle.db
      .selectFrom('recursos')
      .select(['portal', 'recurso', 'api', 'menu'])
      .where('usuario_id', '=', usuarioId)
      .orderBy('portal')
      .orderBy('menu')
      .execute(),
  });

  it('aparece en el documento OpenAPI con resumen y ejemplo', async () => {
    const res = await erp.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const put = res.json().paths['/api/integration/v1/usuarios'].put;
    expect(put.tags).toEqual(['integracion']);
    expect(put.summary).toContain('usuarios por su erp_id');
    expect(JSON.stringify(put.requestBody)).toContain(usuarioEjemplo.email);
  });

  it('sin el permiso usuarios:write: 403', async () => {
    const res = await put(`${V1}/usuarios`, { items: [usuario('U-0')] }, { key: clientesKey });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('INSUFFICIENT_SCOPE');
    expect(await fila('U-0')).toBeUndefined();
  });

  it('crea un usuario sin contraseña, con vínculos y recursos del catálogo; invitar envía la recuperación', async () => {
    mails.length = 0;
    const res = await put(`${V1}/usuarios`, {
      items: [
        usuario('U-1', {
          email: '  Lucia@Example.ES ',
          clientes: ['UC-1', 'UC-2'],
          proveedores: ['UP-1'],
          recursos: [
            { portal: 'clientes', recurso: 'apiweb.clientes.facturas' },
            { portal: 'clientes', recurso: 'Circuitoseguridad', url: CIRCUITO },
            { portal: 'proveedores', recurso: 'apiweb.proveedores.cargas' },
          ],
          invitar: true,
        }),
        usuario('U-2'),
      ],
    });
    expect(res.statusCode).toBe(200);
    const u1 = (await fila('U-1'))!;
    expect(res.json()).toEqual({
      creados: 2,
      actualizados: 0,
      items: [
        { erp_id: 'U-1', id: u1.id, creado: true },
        { erp_id: 'U-2', id: expect.any(Number), creado: true },
      ],
    });
    expect(u1).toMatchObject({
      email: 'lucia@example.es',
      region: 'es',
      codigo: 'COD-U-1',
      activo: 1,
      clave_hash: NO_PASSWORD,
    });
    expect(await vinculos(u1.id)).toEqual({
      clientes: ['UC-1', 'UC-2'],
      proveedores: ['UP-1'],
      recursos: [
        {
          portal: 'clientes',
          recurso: 'apiweb.clientes.facturas',
          api: '/api/clientes/facturas',
          menu: 4,
        },
        { portal: 'clientes', recurso: 'Circuitoseguridad', api: CIRCUITO, menu: 7 },
        {
          portal: 'proveedores',
          recurso: 'apiweb.proveedores.cargas',
          api: '/api/proveedores/cargas',
          menu: 1,
        },
      ],
    });

    // Only U-1 asked for an invitation: one recovery e-mail, to its address (the outbox
    // sends it).
    await erp.app.outbox.runOnce();
    expect(mails.map((m) => m.to)).toEqual(['lucia@example.es']);
    const token = /nueva-clave\?portal=clientes#([A-Za-z0-9_-]+)/.exec(mails[0]!.text)?.[1];
    expect(token).toBeDefined();

    // No password works before the user chooses one with the link.
    const browser = new TestBrowser(erp.app);
    expect((await browser.login('lucia@example.es', { clave: NO_PASSWORD })).statusCode).not.toBe(
      200,
    );
    const set = await browser.post('/api/password-reset', { token, clave: CLAVE });
    expect(set.statusCode).toBe(204);
    expect((await browser.login('lucia@example.es', { clave: CLAVE })).statusCode).toBe(200);
  });

  it('vínculos y recursos se sustituyen como conjunto', async () => {
    const res = await put(`${V1}/usuarios`, {
      items: [
        usuario('U-2', {
          nombre: 'Nombre nuevo',
          clientes: ['UC-2'],
          recursos: [{ portal: 'clientes', recurso: 'apiweb.clientes.portes' }],
        }),
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ creados: 0, actualizados: 1 });
    const u2 = (await fila('U-2'))!;
    expect(u2.nombre).toBe('Nombre nuevo');
    expect(await vinculos(u2.id)).toEqual({
      clientes: ['UC-2'],
      proveedores: [],
      recursos: [
        {
          portal: 'clientes',
          recurso: 'apiweb.clientes.portes',
          api: '/api/clientes/portes',
          menu: 2,
        },
      ],
    });
    const cleared = await put(`${V1}/usuarios`, {
      items: [usuario('U-2', { clientes: [], recursos: [] })],
    });
    expect(cleared.statusCode).toBe(200);
    expect(await vinculos(u2.id)).toEqual({ clientes: [], proveedores: [], recursos: [] });
  });

  it('cada error con su índice y motivo; no se guarda nada', async () => {
    const res = await put(`${V1}/usuarios`, {
      items: [
        usuario('U-OK'),
        usuario('U-X1', { clientes: ['UC-1', 'NO-EXISTE'] }),
        usuario('U-X2', { proveedores: ['NO-P'] }),
        usuario('U-X3', {
          recursos: [
            { portal: 'clientes', recurso: 'apiweb.clientes.inventado' },
            { portal: 'clientes', recurso: 'apiweb.proveedores.cargas' },
            { portal: 'clientes', recurso: 'Circuitoseguridad' },
          ],
        }),
        usuario('U-X4', { email: 'lucia@example.es' }),
      ],
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.details).toEqual([
      { index: 1, path: 'clientes.1', message: 'No hay ningún cliente con erp_id NO-EXISTE.' },
      { index: 2, path: 'proveedores.0', message: 'No hay ningún proveedor con erp_id NO-P.' },
      {
        index: 3,
        path: 'recursos.0.recurso',
        message: 'El recurso apiweb.clientes.inventado no existe en el portal clientes.',
      },
      {
        index: 3,
        path: 'recursos.1.recurso',
        message: 'El recurso apiweb.proveedores.cargas no existe en el portal clientes.',
      },
      {
        index: 3,
        path: 'recursos.2.url',
        message: 'Circuitoseguridad necesita la URL del circuito.',
      },
      {
        index: 4,
        path: 'email',
        message: 'Ya hay otro usuario con el e-mail lucia@example.es en la región es.',
      },
    ]);
    expect(await fila('U-OK')).toBeUndefined();

    const schema = await put(`${V1}/usuarios`, {
      items: [
        usuario('U-OK'),
        usuario('U-Y1', { email: 'no-es-un-email' }),
        usuario('U-Y2', { email: 'u-ok@example.es' }),
      ],
    });
    expect(schema.statusCode).toBe(400);
    expect(schema.json().error.details).toEqual([
      { index: 1, path: 'email', message: expect.any(String) },
      { index: 2, path: 'email', message: 'E-mail repetido en el lote para la misma región.' },
    ]);
    expect(await fila('U-OK')).toBeUndefined();
  });

  it('adopta el usuario creado por un operador con el mismo e-mail y región', async () => {
    const id = await crearUsuario(erp.app.db, {
      region: 'es',
      email: 'operador@example.es',
      nombre: 'Hecho a mano',
      clientes: [],
      proveedores: [],
    });
    const res = await put(`${V1}/usuarios`, {
      items: [usuario('U-3', { email: 'OPERADOR@example.es' })],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([{ erp_id: 'U-3', id, creado: false }]);
    expect((await fila('U-3'))?.nombre).toBe('Usuario U-3');
  });

  it('desactivar cierra sus sesiones y revoca sus tokens de recordar', async () => {
    const browser = new TestBrowser(erp.app);
    const login = await browser.login('lucia@example.es', { clave: CLAVE });
    expect(login.statusCode).toBe(200);
    const u1 = (await fila('U-1'))!;
    await erp.handle.db
      .insertInto('remember_tokens')
      .values({
        usuario_id: u1.id,
        portal: 'clientes',
        token_hash: 'x'.repeat(64),
        expires_at: '2099-01-01T00:00:00.000Z',
      })
      .execute();
    const sesiones = () =>
      erp.handle.db.selectFrom('sesiones').select('id').where('usuario_id', '=', u1.id).execute();
    const vivos = () =>
      erp.handle.db
        .selectFrom('remember_tokens')
        .select('id')
        .where('usuario_id', '=', u1.id)
        .where('revoked_at', 'is', null)
        .execute();
    expect((await sesiones()).length).toBeGreaterThan(0);
    expect((await vivos()).length).toBeGreaterThan(0);

    mails.length = 0;
    const res = await put(`${V1}/usuarios`, {
      items: [usuario('U-1', { email: 'lucia@example.es', activo: false, invitar: true })],
    });
    expect(res.statusCode).toBe(200);
    expect((await fila('U-1'))?.activo).toBe(0);
    expect(await sesiones()).toEqual([]);
    expect(await vivos()).toEqual([]);
    // An inactive user is never invited.
    await erp.app.outbox.runOnce();
    expect(mails).toEqual([]);
    expect((await browser.login('lucia@example.es', { clave: CLAVE })).statusCode).not.toBe(200);
  });

  it('con Idempotency-Key, el reintento repite la respuesta sin enviar otro correo', async () => {
    mails.length = 0;
    const lote = { items: [usuario('U-4', { invitar: true })] };
    const first = await put(`${V1}/usuarios`, lote, { idempotencyKey: 'usuarios-1' });
    expect(first.statusCode).toBe(200);
    const again = await put(`${V1}/usuarios`, lote, { idempotencyKey: 'usuarios-1' });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    await erp.app.outbox.runOnce();
    expect(mails.map((m) => m.to)).toEqual(['u-4@example.es']);
  });
});
