import { z } from 'zod';
import { PageQuery, pageOf } from '../common/pagination.js';
import { TipoVehiculo } from '../vehiculos/vehiculo.js';
import { CargasFiltro } from './carga.js';

/*
 * A carrier's saved load searches (issue 20 point 2): the load list's filters, kept per user;
 * a load the ERP publishes that matches one becomes a notice of that user.
 */

/** The saved filters as stored and shown (country codes upper case). */
export const BusquedaFiltro = z.object({
  origenPaisIso: z.string().optional(),
  origenPoblacion: z.string().optional(),
  destinoPaisIso: z.string().optional(),
  destinoPoblacion: z.string().optional(),
  fechaDesde: z.string().optional(),
  fechaHasta: z.string().optional(),
  tipoVehiculo: TipoVehiculo.optional(),
});
export type BusquedaFiltro = z.infer<typeof BusquedaFiltro>;

export const BusquedaCarga = z.object({
  id: z.number().int().positive(),
  nombre: z.string(),
  filtro: BusquedaFiltro,
  created_at: z.string(),
});
export type BusquedaCarga = z.infer<typeof BusquedaCarga>;

/** `POST /api/proveedores/busquedas-cargas`: a name and the list's current filters. */
export const BusquedaCargaCrear = z.strictObject({
  nombre: z
    .string()
    .trim()
    .min(1, 'Indique un nombre para la búsqueda.')
    .max(80, 'El nombre admite 80 caracteres como máximo.'),
  filtro: CargasFiltro.strict().refine(
    (f) => !f.fechaDesde || !f.fechaHasta || f.fechaDesde <= f.fechaHasta,
    { message: 'La fecha desde no puede ser posterior a la fecha hasta.', path: ['fechaHasta'] },
  ),
});
export type BusquedaCargaCrear = z.infer<typeof BusquedaCargaCrear>;

export const BusquedasCargasQuery = PageQuery;
export type BusquedasCargasQuery = z.infer<typeof BusquedasCargasQuery>;

export const BusquedasCargasPage = pageOf(BusquedaCarga);
export type BusquedasCargasPage = z.infer<typeof BusquedasCargasPage>;

export const BusquedaIdParams = z.object({ id: z.coerce.number().int().positive() });
export type BusquedaIdParams = z.infer<typeof BusquedaIdParams>;

/** Answer of deleting a saved search: 204, no body. */
export const SinContenido = z.null().describe('Sin contenido');
