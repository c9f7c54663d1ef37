import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config.js';
import { clock } from '../../lib/clock.js';
import { kmLineaRecta } from '@extranet/contracts/common/geo';
import { calcularEta, velocidadObservada, type PingEta } from '../../modules/conductor/eta.js';
import { fechaHoraMadrid, madridAUtc } from '../../lib/madrid.js';
import {
  createEnlaceConductor,
  recibirPosiciones,
  registrarEventoParada,
} from '../../modules/conductor/service.js';
import type { Database } from '../database.js';
import { PLACES, type Place } from './places.js';
import { RUTA_A2, RUTA_A2_GUADALAJARA } from './ruta-a2.js';

/*
 * The demo's live transport (issue 17.5): the demo carrier takes two shipments of the demo
 * customer from its plant in Zaragoza along the A-2, to Guadalajara and to Madrid. The seed
 * inserts its rows; `prepararViajeDemo` puts it on the road *now*, through the driver link's
 * own service calls (link, pings, arrival and loading), so its stops, tracking stops, ETA and
 * vehicle position are what the real path writes, never figures typed in apart.
 */

/** The transport's reference: `npm run cli -- viaje-demo` and the README name it. */
export const REFERENCIA_VIAJE_DEMO = 'TDEMO-A2';
/** The two shipments: to Guadalajara, then to Madrid. */
export const PARTIDAS_VIAJE_DEMO = ['2699001', '2699002'] as const;

/** Who receives each shipment of the demo trip (fictitious), in the order of its unloadings. */
const DESTINATARIOS_VIAJE_DEMO = [
  'Hipermercados del Henares S.L.',
  'Central Logística Vallecas S.A.',
];

/** Speed along the recorded route while driving (≈ 80 km/h by road at the 1.3 factor). */
const KMH_EN_RUTA = 62;
/** The truck arrived at the plant this long before now, and left loaded this long before. */
const LLEGADA_HACE_MIN = 125;
const SALIDA_HACE_MIN = 80;
/** The plant reported a ping this often while loading. */
const PING_PARADO_MIN = 10;
const MIN = 60_000;

function placeOf(name: string): Place {
  const found = PLACES.find((p) => p.poblacion === name);
  if (!found) throw new Error(`Población desconocida en la demo: ${name}`);
  return found;
}

function puntoDeRuta(i: number): { lat: number; lng: number } {
  const [lat, lng] = RUTA_A2[i]!;
  return { lat, lng };
}

const ZARAGOZA = { ...placeOf('Zaragoza'), ...puntoDeRuta(0) };
const MADRID = { ...placeOf('Madrid'), ...puntoDeRuta(RUTA_A2.length - 1) };
const GUADALAJARA: Place = {
  poblacion: 'Guadalajara',
  cp: '19004',
  pais: 'España',
  pais_iso: 'ES',
  ...puntoDeRuta(RUTA_A2_GUADALAJARA),
};

/** Km along the route from its start to each point (straight lines between the points). */
const KM_RUTA = RUTA_A2.reduce<number[]>((acc, _, i) => {
  acc.push(i === 0 ? 0 : acc[i - 1]! + kmLineaRecta(puntoDeRuta(i - 1), puntoDeRuta(i)));
  return acc;
}, []);

/**
 * Inserts the transport, its two shipments and legs (no stops, pings or tracking stops: those
 * come from `prepararViajeDemo`). Runs inside the demo seed's transaction.
 */
export async function insertViajeDemo(
  trx: Kysely<Database>,
  ids: {
    clienteId: number;
    proveedorId: number;
    vehiculo: { id: number; matricula: string; conductor: string };
  },
  fechas: { hoy: string; creado: string },
): Promise<void> {
  const { hoy, creado } = fechas;
  const destinos = [GUADALAJARA, MADRID];
  const portes = [];
  for (const [i, destino] of destinos.entries()) {
    portes.push(
      await trx
        .insertInto('portes')
        .values({
          partida: PARTIDAS_VIAJE_DEMO[i]!,
          cliente_id: ids.clienteId,
          ref_cliente: `PED-A2-0${i + 1}`,
          origen_poblacion: ZARAGOZA.poblacion,
          origen_cp: ZARAGOZA.cp,
          origen_pais_iso: ZARAGOZA.pais_iso,
          origen_lat: ZARAGOZA.lat,
          origen_lng: ZARAGOZA.lng,
          destino_poblacion: destino.poblacion,
          destino_cp: destino.cp,
          destino_pais_iso: destino.pais_iso,
          destino_lat: destino.lat,
          destino_lng: destino.lng,
          fecha_carga_prevista: hoy,
          fecha_entrega_prevista: hoy,
          bultos: i === 0 ? 12 : 20,
          peso_kg: i === 0 ? 6400 : 9800,
          p_facturable_kg: i === 0 ? 6400 : 9800,
          estado: 'en_transito',
          // The consignee the ERP sends: the driver's e-CMR starts with box 2 filled.
          destinatario_nombre: DESTINATARIOS_VIAJE_DEMO[i]!,
          created_at: creado,
        })
        .returning(['id', 'bultos', 'peso_kg'])
        .executeTakeFirstOrThrow(),
    );
  }
  const t = await trx
    .insertInto('transportes')
    .values({
      proveedor_id: ids.proveedorId,
      vehiculo_id: ids.vehiculo.id,
      referencia: REFERENCIA_VIAJE_DEMO,
      matricula: ids.vehiculo.matricula,
      conductor: ids.vehiculo.conductor,
      origen_poblacion: ZARAGOZA.poblacion,
      origen_cp: ZARAGOZA.cp,
      origen_pais_iso: ZARAGOZA.pais_iso,
      destino_poblacion: MADRID.poblacion,
      destino_cp: MADRID.cp,
      destino_pais_iso: MADRID.pais_iso,
      fecha_carga: hoy,
      fecha_descarga: hoy,
      importe_centimos: 61_000,
      estado: 'asignado',
      created_at: creado,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // One leg per shipment, from the plant to the shipment's own destination.
  for (const [i, porte] of portes.entries()) {
    await trx
      .insertInto('subpartidas')
      .values({
        transporte_id: t.id,
        numero: i + 1,
        porte_id: porte.id,
        origen_poblacion: ZARAGOZA.poblacion,
        destino_poblacion: destinos[i]!.poblacion,
        bultos: porte.bultos,
        peso_kg: porte.peso_kg,
      })
      .execute();
  }
}

/** The live demo transport: its driver link (the token is in the URL only) and shipments. */
export interface ViajeDemo {
  referencia: string;
  partidas: readonly string[];
  url: string;
  expiresAt: string;
}

/** Where the truck was at each moment of its morning: waiting at the plant, then driving. */
function trayecto(now: Date) {
  const llegada = now.getTime() - LLEGADA_HACE_MIN * MIN;
  const salida = now.getTime() - SALIDA_HACE_MIN * MIN;
  const parado: PingEta[] = [];
  for (let t = llegada; t < salida; t += PING_PARADO_MIN * MIN) {
    parado.push({ ...ZARAGOZA, at: new Date(t) });
  }
  const enRuta: PingEta[] = [];
  for (const [i, km] of KM_RUTA.entries()) {
    const at = salida + (km / KMH_EN_RUTA) * 3_600_000;
    // The last ping a minute ago: the phone sends while the page is open.
    if (at > now.getTime() - MIN) break;
    enRuta.push({ ...puntoDeRuta(i), at: new Date(at) });
  }
  return { llegada: new Date(llegada), salida: new Date(salida), parado, enRuta };
}

/**
 * The delivery days: today's when the truck makes the window (08:00–18:00 Madrid, as the
 * planner sets it), else the next day's, so the seeded shipment is on time whatever the hour
 * the demo starts at. Uses the ETA the server will compute from the same pings.
 */
function diasDeEntrega(now: Date, pings: readonly PingEta[]): [string, string] {
  const dia = (offset: number, base: Date) =>
    fechaHoraMadrid(new Date(base.getTime() + offset * 86_400_000)).fecha;
  const dias: [number, number] = [0, 0];
  const ultimo = pings.at(-1)!;
  for (let intento = 0; intento < 4; intento++) {
    const eta = calcularEta({
      posicion: ultimo,
      paradas: [GUADALAJARA, MADRID].map((p, i) => ({
        id: i,
        lat: p.lat,
        lng: p.lng,
        ventanaDesde: madridAUtc(dia(dias[i]!, now), '08:00'),
        ventanaHasta: madridAUtc(dia(dias[i]!, now), '18:00'),
        llegadaAt: null,
        completadaAt: null,
      })),
      velocidadKmh: velocidadObservada(pings),
      ahora: now,
    });
    const tarde = eta.paradas.findIndex((p) => p.estado !== 'a_tiempo');
    if (tarde < 0) break;
    // That stop and the ones after it move to the next day.
    for (let i = tarde; i < dias.length; i++) dias[i] = dias[tarde]! + 1;
  }
  return [dia(dias[0], now), dia(dias[1], now)];
}

/**
 * Puts the demo's live transport on the road now, whenever the demo starts: loaded at the
 * plant in Zaragoza a little over an hour ago, driving along the A-2 since. Anything earlier
 * on it (stops, pings, stop events, tracking stops) is replaced and a new driver link revokes
 * the earlier ones (only a hash is stored, so a link can be printed only when it is made). Null
 * without the demo data.
 */
export async function prepararViajeDemo(
  db: Kysely<Database>,
  config: Pick<AppConfig, 'publicUrl'>,
): Promise<ViajeDemo | null> {
  const transporte = await db
    .selectFrom('transportes')
    .select(['id', 'proveedor_id', 'vehiculo_id'])
    .where('referencia', '=', REFERENCIA_VIAJE_DEMO)
    .executeTakeFirst();
  if (!transporte) return null;
  const portes = await db
    .selectFrom('portes')
    .select(['id', 'partida'])
    .where('partida', 'in', [...PARTIDAS_VIAJE_DEMO])
    .orderBy('partida')
    .execute();
  const now = clock.now();
  const { llegada, salida, parado, enRuta } = trayecto(now);
  const carga = fechaHoraMadrid(salida).fecha;
  const [entregaGuadalajara, entregaMadrid] = diasDeEntrega(now, [...parado, ...enRuta]);
  await db.transaction().execute(async (trx) => {
    // The stop events go with their stops; earlier links stay, revoked by the new one.
    await trx.deleteFrom('transporte_paradas').where('transporte_id', '=', transporte.id).execute();
    await trx
      .deleteFrom('posiciones_conductor')
      .where('transporte_id', '=', transporte.id)
      .execute();
    await trx.deleteFrom('transporte_eta').where('transporte_id', '=', transporte.id).execute();
    await trx
      .deleteFrom('seguimiento')
      .where(
        'porte_id',
        'in',
        portes.map((p) => p.id),
      )
      .execute();
    for (const [i, porte] of portes.entries()) {
      await trx
        .updateTable('portes')
        .set({
          fecha_carga_prevista: carga,
          fecha_entrega_prevista: i === 0 ? entregaGuadalajara : entregaMadrid,
          estado: 'en_transito',
          entregado_at: null,
        })
        .where('id', '=', porte.id)
        .execute();
    }
    await trx
      .updateTable('subpartidas')
      .set({ cmr_archivo_id: null, cmr_subido_at: null })
      .where('transporte_id', '=', transporte.id)
      .execute();
    await trx
      .updateTable('transportes')
      .set({
        fecha_carga: carga,
        fecha_descarga: entregaMadrid,
        estado: 'asignado',
        updated_at: now.toISOString(),
      })
      .where('id', '=', transporte.id)
      .execute();
    if (transporte.vehiculo_id !== null) {
      // The vehicle panel shows what the driver's phone sends from now on.
      await trx
        .updateTable('vehiculos')
        .set({ ultima_posicion_at: null })
        .where('id', '=', transporte.vehiculo_id)
        .execute();
    }
  });

  const usuario = await db
    .selectFrom('usuarios_proveedores')
    .select('usuario_id')
    .where('proveedor_id', '=', transporte.proveedor_id)
    .orderBy('usuario_id')
    .executeTakeFirst();
  const enlace = await createEnlaceConductor(
    db,
    config,
    {
      proveedorId: transporte.proveedor_id,
      usuarioId: usuario?.usuario_id ?? null,
      ip: '127.0.0.1',
    },
    transporte.id,
  );
  const token = new URL(enlace.url).pathname.split('/').at(-1)!;
  const lote = (pings: readonly PingEta[], prefijo: string) => ({
    posiciones: pings.map((p, i) => ({
      id: `${prefijo}-${i}`,
      lat: p.lat,
      lng: p.lng,
      precision_m: 12,
      tomada_at: p.at.toISOString(),
    })),
  });
  // As the driver's phone would have told it: waiting at the plant, arrived, loaded, driving.
  await recibirPosiciones(db, token, lote(parado, 'demo-planta'));
  const paradas = await db
    .selectFrom('transporte_paradas')
    .select(['id', 'tipo'])
    .where('transporte_id', '=', transporte.id)
    .orderBy('orden')
    .execute();
  const planta = paradas.find((p) => p.tipo === 'carga')!;
  for (const [tipo, at] of [
    ['llegada', llegada],
    ['carga', salida],
  ] as const) {
    await registrarEventoParada(db, token, planta.id, {
      id: randomUUID(),
      tipo,
      ocurrido_at: at.toISOString(),
    });
  }
  await recibirPosiciones(db, token, lote(enRuta, 'demo-a2'));
  return {
    referencia: REFERENCIA_VIAJE_DEMO,
    partidas: portes.map((p) => p.partida),
    url: enlace.url,
    expiresAt: enlace.expires_at,
  };
}
