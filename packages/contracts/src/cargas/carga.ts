import { z } from 'zod';
import { Centimos, IsoDate, PageQuery, pageOf } from '../common/pagination.js';
import { TipoVehiculo } from '../vehiculos/vehiculo.js';
import { CARGA_ESTADOS, CARGAS_ORDENES, OFERTA_ESTADOS } from './constants.js';

/** Status of a load: only `abierta` ones admit offers and appear on the exchange. */
export const CargaEstado = z.enum(CARGA_ESTADOS);
export type CargaEstado = z.infer<typeof CargaEstado>;

/** Status of an offer; `pendiente` is the open one (at most one per carrier and load). */
export const OfertaEstado = z.enum(OFERTA_ESTADOS);
export type OfertaEstado = z.infer<typeof OfertaEstado>;

/** Sort orders of the load list: load date ascending, guide price or weight descending. */
export const CargasOrden = z.enum(CARGAS_ORDENES);
export type CargasOrden = z.infer<typeof CargasOrden>;

/** Answer of discarding or restoring a load: 204, no body. */
export const SinContenido = z.null().describe('Sin contenido');

/** Path parameter `:id` of a load. */
export const CargaIdParams = z.object({ id: z.coerce.number().int().positive() });
export type CargaIdParams = z.infer<typeof CargaIdParams>;

/** An ISO 3166-1 alpha-2 country code, any case (stored upper case). */
const PaisIso = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'País no válido: use el código ISO de dos letras (ES, FR…).')
  .transform((value) => value.toUpperCase());

/** Filters shared by the load list and the load map. */
export const CargasFiltro = z.object({
  origenPaisIso: PaisIso.optional(),
  /** Case-insensitive prefix of the origin town. */
  origenPoblacion: z.string().trim().min(1).max(80).optional(),
  destinoPaisIso: PaisIso.optional(),
  /** Case-insensitive prefix of the destination town. */
  destinoPoblacion: z.string().trim().min(1).max(80).optional(),
  /** First load date, inclusive. */
  fechaDesde: IsoDate.optional(),
  /** Last load date, inclusive. */
  fechaHasta: IsoDate.optional(),
  tipoVehiculo: TipoVehiculo.optional(),
});
export type CargasFiltro = z.infer<typeof CargasFiltro>;

function fechasEnOrden(q: { fechaDesde?: string | undefined; fechaHasta?: string | undefined }) {
  return !q.fechaDesde || !q.fechaHasta || q.fechaDesde <= q.fechaHasta;
}
const fechasDesordenadas = {
  message: 'La fecha desde no puede ser posterior a la fecha hasta.',
  path: ['fechaHasta'],
};

/** Query of `GET /api/proveedores/cargas`. */
export const CargasQuery = PageQuery.extend({
  ...CargasFiltro.shape,
  orden: CargasOrden.default('fecha_carga'),
}).refine(fechasEnOrden, fechasDesordenadas);
export type CargasQuery = z.infer<typeof CargasQuery>;

/** Query of `GET /api/proveedores/cargas/export.{csv,xlsx}`: the list's filters and order. */
export const CargasExportQuery = CargasFiltro.extend({
  orden: CargasOrden.default('fecha_carga'),
}).refine(fechasEnOrden, fechasDesordenadas);
export type CargasExportQuery = z.infer<typeof CargasExportQuery>;

/** Query of `GET /api/proveedores/cargas/mapa`: the list's filters, no paging. */
export const CargasMapaQuery = CargasFiltro.refine(fechasEnOrden, fechasDesordenadas);
export type CargasMapaQuery = z.infer<typeof CargasMapaQuery>;

/** The carrier's own open offer on a load, as the list shows it. */
export const OfertaPropia = z.object({
  id: z.number().int().positive(),
  precio_centimos: Centimos,
  estado: OfertaEstado,
});
export type OfertaPropia = z.infer<typeof OfertaPropia>;

/** A load on the exchange; `oferta` is this carrier's open offer, never anyone else's. */
export const CargaResumen = z.object({
  id: z.number().int().positive(),
  referencia: z.string(),
  origen_poblacion: z.string(),
  origen_cp: z.string(),
  origen_pais_iso: z.string(),
  destino_poblacion: z.string(),
  destino_cp: z.string(),
  destino_pais_iso: z.string(),
  fecha_carga: IsoDate,
  fecha_descarga: IsoDate,
  tipo_vehiculo: TipoVehiculo,
  peso_kg: z.number().int(),
  palets: z.number().int(),
  precio_guia_centimos: Centimos.nullable(),
  estado: CargaEstado,
  oferta: OfertaPropia.nullable(),
});
export type CargaResumen = z.infer<typeof CargaResumen>;

/** A page of the load list. */
export const CargasPage = pageOf(CargaResumen);
export type CargasPage = z.infer<typeof CargasPage>;

/** One of this carrier's offers on a load, in its history. */
export const OfertaHistorial = z.object({
  id: z.number().int().positive(),
  precio_centimos: Centimos,
  comentarios: z.string().nullable(),
  vehiculo_id: z.number().int().positive().nullable(),
  estado: OfertaEstado,
  created_at: z.string(),
  updated_at: z.string(),
});
export type OfertaHistorial = z.infer<typeof OfertaHistorial>;

/** Response of `GET /api/proveedores/cargas/:id`: the load, its coordinates and own offers. */
export const CargaDetalle = CargaResumen.extend({
  origen_lat: z.number().nullable(),
  origen_lng: z.number().nullable(),
  destino_lat: z.number().nullable(),
  destino_lng: z.number().nullable(),
  observaciones: z.string().nullable(),
  descartada: z.boolean(),
  /** This carrier's offers on the load, newest first. */
  ofertas: z.array(OfertaHistorial),
});
export type CargaDetalle = z.infer<typeof CargaDetalle>;

/**
 * The fields of `CargaResumen` that sum a load up where it is not the row itself (a map marker,
 * an offer): its reference, route, load date, truck, weight and guide price.
 */
export const CARGA_BREVE = {
  referencia: true,
  origen_poblacion: true,
  origen_pais_iso: true,
  destino_poblacion: true,
  destino_pais_iso: true,
  fecha_carga: true,
  tipo_vehiculo: true,
  peso_kg: true,
  precio_guia_centimos: true,
} as const;

/** A load on the map: where it starts and ends. */
export const CargaMapa = CargaResumen.pick({ id: true, ...CARGA_BREVE }).extend({
  origen_lat: z.number(),
  origen_lng: z.number(),
  destino_lat: z.number(),
  destino_lng: z.number(),
});
export type CargaMapa = z.infer<typeof CargaMapa>;

/** Response of `GET /api/proveedores/cargas/mapa`. */
export const CargasMapa = z.object({ items: z.array(CargaMapa), truncated: z.boolean() });
export type CargasMapa = z.infer<typeof CargasMapa>;

/** Query of `GET /api/proveedores/descartados`: most recently discarded first. */
export const DescartadosQuery = PageQuery;
export type DescartadosQuery = z.infer<typeof DescartadosQuery>;

/** A discarded load, with when it was discarded. */
export const CargaDescartada = CargaResumen.omit({ oferta: true }).extend({
  descartada_at: z.string(),
});
export type CargaDescartada = z.infer<typeof CargaDescartada>;

/** A page of the "Descartados" view. */
export const DescartadosPage = pageOf(CargaDescartada);
export type DescartadosPage = z.infer<typeof DescartadosPage>;
