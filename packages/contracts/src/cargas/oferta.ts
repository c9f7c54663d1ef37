import { z } from 'zod';
import { multilinea } from '../common/text.js';
import { PageQuery, pageOf } from '../common/pagination.js';
import { CARGA_BREVE, CargaResumen, OfertaEstado, OfertaHistorial } from './carga.js';
import { MAX_COMENTARIOS_OFERTA, MAX_PRECIO_OFERTA_CENTIMOS } from './constants.js';

/** Path parameter `:id` of an offer. */
export const OfertaIdParams = z.object({ id: z.coerce.number().int().positive() });
export type OfertaIdParams = z.infer<typeof OfertaIdParams>;

const precio = z
  .number()
  .int('El precio se indica en céntimos enteros.')
  .min(1, 'El precio debe ser mayor que 0.')
  .max(MAX_PRECIO_OFERTA_CENTIMOS, 'El precio no puede superar 100.000,00 €.');
const comentarios = multilinea(z.string().trim().max(MAX_COMENTARIOS_OFERTA)).nullable();

/** Body of `POST /api/proveedores/cargas/:id/ofertas`. */
export const OfertaCrear = z.object({
  precio_centimos: precio,
  /** One of this carrier's active vehicles. */
  vehiculo_id: z.number().int().positive().nullable().optional(),
  comentarios: comentarios.optional(),
});
export type OfertaCrear = z.infer<typeof OfertaCrear>;

/** Body of `PATCH /api/proveedores/ofertas/:id`: new price and/or comment. */
export const OfertaEditar = z
  .object({ precio_centimos: precio, comentarios })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Indique el precio o el comentario a cambiar.');
export type OfertaEditar = z.infer<typeof OfertaEditar>;

/** An offer with the summary of its load. */
export const Oferta = OfertaHistorial.extend({
  carga_id: z.number().int().positive(),
  carga: CargaResumen.pick({ ...CARGA_BREVE, fecha_descarga: true, estado: true }),
});
export type Oferta = z.infer<typeof Oferta>;

/** Query of `GET /api/proveedores/ofertas`: newest first, optionally by status. */
export const OfertasQuery = PageQuery.extend({ estado: OfertaEstado.optional() });
export type OfertasQuery = z.infer<typeof OfertasQuery>;

/** Query of `GET /api/proveedores/ofertas/export.{csv,xlsx}`: the status filter, no paging. */
export const OfertasExportQuery = z.object({ estado: OfertaEstado.optional() });
export type OfertasExportQuery = z.infer<typeof OfertasExportQuery>;

/** A page of "Mis ofertas". */
export const OfertasPage = pageOf(Oferta);
export type OfertasPage = z.infer<typeof OfertasPage>;
