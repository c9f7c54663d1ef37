import { expect } from 'vitest';
import { fechaHoraMadrid } from '../lib/madrid.js';
import { clock } from '../lib/clock.js';
import type { TestDatabaseHandle } from './databases.js';
import type { TestBrowser } from './session.js';

/** Where the test transports load and unload. */
export const MADRID = { lat: 40.4168, lng: -3.7038 };
export const ZARAGOZA = { lat: 41.6488, lng: -0.8891 };

/** A town a test transport loads or unloads in. */
export interface Lugar {
  poblacion: string;
  cp: string;
  pais_iso: string;
  lat: number;
  lng: number;
}

/** Madrid and Zaragoza as the places of a transport. */
export const LUGARES = {
  madrid: { poblacion: 'Madrid', cp: '28001', pais_iso: 'ES', ...MADRID },
  zaragoza: { poblacion: 'Zaragoza', cp: '50001', pais_iso: 'ES', ...ZARAGOZA },
} satisfies Record<string, Lugar>;

let serie = 0;

export interface TransporteConPorteOptions {
  proveedorId: number;
  clienteId: number;
  estado?: 'asignado' | 'en_transito';
  vehiculoId?: number | null;
  origen?: Lugar;
  destino?: Lugar;
  bultos?: number;
  pesoKg?: number;
  /** The transport's reference: a leg's e-CMR is numbered `<referencia>-<leg>`. */
  referencia?: string;
  refCliente?: string | null;
  matricula?: string;
  conductor?: string;
}

/**
 * A transport of the carrier, Madrid → Zaragoza, loading today and unloading tomorrow, with one
 * leg carrying one new shipment of the client: the ids the driver-link tests need. The options
 * change the data a test asserts on (places, load, references, plate and driver).
 */
export async function transporteConPorte(
  handle: TestDatabaseHandle,
  options: TransporteConPorteOptions,
) {
  serie += 1;
  const origen = options.origen ?? LUGARES.madrid;
  const destino = options.destino ?? LUGARES.zaragoza;
  const bultos = options.bultos ?? 10;
  const pesoKg = options.pesoKg ?? 2000;
  const lugares = {
    origen_poblacion: origen.poblacion,
    origen_cp: origen.cp,
    origen_pais_iso: origen.pais_iso,
    destino_poblacion: destino.poblacion,
    destino_cp: destino.cp,
    destino_pais_iso: destino.pais_iso,
  };
  const hoy = fechaHoraMadrid(clock.now()).fecha;
  const manana = fechaHoraMadrid(new Date(clock.now().getTime() + 86_400_000)).fecha;
  const porte = await handle.db
    .insertInto('portes')
    .values({
      partida: `CND${Date.now()}${serie}`,
      ...lugares,
      cliente_id: options.clienteId,
      ref_cliente: options.refCliente ?? null,
      origen_lat: origen.lat,
      origen_lng: origen.lng,
      destino_lat: destino.lat,
      destino_lng: destino.lng,
      fecha_carga_prevista: hoy,
      fecha_entrega_prevista: manana,
      entregado_at: null,
      bultos,
      peso_kg: pesoKg,
      p_facturable_kg: pesoKg,
      incidencia: null,
      cmr_archivo_id: null,
      pod_archivo_id: null,
    })
    .returning(['id', 'partida'])
    .executeTakeFirstOrThrow();
  const t = await handle.db
    .insertInto('transportes')
    .values({
      ...lugares,
      proveedor_id: options.proveedorId,
      carga_id: null,
      vehiculo_id: options.vehiculoId ?? null,
      referencia: options.referencia ?? `TC${serie}`,
      matricula: options.matricula ?? '1234ABC',
      conductor: options.conductor ?? 'Luis',
      fecha_carga: hoy,
      fecha_descarga: manana,
      importe_centimos: 987_65,
      estado: options.estado ?? 'asignado',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const leg = await handle.db
    .insertInto('subpartidas')
    .values({
      transporte_id: t.id,
      numero: 1,
      porte_id: porte.id,
      origen_poblacion: origen.poblacion,
      destino_poblacion: destino.poblacion,
      bultos,
      peso_kg: pesoKg,
      cmr_archivo_id: null,
      cmr_subido_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: t.id, subpartidaId: leg.id, porteId: porte.id, partida: porte.partida };
}

/** The carrier opens a driver link for the transport: its token. */
export async function enlaceConductor(browser: TestBrowser, transporteId: number) {
  const res = await browser.post(
    `/api/proveedores/transportes/${transporteId}/enlaces-conductor`,
    {},
  );
  expect(res.statusCode, res.body).toBe(201);
  return new URL(res.json<{ url: string }>().url).pathname.split('/').at(-1)!;
}

/**
 * `transporteConPorte` with the carrier's driver link: the leg's e-CMR as the driver's phone
 * reaches it (`conductor`).
 */
export async function transporteConEnlace(
  handle: TestDatabaseHandle,
  browser: TestBrowser,
  options: TransporteConPorteOptions,
) {
  const t = await transporteConPorte(handle, options);
  const token = await enlaceConductor(browser, t.id);
  return { ...t, conductor: `/api/conductor/${token}/subpartidas/${t.subpartidaId}/ecmr` };
}
