import { z } from 'zod';
import { Centimos, IsoDate, PageQuery, pageOf } from '../common/pagination.js';
import { fechasDesordenadas, fechasEnOrden } from '../transportes/transporte.js';

/**
 * Payment state of a customer invoice: `pagada`; `pendiente` (not paid, not yet due);
 * `vencida` (not paid and its due date is before today in Spain).
 */
export const FacturaEstado = z.enum(['pagada', 'pendiente', 'vencida']);
export type FacturaEstado = z.infer<typeof FacturaEstado>;

/** Path parameter `:id` of an invoice. */
export const FacturaIdParams = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export type FacturaIdParams = z.infer<typeof FacturaIdParams>;

/** Query of `GET /api/clientes/facturas` (issue date range inclusive, newest first, keyset). */
export const FacturasQuery = PageQuery.extend({
  estado: FacturaEstado.optional(),
  /** First issue date ("Fecha Emisión"), inclusive. */
  fechaDesde: IsoDate.optional(),
  /** Last issue date, inclusive. */
  fechaHasta: IsoDate.optional(),
}).refine(fechasEnOrden, fechasDesordenadas);
export type FacturasQuery = z.infer<typeof FacturasQuery>;

/** A row of "Facturas". */
export const Factura = z.object({
  id: z.number().int().positive(),
  /** "Serie". */
  serie: z.string(),
  /** "Número". */
  numero: z.number().int(),
  /** "Fecha Emisión". */
  fecha_emision: IsoDate,
  /** "Vto": due date. */
  vto: IsoDate.nullable(),
  /** "B.Imponible". */
  base_imponible_centimos: Centimos,
  iva_porcentaje: z.number().int(),
  /** "Iva". */
  iva_centimos: Centimos,
  /** "Importe": total. */
  importe_centimos: Centimos,
  /** "Pagada". */
  pagada: z.boolean(),
  estado: FacturaEstado,
});
export type Factura = z.infer<typeof Factura>;

/** A page of invoices. */
export const FacturasPage = pageOf(Factura);
export type FacturasPage = z.infer<typeof FacturasPage>;

/** An invoice line. */
export const FacturaLinea = z.object({
  id: z.number().int().positive(),
  orden: z.number().int(),
  concepto: z.string(),
  /** The shipment invoiced, when the line is for one. */
  partida: z.string().nullable(),
  /** "Cantidad". */
  cantidad: z.number().int(),
  /** "Precio" per unit. */
  precio_centimos: Centimos,
  importe_centimos: Centimos,
});
export type FacturaLinea = z.infer<typeof FacturaLinea>;

/** Response of `GET /api/clientes/facturas/:id`: the invoice and its lines. */
export const FacturaDetalle = Factura.extend({ lineas: z.array(FacturaLinea) });
export type FacturaDetalle = z.infer<typeof FacturaDetalle>;
