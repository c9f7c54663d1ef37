import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clock } from '../../lib/clock.js';
import { outboxDir } from '../../mail/mailer.js';
import { createApiKey } from '../api-keys/service.js';
import { clientesDe, useClientesDemo } from '../../test/clientes.js';
import { testDatabases } from '../../test/databases.js';
import { outboxFiles, readEml } from '../../test/eml.js';
import { signedIn } from '../../test/session.js';
import { LIMITE_ENVIO_POR_MINUTO } from './routes.js';
import { envioTokenHash } from './service.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const DIA = 86_400_000;

describe.each(testDatabases())('enlace de un porte ($name)', ({ open }) => {
  const demo = useClientesDemo(open);
  /** A shipment of the demo client with a leg's CMR and an invoice PDF. */
  let partida: string;
  let porteId: number;
  let cmrId: number;
  let facturaArchivoId: number;
  /** A file of the same client that is not this shipment's. */
  let otroArchivoId: number;

  beforeAll(async () => {
    const db = demo.handle.db;
    const row = await db
      .selectFrom('portes as p')
      .innerJoin('subpartidas as s', 's.porte_id', 'p.id')
      .innerJoin('factura_lineas as l', 'l.porte_id', 'p.id')
      .innerJoin('facturas as f', 'f.id', 'l.factura_id')
      .select(['p.id', 'p.partida', 's.cmr_archivo_id', 'f.archivo_id'])
      .where('p.cliente_id', '=', demo.clienteId)
      .where('s.cmr_archivo_id', 'is not', null)
      .where('f.archivo_id', 'is not', null)
      .where('f.cliente_id', '=', demo.clienteId)
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
    partida = row.partida;
    porteId = Number(row.id);
    cmrId = row.cmr_archivo_id!;
    facturaArchivoId = row.archivo_id!;
    // Delivered yesterday: "until 7 days after delivery" is live.
    await db
      .updateTable('portes')
      .set({ estado: 'entregado', entregado_at: new Date(Date.now() - DIA).toISOString() })
      .where('id', '=', porteId)
      .execute();
    const otro = await db
      .selectFrom('facturas')
      .select('archivo_id')
      .where('cliente_id', '=', demo.clienteId)
      .where('archivo_id', 'is not', null)
      .where('archivo_id', '!=', facturaArchivoId)
      .executeTakeFirstOrThrow();
    otroArchivoId = otro.archivo_id!;
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const crear = async (body: Json = {}, p = partida) => {
    const res = await demo.cliente.post(
      `/api/clientes/portes/${encodeURIComponent(p)}/enlaces`,
      body,
    );
    return res;
  };
  const tokenOf = (url: string) => new URL(url).pathname.split('/').at(-1)!;
  const publico = (url: string, method: 'GET' | 'POST' = 'GET', payload?: Json) =>
    demo.app.inject({ method, url, ...(payload ? { payload } : {}) });

  it('creates a link whose page shows only that shipment and the chosen documents', async () => {
    const res = await crear();
    expect(res.statusCode).toBe(201);
    const enlace = res.json<Json>();
    expect(enlace).toMatchObject({
      partida,
      entrega: true,
      factura: false,
      dias_tras_entrega: 7,
      aperturas: 0,
      activo: true,
      creado_por: expect.any(String),
    });
    expect(enlace.url).toMatch(/\/envio\/[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(enlace.url);
    const row = await demo.handle.db
      .selectFrom('enlaces_porte')
      .selectAll()
      .where('id', '=', enlace.id)
      .executeTakeFirstOrThrow();
    // Only the hash is stored.
    expect(row.token_hash).toBe(envioTokenHash(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const page = await publico(`/api/envio/${token}?apertura=1`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['x-robots-tag']).toContain('noindex');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['set-cookie']).toBeUndefined();
    const envio = page.json<Json>();
    expect(envio.empresa).toBe('Conservas del Ebro S.A.');
    expect(envio.porte.partida).toBe(partida);
    expect(envio.porte).not.toHaveProperty('ref_cliente');
    expect(envio.porte).not.toHaveProperty('p_facturable_kg');
    const ids = envio.documentos.map((d: Json) => d.id);
    expect(ids).toContain(cmrId);
    expect(ids).not.toContain(facturaArchivoId);
    expect(envio.documentos.every((d: Json) => d.tipo !== 'factura')).toBe(true);

    // The chosen document downloads; the invoice and any other file of the client do not.
    const cmr = await publico(`/api/envio/${token}/documentos/${cmrId}`);
    expect(cmr.statusCode).toBe(200);
    expect(cmr.headers['referrer-policy']).toBe('no-referrer');
    expect(cmr.headers['content-disposition']).toMatch(/^attachment/);
    for (const id of [facturaArchivoId, otroArchivoId]) {
      const refused = await publico(`/api/envio/${token}/documentos/${id}`);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ error: { code: 'FILE_NOT_FOUND' } });
    }

    // The first load counts as an opening, its refreshes do not.
    await publico(`/api/envio/${token}`);
    await publico(`/api/envio/${token}?apertura=1`);
    const lista = await demo.cliente.get(
      `/api/clientes/portes/${encodeURIComponent(partida)}/enlaces`,
    );
    expect(lista.statusCode).toBe(200);
    const listed = lista.json<Json>().items.find((i: Json) => i.id === enlace.id);
    expect(listed).toMatchObject({ aperturas: 2, activo: true });
    expect(listed.last_opened_at).not.toBeNull();
    expect(listed).not.toHaveProperty('url');
  });

  it('shows the invoice only when asked, and only to whom the Facturas section is open', async () => {
    const res = await crear({ entrega: false, factura: true, dias: 1 });
    expect(res.statusCode).toBe(201);
    const token = tokenOf(res.json<Json>().url);
    const envio = (await publico(`/api/envio/${token}`)).json<Json>();
    expect(envio.documentos.map((d: Json) => d.id)).toEqual([facturaArchivoId]);
    expect((await publico(`/api/envio/${token}/documentos/${facturaArchivoId}`)).statusCode).toBe(
      200,
    );
    expect((await publico(`/api/envio/${token}/documentos/${cmrId}`)).statusCode).toBe(404);

    // dos@demo.es has no "facturas" resource: it may share tracking, not the invoice.
    const [dosCliente] = await clientesDe(demo.handle, 'dos@demo.es');
    const dos = await signedIn(demo.app, 'dos@demo.es', { clienteId: dosCliente! });
    const suyo = await demo.handle.db
      .selectFrom('portes')
      .select('partida')
      .where('cliente_id', '=', dosCliente!)
      .where('estado', '!=', 'anulado')
      .executeTakeFirstOrThrow();
    const url = `/api/clientes/portes/${encodeURIComponent(suyo.partida)}/enlaces`;
    const antes = await demo.handle.db.selectFrom('enlaces_porte').select('id').execute();
    const refused = await dos.post(url, { factura: true, dias: 7 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toMatch(/facturas/);
    expect(await demo.handle.db.selectFrom('enlaces_porte').select('id').execute()).toEqual(antes);
    expect((await dos.post(url, { dias: 7 })).statusCode).toBe(201);
  });

  it('refuses another client’s shipment and link, changing nothing', async () => {
    const ajeno = await demo.handle.db
      .selectFrom('portes')
      .select('partida')
      .where('cliente_id', '=', demo.otroClienteId)
      .executeTakeFirstOrThrow();
    expect((await crear({}, ajeno.partida)).statusCode).toBe(404);
    expect(
      (await demo.cliente.get(`/api/clientes/portes/${encodeURIComponent(ajeno.partida)}/enlaces`))
        .statusCode,
    ).toBe(404);
    const [dosCliente] = await clientesDe(demo.handle, 'dos@demo.es');
    const dos = await signedIn(demo.app, 'dos@demo.es', { clienteId: dosCliente! });
    const mio = (await crear({ dias: 3 })).json<Json>();
    const res = await dos.request('DELETE', `/api/clientes/enlaces-porte/${mio.id}`);
    expect(res.statusCode).toBe(404);
    expect((await publico(`/api/envio/${tokenOf(mio.url)}`)).statusCode).toBe(200);
  });

  it('a revoked link stops at once and says whom to ask, in Spanish', async () => {
    const enlace = (await crear()).json<Json>();
    const token = tokenOf(enlace.url);
    expect((await publico(`/api/envio/${token}`)).statusCode).toBe(200);
    expect(
      (await demo.cliente.request('DELETE', `/api/clientes/enlaces-porte/${enlace.id}`)).statusCode,
    ).toBe(204);
    for (const url of [`/api/envio/${token}`, `/api/envio/${token}/documentos/${cmrId}`]) {
      const res = await publico(url);
      expect(res.statusCode).toBe(410);
      expect(res.json().error.code).toBe('LINK_REVOKED');
      expect(res.json().error.message).toMatch(
        /^Conservas del Ebro S\.A\..* ha anulado este enlace/,
      );
    }
    const listed = (
      await demo.cliente.get(`/api/clientes/portes/${encodeURIComponent(partida)}/enlaces`)
    )
      .json<Json>()
      .items.find((i: Json) => i.id === enlace.id);
    expect(listed).toMatchObject({ activo: false, revoked_at: expect.any(String) });
    const unknown = await publico('/api/envio/adivinado-0123456789');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Enlace no válido.');
  });

  it('expires at its instant, and 7 days after delivery by default', async () => {
    const corto = (await crear({ dias: 1 })).json<Json>();
    const porDefecto = (await crear()).json<Json>();
    const now = Date.now();
    vi.spyOn(clock, 'now').mockImplementation(() => new Date(now + DIA + 60_000));
    const res = await publico(`/api/envio/${tokenOf(corto.url)}`);
    expect(res.statusCode).toBe(410);
    expect(res.json().error).toMatchObject({ code: 'LINK_EXPIRED' });
    expect(res.json().error.message).toMatch(
      /^Este enlace caducó el \d\d\/\d\d\/\d{4}\. .*pida uno nuevo a Conservas del Ebro S\.A\./,
    );
    // Delivered yesterday: open until 6 more days have passed.
    expect((await publico(`/api/envio/${tokenOf(porDefecto.url)}`)).statusCode).toBe(200);
    vi.spyOn(clock, 'now').mockImplementation(() => new Date(now + 6 * DIA + 60_000));
    expect((await publico(`/api/envio/${tokenOf(porDefecto.url)}`)).statusCode).toBe(410);
  });

  it('a delivery moved earlier moves the default expiry with it', async () => {
    const enlace = (await crear()).json<Json>();
    const token = tokenOf(enlace.url);
    await demo.handle.db
      .updateTable('portes')
      .set({ entregado_at: new Date(Date.now() - 10 * DIA).toISOString() })
      .where('id', '=', porteId)
      .execute();
    try {
      expect((await publico(`/api/envio/${token}`)).statusCode).toBe(410);
      // A shipment delivered more than 7 days ago takes a link only with its days chosen.
      const refused = await crear();
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('SHIPMENT_DELIVERED');
      expect((await crear({ dias: 7 })).statusCode).toBe(201);
    } finally {
      await demo.handle.db
        .updateTable('portes')
        .set({ entregado_at: new Date(Date.now() - DIA).toISOString() })
        .where('id', '=', porteId)
        .execute();
    }
    expect((await publico(`/api/envio/${token}`)).statusCode).toBe(200);
  });

  it('e-mails the link through the outbox with a token of its own, stored only as a hash', async () => {
    const res = await crear({ email: 'Almacen@Destino.example' });
    expect(res.statusCode).toBe(201);
    const enlace = res.json<Json>();
    expect(enlace.destinatario_email).toBe('almacen@destino.example');
    const dir = outboxDir(demo.app.config.dataDir);
    const antes = new Set(outboxFiles(dir));
    await demo.app.outbox.runOnce();
    const nuevo = outboxFiles(dir).find((f) => !antes.has(f));
    expect(nuevo).toBeDefined();
    const mail = readEml(dir, nuevo!);
    expect(mail.headers['to']).toContain('almacen@destino.example');
    const link = /https?:\/\/\S+\/envio\/([A-Za-z0-9_-]{43})/.exec(mail.text);
    expect(link).not.toBeNull();
    const token = link![1]!;
    expect(token).not.toBe(tokenOf(enlace.url));
    const row = await demo.handle.db
      .selectFrom('enlaces_porte')
      .select('token_hash_correo')
      .where('id', '=', enlace.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash_correo).toBe(envioTokenHash(token));
    const eventos = await demo.handle.db
      .selectFrom('eventos')
      .select('payload')
      .where('tipo', '=', 'enlace_porte.correo')
      .execute();
    expect(JSON.stringify(eventos)).not.toContain(token);
    // Both copies open the same link, and one revocation closes both.
    expect((await publico(`/api/envio/${token}`)).statusCode).toBe(200);
    await demo.cliente.request('DELETE', `/api/clientes/enlaces-porte/${enlace.id}`);
    expect((await publico(`/api/envio/${token}`)).statusCode).toBe(410);
  });

  it('the ERP makes a link with its key’s scope', async () => {
    const { key } = await createApiKey(demo.handle.db, {
      nombre: 'ERP',
      scopes: ['enlaces:write'],
    });
    const res = await demo.app.inject({
      method: 'POST',
      url: `/api/integration/v1/portes/${encodeURIComponent(partida)}/enlaces`,
      headers: { authorization: `Bearer ${key}` },
      payload: { factura: true, dias: 30 },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ creado_por: 'ERP (ERP)', factura: true, activo: true });
    const envio = (await publico(`/api/envio/${tokenOf(res.json<Json>().url)}`)).json<Json>();
    expect(envio.documentos.map((d: Json) => d.id)).toContain(facturaArchivoId);
    const missing = await demo.app.inject({
      method: 'POST',
      url: '/api/integration/v1/portes/NO-EXISTE/enlaces',
      headers: { authorization: `Bearer ${key}` },
      payload: {},
    });
    expect(missing.statusCode).toBe(404);
  });

  it('subscribes an e-mail to the shipment’s notices', async () => {
    const token = tokenOf((await crear({ dias: 2 })).json<Json>().url);
    const bad = await publico(`/api/envio/${token}/avisos`, 'POST', { email: 'no-es-correo' });
    expect(bad.statusCode).toBe(400);
    for (let i = 0; i < 2; i++) {
      const ok = await publico(`/api/envio/${token}/avisos`, 'POST', {
        email: 'Yo@Destino.example',
      });
      expect(ok.statusCode).toBe(204);
    }
    const rows = await demo.handle.db
      .selectFrom('enlaces_porte_avisos')
      .select('email')
      .where('email', '=', 'yo@destino.example')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('limits the public calls per client address, with a Spanish 429', async () => {
    const remoteAddress = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.9`;
    const answers: number[] = [];
    for (let i = 0; i <= LIMITE_ENVIO_POR_MINUTO.lectura; i++) {
      const res = await demo.app.inject({
        method: 'GET',
        url: '/api/envio/adivinado-0123456789',
        remoteAddress,
      });
      answers.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json().error.message).toMatch(/^Demasiados intentos\. Espere \d+ segundos/);
      }
    }
    expect(answers.slice(0, LIMITE_ENVIO_POR_MINUTO.lectura).every((s) => s === 404)).toBe(true);
    expect(answers.at(-1)).toBe(429);
  });
});
