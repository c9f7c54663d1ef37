import type { Novedad } from '@extranet/contracts/integracion/eventos';
import type { Novedades } from '@extranet/contracts/integracion/novedades';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../../app.js';
import { DEMO_USERS } from '../../../db/seed/demo.js';
import { recordEvent } from '../../../outbox/events.js';
import { demoClientesApp } from '../../../test/clientes.js';
import { testDatabases, type TestDatabaseHandle } from '../../../test/databases.js';
import { insertCarga } from '../../../test/proveedores.js';
import { signedIn, type TestBrowser } from '../../../test/session.js';
import { createApiKey } from '../../api-keys/service.js';
import { cursorNovedades } from './service.js';

const URL = '/api/integration/v1/novedades';

/** The text of a suggestion event (the other types have none). */
const textoDe = (n: Novedad) => (n.tipo === 'sugerencia.recibida' ? n.payload.texto : undefined);

describe.each(testDatabases())('API de integración: novedades ($name)', ({ name, open }) => {
  let handle: TestDatabaseHandle;
  let app: App;
  let key: string;
  let sinPermiso: string;
  let cliente: TestBrowser;
  let proveedor: TestBrowser;

  beforeAll(async () => {
    handle = await open();
    app = await demoClientesApp(handle);
    key = (await createApiKey(app.db, { nombre: 'ERP', scopes: ['novedades:read'] })).key;
    sinPermiso = (await createApiKey(app.db, { nombre: 'CRM', scopes: ['portes:write'] })).key;
    cliente = await signedIn(app, DEMO_USERS.cliente.email);
    proveedor = await signedIn(app, DEMO_USERS.proveedor.email, { portal: 'proveedores' });
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await handle.dispose();
  });

  const get = (query = '', apiKey = key) =>
    app.inject({
      method: 'GET',
      url: `${URL}${query}`,
      headers: { authorization: `Bearer ${apiKey}` },
    });

  /** Reads from cursor `desde` to the end, page by page; returns the items and the last cursor. */
  async function leerTodo(desde: string | null, extra = '') {
    const items: Novedad[] = [];
    let cursor = desde;
    for (;;) {
      const res = await get(`?limit=2${extra}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const page = res.json<Novedades>();
      items.push(...page.items);
      cursor = page.nextCursor;
      if (page.items.length < 2) return { items, nextCursor: cursor };
    }
  }

  it('documentada en OpenAPI con su ejemplo', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const op = doc.paths['/api/integration/v1/novedades'].get;
    expect(op.parameters.map((p: { name: string }) => p.name).sort()).toEqual([
      'cursor',
      'limit',
      'tipos',
    ]);
    expect(JSON.stringify(op.responses['200'])).toContain('WyJub3ZlZGFkZXMiLDEwNDNd');
  });

  it('sin clave 401, sin el permiso novedades:read 403', async () => {
    const anon = await app.inject({ method: 'GET', url: URL });
    expect(anon.statusCode).toBe(401);
    const res = await get('', sinPermiso);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('INSUFFICIENT_SCOPE');
  });

  it('lo ocurrido en el portal, en orden de evento, y se reanuda con nextCursor', async () => {
    const inicio = await leerTodo(null);
    // Activity in the portals: a suggestion, an offer created, edited and withdrawn, and a
    // prevention document acknowledged (twice: only the first is news).
    const sug = await cliente.post('/api/clientes/sugerencias', { texto: 'Novedad ERP' });
    expect(sug.statusCode).toBe(201);
    const carga = await insertCarga(handle.db);
    const oferta = await proveedor.post(`/api/proveedores/cargas/${carga}/ofertas`, {
      precio_centimos: 99_000,
    });
    expect(oferta.statusCode, oferta.body).toBe(201);
    const ofertaId = oferta.json<{ id: number }>().id;
    const editada = await proveedor.request('PATCH', `/api/proveedores/ofertas/${ofertaId}`, {
      payload: { precio_centimos: 95_000 },
    });
    expect(editada.statusCode, editada.body).toBe(200);
    expect((await proveedor.post(`/api/proveedores/ofertas/${ofertaId}/retirar`)).statusCode).toBe(
      200,
    );
    const docs = await proveedor.get('/api/proveedores/prevencion');
    const doc = docs
      .json<{ items: Array<{ id: number; leido_at: string | null }> }>()
      .items.find((d) => d.leido_at === null)!;
    expect((await proveedor.post(`/api/proveedores/prevencion/${doc.id}/leido`)).statusCode).toBe(
      200,
    );
    expect((await proveedor.post(`/api/proveedores/prevencion/${doc.id}/leido`)).statusCode).toBe(
      200,
    );
    // Not a novelty for the ERP: it sent the shipment itself.
    await handle.db.transaction().execute((trx) =>
      recordEvent(trx, 'porte.entregado', {
        porte_id: 1,
        partida: 'X',
        cliente_id: 999_999,
        ref_cliente: null,
        origen_poblacion: 'A',
        origen_pais_iso: 'ES',
        destino_poblacion: 'B',
        destino_pais_iso: 'ES',
        fecha_carga_prevista: '2026-11-20',
        fecha_entrega_prevista: null,
        entregado_at: null,
      }),
    );

    const { items, nextCursor } = await leerTodo(inicio.nextCursor);
    expect(items.map((i) => i.tipo)).toEqual([
      'sugerencia.recibida',
      'oferta.creada',
      'oferta.editada',
      'oferta.retirada',
      'prevencion.leida',
    ]);
    const ids = items.map((i) => i.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(items[2]!.payload).toMatchObject({
      oferta_id: ofertaId,
      carga_id: carga,
      precio_centimos: 95_000,
      antes: { precio_centimos: 99_000 },
    });
    expect(items[3]!.payload).toMatchObject({ oferta_id: ofertaId, carga_id: carga });
    expect(items[4]!.payload).toMatchObject({ documento_id: doc.id, titulo: expect.any(String) });
    expect(typeof items[0]!.created_at).toBe('string');

    // Nothing new since: same cursor, no items. A new event appears after it, alone.
    const nada = await get(`?cursor=${nextCursor}`);
    expect(nada.json()).toEqual({ items: [], nextCursor });
    await cliente.post('/api/clientes/sugerencias', { texto: 'Otra más' });
    const despues = (await get(`?cursor=${nextCursor}`)).json<Novedades>();
    expect(despues.items.map((i) => [i.tipo, textoDe(i)])).toEqual([
      ['sugerencia.recibida', 'Otra más'],
    ]);
  });

  it('tipos filtra; el cursor salta los de otros tipos ya vistos', async () => {
    const base = (await leerTodo(null)).nextCursor;
    await cliente.post('/api/clientes/sugerencias', { texto: 'Filtrada fuera' });
    const solo = (
      await get(`?cursor=${base}&tipos=oferta.creada,prevencion.leida`)
    ).json<Novedades>();
    expect(solo.items).toEqual([]);
    // The suggestion is behind the new cursor: it is not read again with other types either.
    const luego = (await get(`?cursor=${solo.nextCursor}`)).json<Novedades>();
    expect(luego.items).toEqual([]);
    const todas = (await get(`?cursor=${base}&tipos=sugerencia.recibida`)).json<Novedades>();
    expect(todas.items.map((i) => textoDe(i))).toEqual(['Filtrada fuera']);
  });

  it('cursor o tipo no válidos, límite fuera de rango: 400 en español', async () => {
    for (const cursor of ['nada', cursorNovedades(1).slice(0, -2), 'WyJvdHJvIiwxXQ']) {
      const res = await get(`?cursor=${cursor}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().error).toEqual({
        code: 'INVALID_CURSOR',
        message: 'El cursor de paginación no es válido.',
      });
    }
    const tipo = await get('?tipos=oferta.creada,porte.entregado');
    expect(tipo.statusCode).toBe(400);
    expect(JSON.stringify(tipo.json())).toContain('Tipo de novedad no válido: porte.entregado');
    expect((await get('?limit=0')).statusCode).toBe(400);
    expect((await get('?limit=1001')).statusCode).toBe(400);
  });

  it.runIf(name === 'postgres')(
    'estable con inserciones concurrentes: un evento anterior aún sin confirmar no se salta',
    async () => {
      const base = (await leerTodo(null)).nextCursor;
      let commitA!: () => void;
      const gate = new Promise<void>((resolve) => (commitA = resolve));
      let recordedA!: () => void;
      const aRecorded = new Promise<void>((resolve) => (recordedA = resolve));
      const sugerencia = (texto: string) => ({
        sugerencia_id: 1,
        cliente_id: 1,
        usuario_id: null,
        asunto: null,
        texto,
      });
      // A takes the lower id and stays open; B takes a higher id and commits first.
      const a = handle.db.transaction().execute(async (trx) => {
        await recordEvent(trx, 'sugerencia.recibida', sugerencia('A'));
        recordedA();
        await gate;
      });
      await aRecorded;
      await handle.db
        .transaction()
        .execute((trx) => recordEvent(trx, 'sugerencia.recibida', sugerencia('B')));
      const read = get(`?cursor=${base}&tipos=sugerencia.recibida`);
      // A commits only once the read is blocked on it, waiting for its lock.
      const readWaits = async () => {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n
          from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`.execute(handle.db);
        return rows[0]!.n > 0;
      };
      try {
        await vi.waitUntil(readWaits, { timeout: 5000, interval: 20 });
      } finally {
        commitA();
      }
      const page = (await read).json<Novedades>();
      await a;
      // Without waiting for A, the read would return B alone and its cursor would skip A.
      expect(page.items.map((i) => textoDe(i))).toEqual(['A', 'B']);
    },
  );
});
