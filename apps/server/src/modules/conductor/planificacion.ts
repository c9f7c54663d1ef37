import type { Insertable } from 'kysely';
import type { TransporteParadasTable } from '../../db/database.js';
import { madridAUtc } from '../../lib/madrid.js';
import type { Tramo, TransportePlan } from './repository.js';

/*
 * The planned stops of a transport, derived once (on its first driver link) from its legs and
 * their shipments: every distinct loading place in leg order, then every unloading place.
 * Windows are the planned day, 08:00–18:00 Madrid time: the ERP sends dates, not times.
 */

export const VENTANA_APERTURA = '08:00';
export const VENTANA_CIERRE = '18:00';

function ventana(fecha: string) {
  return {
    ventana_desde: madridAUtc(fecha, VENTANA_APERTURA).toISOString(),
    ventana_hasta: madridAUtc(fecha, VENTANA_CIERRE).toISOString(),
  };
}

type Parada = Omit<Insertable<TransporteParadasTable>, 'transporte_id' | 'orden'>;

/** The stops of a transport in order, from its legs (or its own origin and destination). */
export function planDeParadas(
  t: TransportePlan,
  tramos: readonly Tramo[],
): Insertable<TransporteParadasTable>[] {
  const cargas: Parada[] = [];
  const descargas: Parada[] = [];
  const mismoLugar = (a: Parada, b: Parada) =>
    a.poblacion === b.poblacion && a.cp === b.cp && a.pais_iso === b.pais_iso;

  if (tramos.length === 0) {
    cargas.push({
      tipo: 'carga',
      poblacion: t.origen_poblacion,
      cp: t.origen_cp,
      pais_iso: t.origen_pais_iso,
      lat: t.origen_lat,
      lng: t.origen_lng,
      ...ventana(t.fecha_carga),
    });
    descargas.push({
      tipo: 'descarga',
      poblacion: t.destino_poblacion,
      cp: t.destino_cp,
      pais_iso: t.destino_pais_iso,
      lat: t.destino_lat,
      lng: t.destino_lng,
      ...ventana(t.fecha_descarga),
    });
  }

  for (const tramo of tramos) {
    const carga: Parada = {
      tipo: 'carga',
      porte_id: tramo.porte_id,
      poblacion: tramo.p_origen_poblacion ?? tramo.origen_poblacion,
      cp: tramo.origen_cp ?? null,
      pais_iso: tramo.origen_pais_iso ?? null,
      lat: tramo.origen_lat ?? null,
      lng: tramo.origen_lng ?? null,
      ...ventana(tramo.fecha_carga_prevista ?? t.fecha_carga),
    };
    const anterior = cargas.find((c) => mismoLugar(c, carga));
    // One stop per place: loading several shipments there concerns all of them.
    if (anterior) anterior.porte_id = null;
    else cargas.push(carga);
    descargas.push({
      tipo: 'descarga',
      subpartida_id: tramo.id,
      porte_id: tramo.porte_id,
      poblacion: tramo.p_destino_poblacion ?? tramo.destino_poblacion,
      cp: tramo.destino_cp ?? null,
      pais_iso: tramo.destino_pais_iso ?? null,
      lat: tramo.destino_lat ?? null,
      lng: tramo.destino_lng ?? null,
      ...ventana(tramo.fecha_entrega_prevista ?? t.fecha_descarga),
    });
  }

  return [...cargas, ...descargas].map((parada, i) => ({
    ...parada,
    transporte_id: t.id,
    orden: i + 1,
  }));
}
