import { fechaHoraMadrid } from '../modules/conductor/planificacion.js';
import { clock } from '../lib/clock.js';
import type { TestDatabaseHandle } from './databases.js';

/** Where the test transports load and unload. */
export const MADRID = { lat: 40.4168, lng: -3.7038 };
export const ZARAGOZA = { lat: 41.6488, lng: -0.8891 };

let serie = 0;

/**
 * A transport of the carrier, Madrid → Zaragoza, loading today and unloading tomorrow, with one
 * leg carrying one new shipment of the client: the ids the driver-link tests need.
 */
export async function transporteConPorte(
  handle: TestDatabaseHandle,
  options: {
    proveedorId: number;
    clienteId: number;
    estado?: 'asignado' | 'en_transito';
    vehiculoId?: number | null;
  },
) {
  serie += 1;
  const hoy = fechaHoraMadrid(clock.now()).fecha;
  const manana = fechaHoraMadrid(new Date(clock.now().getTime() + 86_400_000)).fecha;
  const porte = await handle.db
    .insertInto('portes')
    .values({
      partida: `CND${Date.now()}${serie}`,
      cliente_id: options.clienteId,
      ref_cliente: null,
      origen_poblacion: 'Madrid',
      origen_cp: '28001',
      origen_pais_iso: 'ES',
      origen_lat: MADRID.lat,
      origen_lng: MADRID.lng,
      destino_poblacion: 'Zaragoza',
      destino_cp: '50001',
      destino_pais_iso: 'ES',
      destino_lat: ZARAGOZA.lat,
      destino_lng: ZARAGOZA.lng,
      fecha_carga_prevista: hoy,
      fecha_entrega_prevista: manana,
      entregado_at: null,
      bultos: 10,
      peso_kg: 2000,
      p_facturable_kg: 2000,
      incidencia: null,
      cmr_archivo_id: null,
      pod_archivo_id: null,
    })
    .returning(['id', 'partida'])
    .executeTakeFirstOrThrow();
  const t = await handle.db
    .insertInto('transportes')
    .values({
      proveedor_id: options.proveedorId,
      carga_id: null,
      vehiculo_id: options.vehiculoId ?? null,
      referencia: `TC${serie}`,
      matricula: '1234ABC',
      conductor: 'Luis',
      origen_poblacion: 'Madrid',
      origen_cp: '28001',
      origen_pais_iso: 'ES',
      destino_poblacion: 'Zaragoza',
      destino_cp: '50001',
      destino_pais_iso: 'ES',
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
      origen_poblacion: 'Madrid',
      destino_poblacion: 'Zaragoza',
      bultos: 10,
      peso_kg: 2000,
      cmr_archivo_id: null,
      cmr_subido_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: t.id, subpartidaId: leg.id, porteId: porte.id, partida: porte.partida };
}
