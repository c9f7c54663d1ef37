import { randomUUID } from 'node:crypto';
import {
  EventoTransporteEta,
  EventoTransporteParada,
} from '@extranet/contracts/integracion/eventos-conductor';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clock } from '../../lib/clock.js';
import { clienteIdOf } from '../../test/clientes.js';
import { enlaceConductor, MADRID, transporteConPorte } from '../../test/conductor.js';
import { testDatabases } from '../../test/databases.js';
import {
  multipart,
  otherCarrierTransporte,
  PNG_BYTES,
  useDemoCarrier,
} from '../../test/transportes.js';
import { LIMITE_CONDUCTOR_POR_MINUTO } from './routes.js';
import { driverTokenHash, HORAS_TRAS_ULTIMA_ENTREGA } from './service.js';

const MIN = 60_000;

describe.each(testDatabases())('enlace del conductor ($name)', ({ open }) => {
  const demo = useDemoCarrier(open);
  let clienteId: number;

  beforeAll(async () => {
    clienteId = await clienteIdOf(demo.handle, 'Conservas del Ebro S.A.');
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** A transport of the demo carrier, Madrid → Zaragoza, loading today, with one shipment. */
  const transporte = (estado: 'asignado' | 'en_transito' = 'asignado') =>
    transporteConPorte(demo.handle, { proveedorId: demo.proveedorId, clienteId, estado });

  /** A transport with a live driver link: its id, leg, shipment and token. */
  async function conEnlace(estado: 'asignado' | 'en_transito' = 'asignado') {
    const t = await transporte(estado);
    return { ...t, token: await enlaceConductor(demo.browser, t.id) };
  }

  const publico = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    demo.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const ping = (id: string, punto: { lat: number; lng: number }, minutosAntes: number) => ({
    id,
    ...punto,
    tomada_at: new Date(clock.now().getTime() - minutosAntes * MIN).toISOString(),
  });

  async function countRows(table: 'posiciones_conductor' | 'seguimiento', id: number) {
    const column = table === 'seguimiento' ? 'porte_id' : 'transporte_id';
    const row = await demo.handle.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(column, '=', id)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async function eventos(tipo: string) {
    const rows = await demo.handle.db
      .selectFrom('eventos')
      .select('payload')
      .where('tipo', '=', tipo)
      .orderBy('id')
      .execute();
    return rows.map((r) => JSON.parse(r.payload) as Record<string, unknown>);
  }

  it('creates one live link per own transport, lists and revokes it; stores only a hash', async () => {
    const t = await transporte();
    const path = `/api/proveedores/transportes/${t.id}/enlaces-conductor`;
    const first = await demo.browser.post(path, {});
    expect(first.statusCode).toBe(201);
    const creado = first.json();
    expect(creado.url).toMatch(
      new RegExp(`^${demo.app.config.publicUrl}/conductor/[A-Za-z0-9_-]{43}$`),
    );
    const token = creado.url.split('/').at(-1);
    // Expires 48 h after the end of the delivery window (tomorrow 18:00 Madrid).
    const paradas = await demo.handle.db
      .selectFrom('transporte_paradas')
      .select(['tipo', 'ventana_hasta', 'orden'])
      .where('transporte_id', '=', t.id)
      .orderBy('orden')
      .execute();
    expect(paradas.map((p) => p.tipo)).toEqual(['carga', 'descarga']);
    expect(new Date(creado.expires_at).getTime()).toBe(
      new Date(paradas[1]!.ventana_hasta).getTime() + HORAS_TRAS_ULTIMA_ENTREGA * 3_600_000,
    );
    const stored = await demo.handle.db
      .selectFrom('enlaces_conductor')
      .select('token_hash')
      .where('id', '=', creado.id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(driverTokenHash(token));
    expect(stored.token_hash).not.toContain(token);

    const second = (await demo.browser.post(path, {})).json();
    const list = (await demo.browser.get(path)).json();
    expect(list.items.map((e: { id: number; activo: boolean }) => [e.id, e.activo])).toEqual([
      [second.id, true],
      [creado.id, false],
    ]);
    expect(JSON.stringify(list)).not.toContain(token);
    const replaced = await publico('GET', `/api/conductor/${token}`);
    expect(replaced.statusCode).toBe(410);
    expect(replaced.json()).toEqual({
      error: {
        code: 'LINK_REVOKED',
        message: 'El transportista ha anulado este enlace. Pídale uno nuevo.',
      },
    });

    expect(
      (await demo.browser.request('DELETE', `/api/proveedores/enlaces-conductor/${second.id}`))
        .statusCode,
    ).toBe(204);
    const secondToken = second.url.split('/').at(-1);
    expect((await publico('GET', `/api/conductor/${secondToken}`)).statusCode).toBe(410);
    expect(
      (await demo.browser.request('DELETE', '/api/proveedores/enlaces-conductor/999999'))
        .statusCode,
    ).toBe(404);
  });

  it("refuses a link for another carrier's transport, or a closed one", async () => {
    const ajeno = await otherCarrierTransporte(demo.handle, demo.proveedorId);
    const res = await demo.browser.post(
      `/api/proveedores/transportes/${ajeno.id}/enlaces-conductor`,
      {},
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Transporte no encontrado.');
    expect(
      (await demo.browser.get(`/api/proveedores/transportes/${ajeno.id}/enlaces-conductor`))
        .statusCode,
    ).toBe(404);
    const cerrado = await transporte();
    await demo.handle.db
      .updateTable('transportes')
      .set({ estado: 'entregado' })
      .where('id', '=', cerrado.id)
      .execute();
    const closed = await demo.browser.post(
      `/api/proveedores/transportes/${cerrado.id}/enlaces-conductor`,
      {},
    );
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.message).toBe(
      'El transporte ya está entregado: no admite enlace del conductor.',
    );
    const anon = await demo.app.inject({
      method: 'POST',
      url: `/api/proveedores/transportes/${cerrado.id}/enlaces-conductor`,
    });
    expect(anon.statusCode).toBe(401);
  });

  it('shows the driver the stops in order, without prices; unknown and expired links refused', async () => {
    const { token, subpartidaId } = await conEnlace();
    const res = await publico('GET', `/api/conductor/${token}`);
    expect(res.statusCode).toBe(200);
    const viaje = res.json();
    expect(viaje.transporte).toMatchObject({ matricula: '1234ABC', estado: 'asignado' });
    expect(
      viaje.paradas.map((p: { tipo: string; poblacion: string }) => `${p.tipo} ${p.poblacion}`),
    ).toEqual(['carga Madrid', 'descarga Zaragoza']);
    expect(viaje.paradas[1].subpartida_id).toBe(subpartidaId);
    expect(viaje.subpartidas).toEqual([
      expect.objectContaining({ id: subpartidaId, cmr_subido: false }),
    ]);
    expect(viaje.eta).toBeNull();
    expect(res.body).not.toMatch(/importe|precio|98765/);
    expect(res.headers['cache-control']).toBe('no-store');

    const unknown = await publico('GET', '/api/conductor/no-existe-0123456789');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Enlace no válido.');

    const after = new Date(new Date(viaje.expires_at).getTime() + 1000);
    vi.spyOn(clock, 'now').mockImplementation(() => after);
    const expired = await publico('GET', `/api/conductor/${token}`);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({
      error: { code: 'LINK_EXPIRED', message: 'Este enlace ha caducado.' },
    });
  });

  it('stores a batch of pings once, whatever is resent, and refuses invalid ones', async () => {
    const { id, token } = await conEnlace();
    const url = `/api/conductor/${token}/posiciones`;
    const ruta = [
      ping('p1', MADRID, 20),
      ping('p2', { lat: 40.5, lng: -3.55 }, 10),
      ping('p3', { lat: 40.6, lng: -3.4 }, 0),
    ];
    const futuro = {
      ...ping('fut', MADRID, 0),
      tomada_at: new Date(clock.now().getTime() + 10 * MIN).toISOString(),
    };
    const salto = ping('salto', { lat: 41.3874, lng: 2.1686 }, 5);
    const first = await publico('POST', url, { posiciones: [...ruta, futuro, salto] });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      aceptadas: 3,
      duplicadas: 0,
      rechazadas: [
        { id: 'salto', motivo: 'salto' },
        { id: 'fut', motivo: 'futuro' },
      ],
    });
    expect(await countRows('posiciones_conductor', id)).toBe(3);

    // The offline queue resends everything, plus one new ping.
    const again = await publico('POST', url, {
      posiciones: [...ruta, ping('p4', { lat: 40.62, lng: -3.38 }, 0)],
    });
    expect(again.json()).toMatchObject({ aceptadas: 1, duplicadas: 3, rechazadas: [] });
    expect(await countRows('posiciones_conductor', id)).toBe(4);

    // Two copies of one batch racing: each ping stored once.
    const lote = {
      posiciones: [
        ping('c1', { lat: 40.63, lng: -3.37 }, 0),
        ping('c2', { lat: 40.64, lng: -3.36 }, 0),
      ],
    };
    const [a, b] = await Promise.all([publico('POST', url, lote), publico('POST', url, lote)]);
    expect(a.json().aceptadas + b.json().aceptadas).toBe(2);
    expect(a.json().duplicadas + b.json().duplicadas).toBe(2);
    expect(await countRows('posiciones_conductor', id)).toBe(6);

    const invalid = await publico('POST', url, {
      posiciones: [{ id: 'x', lat: 95, lng: 0, tomada_at: 'ayer' }],
    });
    expect(invalid.statusCode).toBe(400);
    expect((await publico('POST', url, { posiciones: [] })).statusCode).toBe(400);
  });

  it('judges a new ping against the stored one just before it, even when the batch starts with resent ones', async () => {
    const { id, token } = await conEnlace();
    const url = `/api/conductor/${token}/posiciones`;
    // Stored: Madrid an hour ago, then 40 km on (40 km in 49 min) a minute before the new one.
    const a = ping('a', MADRID, 60);
    const b = ping('b', { lat: 40.75, lng: -3.45 }, 11);
    expect((await publico('POST', url, { posiciones: [a, b] })).json().aceptadas).toBe(2);
    // The queue resends `a` with a ping back at Madrid: 40 km from `b` in one minute.
    const res = await publico('POST', url, { posiciones: [a, ping('c', MADRID, 10)] });
    expect(res.json()).toMatchObject({
      aceptadas: 0,
      duplicadas: 1,
      rechazadas: [{ id: 'c', motivo: 'salto' }],
    });
    expect(await countRows('posiciones_conductor', id)).toBe(2);
    // The ETA stays the one `b` gave.
    expect(res.json().eta).toMatchObject({ lat: 40.75, lng: -3.45 });
  });

  it('stores the ETA on each batch: km to go, per-stop ETA and the shipment status', async () => {
    const { id, token } = await conEnlace();
    const res = await publico('POST', `/api/conductor/${token}/posiciones`, {
      posiciones: [ping('a', MADRID, 0)],
    });
    const eta = res.json().eta;
    expect(eta).toMatchObject({ lat: MADRID.lat, lng: MADRID.lng, velocidad_kmh: 65 });
    // Madrid → Zaragoza: ≈ 274 km straight, × 1.3 road factor.
    expect(eta.km_restantes).toBeGreaterThan(350);
    expect(eta.km_restantes).toBeLessThan(365);
    const stored = await demo.handle.db
      .selectFrom('transporte_eta')
      .selectAll()
      .where('transporte_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.estado).toBe(eta.estado);
    const viaje = (await publico('GET', `/api/conductor/${token}`)).json();
    expect(viaje.eta).toEqual(eta);
    const descarga = viaje.paradas[1];
    expect(descarga.km_restantes).toBe(eta.km_restantes);
    expect(new Date(descarga.eta_desde) < new Date(descarga.eta_at)).toBe(true);
    expect(new Date(descarga.eta_at) < new Date(descarga.eta_hasta)).toBe(true);

    // The unloading window now closes in 30 minutes: the truck, 5 h away, is late.
    const cierre = new Date(clock.now().getTime() + 30 * MIN).toISOString();
    await demo.handle.db
      .updateTable('transporte_paradas')
      .set({ ventana_hasta: cierre })
      .where('transporte_id', '=', id)
      .execute();
    const late = await publico('POST', `/api/conductor/${token}/posiciones`, {
      posiciones: [ping('b', { lat: 40.42, lng: -3.7 }, 0)],
    });
    expect(late.json().eta.estado).toBe('con_retraso');
    const cambio = (await eventos('transporte.eta'))
      .filter((e) => e['transporte_id'] === id)
      .at(-1);
    expect(cambio).toMatchObject({ estado: 'con_retraso', referencia: expect.any(String) });
    // What webhooks receive matches its published schema.
    expect(EventoTransporteEta.safeParse(cambio).success).toBe(true);
  });

  it('turns stop events into tracking stops and outbox events, once per event id', async () => {
    const { id, token, porteId, partida } = await conEnlace();
    const viaje = (await publico('GET', `/api/conductor/${token}`)).json();
    const [carga, descarga] = viaje.paradas as Array<{ id: number }>;
    const url = (parada: { id: number }) => `/api/conductor/${token}/paradas/${parada.id}/eventos`;
    const llegada = { id: randomUUID(), tipo: 'llegada', ocurrido_at: new Date().toISOString() };
    const first = await publico('POST', url(carga!), llegada);
    expect(first.statusCode).toBe(201);
    const again = await publico('POST', url(carga!), llegada);
    expect(again.json()).toEqual(first.json());
    expect(await countRows('seguimiento', porteId)).toBe(1);
    const stop = await demo.handle.db
      .selectFrom('seguimiento')
      .selectAll()
      .where('porte_id', '=', porteId)
      .executeTakeFirstOrThrow();
    expect(stop).toMatchObject({
      partida,
      comentarios: 'Llegada al punto de carga',
      poblacion: 'Madrid',
    });
    const told = (await eventos('transporte.parada')).filter((e) => e['transporte_id'] === id);
    expect(told).toEqual([
      expect.objectContaining({
        tipo: 'llegada',
        partidas: [partida],
        parada: expect.objectContaining({ tipo: 'carga' }),
      }),
    ]);
    expect(EventoTransporteParada.safeParse(told[0]).success).toBe(true);

    const wrong = await publico('POST', url(carga!), {
      id: randomUUID(),
      tipo: 'descarga',
      ocurrido_at: new Date().toISOString(),
    });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().error.message).toBe('Esta parada es de carga: márquela como cargada.');
    const reused = await publico('POST', url(carga!), { ...llegada, tipo: 'carga' });
    expect(reused.statusCode).toBe(409);

    expect(
      (
        await publico('POST', url(carga!), {
          id: randomUUID(),
          tipo: 'carga',
          ocurrido_at: new Date().toISOString(),
        })
      ).statusCode,
    ).toBe(201);
    const estado = await demo.handle.db
      .selectFrom('transportes')
      .select('estado')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(estado.estado).toBe('en_transito');

    const sinTexto = await publico('POST', url(descarga!), {
      id: randomUUID(),
      tipo: 'incidencia',
      ocurrido_at: new Date().toISOString(),
    });
    expect(sinTexto.statusCode).toBe(400);
    const incidencia = await publico('POST', url(descarga!), {
      id: randomUUID(),
      tipo: 'incidencia',
      texto: 'Muelle ocupado',
      ocurrido_at: new Date().toISOString(),
    });
    expect(incidencia.statusCode).toBe(201);
    const comentarios = await demo.handle.db
      .selectFrom('seguimiento')
      .select('comentarios')
      .where('porte_id', '=', porteId)
      .orderBy('id')
      .execute();
    expect(comentarios.map((c) => c.comentarios)).toEqual([
      'Llegada al punto de carga',
      'Mercancía cargada',
      'Incidencia: Muelle ocupado',
    ]);

    // Two copies of one event racing (a retry while the first is in flight): recorded once.
    const doble = { id: randomUUID(), tipo: 'llegada', ocurrido_at: new Date().toISOString() };
    const [x, y] = await Promise.all([
      publico('POST', url(descarga!), doble),
      publico('POST', url(descarga!), doble),
    ]);
    expect([x.statusCode, y.statusCode]).toEqual([201, 201]);
    expect(x.json().id).toBe(y.json().id);
    expect(await countRows('seguimiento', porteId)).toBe(4);

    const foto = `/api/conductor/${token}/eventos/${incidencia.json().id}/foto`;
    const body = multipart({}, { filename: 'muelle.png', content: PNG_BYTES, type: 'image/png' });
    const subida = await demo.app.inject({
      method: 'POST',
      url: foto,
      payload: body.payload,
      headers: body.headers,
    });
    expect(subida.statusCode).toBe(201);
    expect(subida.json()).toMatchObject({ tipo: 'incidencia', con_foto: true });
    const otra = await demo.app.inject({
      method: 'POST',
      url: foto,
      payload: body.payload,
      headers: body.headers,
    });
    expect(otra.statusCode).toBe(409);
    expect(
      (await publico('POST', `/api/conductor/${token}/paradas/999999/eventos`, llegada)).statusCode,
    ).toBe(404);
  });

  it("uploads the driver's CMR photo as the leg's CMR, only for the link's transport", async () => {
    const { token, subpartidaId } = await conEnlace('en_transito');
    const ajeno = await otherCarrierTransporte(demo.handle, demo.proveedorId);
    const body = multipart({}, { filename: 'cmr.png', content: PNG_BYTES, type: 'image/png' });
    const send = (legId: number) =>
      demo.app.inject({
        method: 'POST',
        url: `/api/conductor/${token}/subpartidas/${legId}/cmr`,
        payload: body.payload,
        headers: body.headers,
      });
    expect((await send(ajeno.subpartida_id)).statusCode).toBe(404);
    const res = await send(subpartidaId);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ id: subpartidaId, cmr_subido: true });
    const leg = await demo.handle.db
      .selectFrom('subpartidas')
      .select('cmr_archivo_id')
      .where('id', '=', subpartidaId)
      .executeTakeFirstOrThrow();
    expect(leg.cmr_archivo_id).not.toBeNull();
    expect((await eventos('cmr.subido')).some((e) => e['subpartida_id'] === subpartidaId)).toBe(
      true,
    );
    const twice = await send(subpartidaId);
    expect(twice.statusCode).toBe(409);
  });

  it('limits the public calls per client address, with a Spanish 429', async () => {
    // An address of its own, so no other test's calls count.
    const remoteAddress = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;
    const answers: number[] = [];
    for (let i = 0; i <= LIMITE_CONDUCTOR_POR_MINUTO.lectura; i++) {
      const res = await demo.app.inject({
        method: 'GET',
        url: '/api/conductor/adivinado-0123456789',
        remoteAddress,
      });
      answers.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json().error.message).toMatch(/^Demasiados intentos\. Espere \d+ segundos/);
      }
    }
    expect(answers.slice(0, LIMITE_CONDUCTOR_POR_MINUTO.lectura).every((s) => s === 404)).toBe(
      true,
    );
    expect(answers.at(-1)).toBe(429);
  });
});
