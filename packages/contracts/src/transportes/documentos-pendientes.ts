import { z } from 'zod';
import { IsoDate, PageQuery, pageOf } from '../common/pagination.js';
import {
  SubpartidaDetalle,
  TransporteResumen,
  fechasDesordenadas,
  fechasEnOrden,
} from './transporte.js';

/** A number filter where 0 (or absent) means "all", as the upload pages' query says (spec §2). */
const IdOrZero = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0);

/**
 * Query of the two upload lists (spec §2: desde, hasta, transporte, subpartida become
 * fechaDesde, fechaHasta, transporteId, subpartidaId; 0 = all). `opened` stays in the page.
 */
export const DocumentosPendientesQuery = PageQuery.extend({
  fechaDesde: IsoDate.optional(),
  fechaHasta: IsoDate.optional(),
  transporteId: IdOrZero,
  subpartidaId: IdOrZero,
}).refine(fechasEnOrden, fechasDesordenadas);
export type DocumentosPendientesQuery = z.infer<typeof DocumentosPendientesQuery>;

/** Path parameter `:id` of a subpartida. */
export const SubpartidaIdParams = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export type SubpartidaIdParams = z.infer<typeof SubpartidaIdParams>;

/** A transport as the upload pages show it (header of the row). */
export const TransporteParaSubir = TransporteResumen.pick({
  id: true,
  referencia: true,
  matricula: true,
  conductor: true,
  fecha_carga: true,
  fecha_descarga: true,
  origen_poblacion: true,
  destino_poblacion: true,
  importe_centimos: true,
  estado: true,
});
export type TransporteParaSubir = z.infer<typeof TransporteParaSubir>;

/** "Subir albaranes": a transport with the legs still missing their CMR (only those). */
export const AlbaranPendiente = TransporteParaSubir.extend({
  subpartidas: z.array(SubpartidaDetalle),
});
export type AlbaranPendiente = z.infer<typeof AlbaranPendiente>;

/** A page of `GET /api/proveedores/albaranes-pendientes`. */
export const AlbaranesPendientesPage = pageOf(AlbaranPendiente);
export type AlbaranesPendientesPage = z.infer<typeof AlbaranesPendientesPage>;

/** "Subir facturas": a delivered transport no carrier invoice covers yet. */
export const TransporteSinFactura = TransporteParaSubir.extend(
  TransporteResumen.pick({ bultos: true, peso_kg: true }).shape,
);
export type TransporteSinFactura = z.infer<typeof TransporteSinFactura>;

/** A page of `GET /api/proveedores/transportes-sin-factura`. */
export const TransportesSinFacturaPage = pageOf(TransporteSinFactura);
export type TransportesSinFacturaPage = z.infer<typeof TransportesSinFacturaPage>;
