import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { PorteActivo } from '@extranet/contracts/portes/porte';
import type { TrackingPorte } from '@extranet/contracts/tracking/tracking';
import type { TransporteDetalle } from '@extranet/contracts/transportes/transporte';
import type { Vehiculo } from '@extranet/contracts/vehiculos/vehiculo';
import { beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../lib/clock.js';
import { fechaHoraEs } from '../../lib/csv.js';
import { partesMadrid } from '../../lib/madrid.js';
import { useClientesDemo, walk } from '../../test/clientes.js';
import { enlaceConductor, MADRID, transporteConPorte } from '../../test/conductor.js';
import { csvLines } from '../../test/csv.js';
import { testDatabases } from '../../test/databases.js';
import { signedIn, type TestBrowser } from '../../test/session.js';
import { createApiKey } from '../api-keys/service.js';

/*
 * Issue 17 point 4: what the customer, the carrier and the ERP see of a shipment on the road
 * with a driver link are the figures the conductor module stored, the same everywhere.
 */

const MIN = 60_000;
/** On the A-2 past Guadalajara, ~55 km from Madrid towards Zaragoza. */
const GUADALAJARA = { lat: 40.633, lng: -3.167 };

describe.each(testDatabases())('seguimiento en vivo del porte ($name)', ({ open }) => {
  const demo = useClientesDemo(open);
  let proveedor: TestBrowser;
  let proveedorId: number;
  let vehiculoId: number;

  beforeAll(async () => {
    proveedor = await signedIn(demo.app, 'proveedor@demo.es', { portal: 'proveedores' });
    const vehiculo = await demo.handle.db
      .selectFrom('vehiculos as v')
      .innerJoin('usuarios_proveedores as up', 'up.proveedor_id', 'v.proveedor_id')
      .innerJoin('usuarios as u', 'u.id', 'up.usuario_id')
      .select(['v.id', 'v.proveedor_id'])
      .where('u.email', '=', 'proveedor@demo.es')
      .where('v.activo', '=', 1)
      .orderBy('v.id')
      .executeTakeFirstOrThrow();
    proveedorId = vehiculo.proveedor_id;
    vehiculoId = vehiculo.id;
  });

  /** A transport on the road for the demo customer, with its driver link's token. */
  async function enRuta() {
    const t = await transporteConPorte(demo.handle, {
      proveedorId,
      clienteId: demo.clienteId,
      vehiculoId,
    });
    const token = await enlaceConductor(proveedor, t.id);
    // Windows around now, whatever the hour the test runs: loading open, delivery tomorrow.
    const ventana = (tipo: 'carga' | 'descarga', desde: number, hasta: number) =>
      demo.handle.db
        .updateTable('transporte_paradas')
        .set({ ventana_desde: hace(-desde * 60), ventana_hasta: hace(-hasta * 60) })
        .where('transporte_id', '=', t.id)
        .where('tipo', '=', tipo)
        .execute();
    await ventana('carga', -2, 2);
    await ventana('descarga', 1, 24);
    return { ...t, token };
  }

  const conductor = (url: string, payload: object) =>
    demo.app.inject({ method: 'POST', url, payload });
  const hace = (min: number) => new Date(clock.now().getTime() - min * MIN).toISOString();

  async function tracking(partida: string) {
    const res = await demo.cliente.get(`/api/clientes/portes/${partida}/tracking`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TrackingPorte>();
  }

  async function enLista(partida: string) {
    const items = await walk<PorteActivo>(demo.cliente, '/api/clientes/portes?limit=200');
    const row = items.find((p) => p.partida === partida);
    expect(row, partida).toBeDefined();
    return row!;
  }

  it("posición actual: the driver's last ping, stamped with the time the phone took it", async () => {
    const { token, partida } = await enRuta();
    const viaje = (await demo.app.inject({ method: 'GET', url: `/api/conductor/${token}` })).json<{
      paradas: Array<{ id: number; tipo: string }>;
    }>();
    const carga = viaje.paradas.find((p) => p.tipo === 'carga')!;
    // Loaded in Madrid an hour ago: a tracking stop with coordinates and that time.
    for (const tipo of ['llegada', 'carga']) {
      const res = await conductor(`/api/conductor/${token}/paradas/${carga.id}/eventos`, {
        id: randomUUID(),
        tipo,
        ocurrido_at: hace(60),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const tomada = hace(5);
    const pings = await conductor(`/api/conductor/${token}/posiciones`, {
      posiciones: [
        { id: 'p1', ...MADRID, tomada_at: hace(60) },
        { id: 'p2', ...GUADALAJARA, tomada_at: tomada },
      ],
    });
    expect(pings.json<{ aceptadas: number }>().aceptadas).toBe(2);

    const t = await tracking(partida);
    // It said the loading stop and its time: an hour off where and when the truck really is.
    expect(t.posicion_actual).toMatchObject({
      fuente: 'conductor',
      lat: GUADALAJARA.lat,
      lng: GUADALAJARA.lng,
      posicion_at: tomada,
    });
    expect(t.seguimiento).toMatchObject({ posicion_at: tomada, lat: GUADALAJARA.lat });
    const lista = await enLista(partida);
    expect(lista.seguimiento?.posicion_at).toBe(tomada);
  });

  it('the list, the tracking, the carrier and the ERP feed give one status, ETA, km and delay', async () => {
    const { id, token, partida } = await enRuta();
    const first = await conductor(`/api/conductor/${token}/posiciones`, {
      posiciones: [{ id: 'a', ...MADRID, tomada_at: hace(1) }],
    });
    expect(first.statusCode).toBe(200);
    let t = await tracking(partida);
    let lista = await enLista(partida);
    expect(t.seguimiento?.estado).toBe('a_tiempo');
    expect(lista.retraso).toBe(0);

    // The unloading window now closes in 30 minutes: the truck, 5 h away, will be late.
    await demo.handle.db
      .updateTable('transporte_paradas')
      .set({ ventana_hasta: new Date(clock.now().getTime() + 30 * MIN).toISOString() })
      .where('transporte_id', '=', id)
      .where('tipo', '=', 'descarga')
      .execute();
    await conductor(`/api/conductor/${token}/posiciones`, {
      posiciones: [{ id: 'b', lat: 40.42, lng: -3.7, tomada_at: hace(0) }],
    });
    t = await tracking(partida);
    lista = await enLista(partida);
    const entrega = t.paradas_previstas.find((p) => p.tipo === 'descarga')!;
    const vivo = t.seguimiento!;
    expect(vivo.estado).toBe('con_retraso');
    expect(entrega).toMatchObject({ estado: 'con_retraso', poblacion: 'Zaragoza' });
    // Issue 17: a delay on a stop while the list said "—". One figure, everywhere.
    expect(entrega.retraso).toBeGreaterThan(200);
    expect(vivo.retraso).toBe(entrega.retraso);
    expect(t.retraso).toBe(vivo.retraso);
    expect(lista.retraso).toBe(vivo.retraso);
    expect(lista.seguimiento).toEqual(vivo);
    // Km to go and the delivery ETA: the delivery stop's, in the list as in the tracking.
    expect(vivo.km_restantes).toBe(entrega.km_restantes);
    expect(t.kilometros_destino).toBe(vivo.km_restantes);
    expect(lista.kilometros_destino).toBe(vivo.km_restantes);
    expect(vivo.eta_at).toBe(entrega.eta_at);
    expect(new Date(vivo.eta_desde!) < new Date(vivo.eta_at!)).toBe(true);
    expect(new Date(vivo.eta_at!) < new Date(vivo.eta_hasta!)).toBe(true);

    // The export of the list (CSV and Excel): the same status, delivery ETA, position, km
    // and delay as the screen, in Madrid time.
    const csv = await demo.cliente.get(
      `/api/clientes/portes/export.csv?q=${encodeURIComponent(partida)}`,
    );
    expect(csv.statusCode, csv.body).toBe(200);
    const [cabecera, fila] = csvLines(csv.body).map((l) => l.split(';'));
    const celda = (col: string) => fila![cabecera!.indexOf(col)];
    expect(celda('Seguimiento')).toBe('Con retraso');
    expect(celda('ETA entrega')).toBe(fechaHoraEs(vivo.eta_at));
    expect(celda('Última posición')).toBe(fechaHoraEs(vivo.posicion_at));
    expect(celda('Km hasta destino')).toBe(String(vivo.km_restantes));
    expect(celda('Retraso')).toBe(String(vivo.retraso));
    const xlsx = await demo.cliente.get(
      `/api/clientes/portes/export.xlsx?q=${encodeURIComponent(partida)}`,
    );
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const hoja = libro.getWorksheet('Portes')!;
    const columna = (col: string) => (hoja.getRow(1).values as unknown[]).indexOf(col);
    const xfila = hoja.getRow(2);
    expect(xfila.getCell(columna('Seguimiento')).value).toBe('Con retraso');
    const eta = xfila.getCell(columna('ETA entrega'));
    expect(eta.numFmt).toBe('dd/mm/yyyy hh:mm');
    const { y, m, d, h, min } = partesMadrid(vivo.eta_at!);
    expect(eta.value).toEqual(new Date(Date.UTC(+y, +m - 1, +d, +h, +min)));
    expect(xfila.getCell(columna('Retraso')).value).toBe(vivo.retraso);

    // The carrier: the transport and the vehicle panel, the same position, km and status.
    const detalle = (
      await proveedor.get(`/api/proveedores/transportes/${id}`)
    ).json<TransporteDetalle>();
    expect(detalle.seguimiento).toMatchObject({
      lat: vivo.lat,
      lng: vivo.lng,
      posicion_at: vivo.posicion_at,
      estado: vivo.estado,
      km_restantes: vivo.km_restantes,
    });
    const vehiculos = await walk<Vehiculo>(proveedor, '/api/proveedores/vehiculos?limit=200');
    expect(vehiculos.find((v) => v.id === vehiculoId)).toMatchObject({
      ultima_lat: vivo.lat,
      ultima_lng: vivo.lng,
      ultima_posicion_at: vivo.posicion_at,
    });

    // The ERP's change feed: the status change with the same position and delivery ETA (its
    // first event, `estado_anterior: null`, made the feed answer 500).
    const { key } = await createApiKey(demo.app.db, { nombre: 'ERP', scopes: ['novedades:read'] });
    const feed = await demo.app.inject({
      method: 'GET',
      url: '/api/integration/v1/novedades?tipos=transporte.eta&limit=1000',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(feed.statusCode, feed.body).toBe(200);
    const cambio = feed
      .json<{ items: Array<{ payload: Record<string, unknown> }> }>()
      .items.map((n) => n.payload as unknown as EventoEta)
      .filter((p) => p.transporte_id === id)
      .at(-1)!;
    expect(cambio.estado).toBe(vivo.estado);
    expect(cambio.posicion).toEqual({ lat: vivo.lat, lng: vivo.lng, at: vivo.posicion_at });
    const enFeed = cambio.paradas.find((p) => p.parada_id === entrega.id)!;
    expect(enFeed).toMatchObject({
      km_restantes: entrega.km_restantes,
      eta_at: entrega.eta_at,
      eta_desde: entrega.eta_desde,
      eta_hasta: entrega.eta_hasta,
    });
  });

  it('a loading reached late, then caught up: the stop says how late, the shipment is on time everywhere', async () => {
    // Issue 17: "Retraso: N min" on a finished stop while the list said "—". The stop's delay
    // is a fact of the past ("Llegó con N min de retraso"); the shipment's is the one it
    // expects now, the same in the list, the tracking, the carrier's transport and the ERP.
    const { id, token, partida } = await enRuta();
    const cierre = new Date(clock.now().getTime() - 120 * MIN);
    await demo.handle.db
      .updateTable('transporte_paradas')
      .set({
        ventana_desde: new Date(cierre.getTime() - 600 * MIN).toISOString(),
        ventana_hasta: cierre.toISOString(),
      })
      .where('transporte_id', '=', id)
      .where('tipo', '=', 'carga')
      .execute();
    const viaje = (await demo.app.inject({ method: 'GET', url: `/api/conductor/${token}` })).json<{
      paradas: Array<{ id: number; tipo: string }>;
    }>();
    const carga = viaje.paradas.find((p) => p.tipo === 'carga')!;
    const llegada = new Date(cierre.getTime() + 90 * MIN).toISOString();
    for (const [tipo, at] of [
      ['llegada', llegada],
      // Loaded 20 min after arriving: the stop was still reached 90 min late.
      ['carga', new Date(cierre.getTime() + 110 * MIN).toISOString()],
    ] as const) {
      const res = await conductor(`/api/conductor/${token}/paradas/${carga.id}/eventos`, {
        id: randomUUID(),
        tipo,
        ocurrido_at: at,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    await conductor(`/api/conductor/${token}/posiciones`, {
      posiciones: [{ id: 'c', ...GUADALAJARA, tomada_at: hace(1) }],
    });

    const t = await tracking(partida);
    const enCarga = t.paradas.filter((p) => p.poblacion === 'Madrid');
    expect(enCarga.map((p) => p.retraso)).toEqual([90, 90]);
    expect(t.paradas_previstas.find((p) => p.id === carga.id)).toMatchObject({
      llegada_at: llegada,
      retraso: 90,
      eta_at: null,
    });
    expect(t.seguimiento).toMatchObject({ estado: 'a_tiempo', retraso: 0 });
    expect(t.retraso).toBe(0);
    expect(await enLista(partida)).toMatchObject({
      retraso: 0,
      seguimiento: { estado: 'a_tiempo', retraso: 0 },
    });
    const detalle = (
      await proveedor.get(`/api/proveedores/transportes/${id}`)
    ).json<TransporteDetalle>();
    expect(detalle.seguimiento?.estado).toBe('a_tiempo');

    const { key } = await createApiKey(demo.app.db, { nombre: 'ERP', scopes: ['novedades:read'] });
    const feed = await demo.app.inject({
      method: 'GET',
      url: '/api/integration/v1/novedades?tipos=transporte.parada,transporte.eta&limit=1000',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(feed.statusCode, feed.body).toBe(200);
    const deEste = feed
      .json<{ items: Array<{ tipo: string; payload: Record<string, unknown> }> }>()
      .items.filter((n) => n.payload.transporte_id === id);
    expect(
      deEste.filter((n) => n.tipo === 'transporte.parada').map((n) => n.payload.retraso_minutos),
    ).toEqual([90, 90]);
    const eta = deEste.filter((n) => n.tipo === 'transporte.eta').at(-1)!
      .payload as unknown as EventoEta;
    expect(eta.estado).toBe('a_tiempo');
    expect(eta.paradas.map((p) => p.retraso_minutos)).toEqual([0]);
  });

  it('without a driver link the figures are the latest reported stop’s, as before', async () => {
    const { partida } = await transporteConPorte(demo.handle, {
      proveedorId,
      clienteId: demo.clienteId,
    });
    const t = await tracking(partida);
    expect(t.seguimiento).toBeNull();
    expect(t.paradas_previstas).toEqual([]);
    expect(t.posicion_actual).toBeNull();
    expect(t.retraso).toBe(0);
    const lista = await enLista(partida);
    expect(lista).toMatchObject({ seguimiento: null, retraso: 0, kilometros_destino: null });
  });
});

interface EventoEta {
  transporte_id: number;
  estado: string;
  posicion: { lat: number; lng: number; at: string };
  paradas: Array<{ parada_id: number } & Record<string, unknown>>;
}
