import { z } from 'zod';
import { Centimos, IsoDate, PageQuery, pageOf } from '../common/pagination.js';
import { TransporteEstado, fechasDesordenadas, fechasEnOrden } from '../transportes/transporte.js';

/** Status of a carrier invoice: received, approved by the company, paid. */
export const FacturaProveedorEstado = z.enum(['recibida', 'aprobada', 'pagada']);
export type FacturaProveedorEstado = z.infer<typeof FacturaProveedorEstado>;

/** Most transports one invoice may cover. */
export const MAX_TRANSPORTES_POR_FACTURA = 100;

/** Path parameter `:id` of a carrier invoice. */
export const FacturaProveedorIdParams = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export type FacturaProveedorIdParams = z.infer<typeof FacturaProveedorIdParams>;

/** Filters of "Histórico Facturas" and its export. */
const FacturasProveedorFiltro = z.object({
  /** First issue date, inclusive. */
  fechaDesde: IsoDate.optional(),
  /** Last issue date, inclusive. */
  fechaHasta: IsoDate.optional(),
  estado: FacturaProveedorEstado.optional(),
});

/** Query of `GET /api/proveedores/facturas` (newest issue date first, keyset). */
export const FacturasProveedorQuery = PageQuery.extend(FacturasProveedorFiltro.shape).refine(
  fechasEnOrden,
  fechasDesordenadas,
);
export type FacturasProveedorQuery = z.infer<typeof FacturasProveedorQuery>;

/** Query of `GET /api/proveedores/facturas/export.{csv,xlsx}`: the filters, no paging. */
export const FacturasProveedorExportQuery = FacturasProveedorFiltro.refine(
  fechasEnOrden,
  fechasDesordenadas,
);
export type FacturasProveedorExportQuery = z.infer<typeof FacturasProveedorExportQuery>;

/** A row of "Histórico Facturas". */
export const FacturaProveedorResumen = z.object({
  id: z.number().int().positive(),
  /** "Serie", null when the number carries it. */
  serie: z.string().nullable(),
  /** "Número". */
  numero: z.string(),
  /** "Fecha Emisión". */
  fecha_emision: IsoDate,
  /** "Vto": due date, null when none. */
  vto: IsoDate.nullable(),
  /** "B.Imponible". */
  base_imponible_centimos: Centimos,
  /** "Iva". */
  iva_centimos: Centimos,
  /** "Importe" = base + IVA. */
  importe_centimos: Centimos,
  estado: FacturaProveedorEstado,
  /** "Pagada". */
  pagada: z.boolean(),
  fecha_pago: IsoDate.nullable(),
  /** The invoice PDF (`GET /api/proveedores/archivos/:id`), null when none. */
  archivo_id: z.number().int().positive().nullable(),
  /** How many transports it covers. */
  transportes: z.number().int(),
});
export type FacturaProveedorResumen = z.infer<typeof FacturaProveedorResumen>;

/** A page of the invoice history. */
export const FacturasProveedorPage = pageOf(FacturaProveedorResumen);
export type FacturasProveedorPage = z.infer<typeof FacturasProveedorPage>;

/** A transport an invoice covers. */
export const TransporteFacturado = z.object({
  id: z.number().int().positive(),
  referencia: z.string(),
  fecha_carga: IsoDate,
  origen_poblacion: z.string(),
  destino_poblacion: z.string(),
  importe_centimos: Centimos,
  estado: TransporteEstado,
});
export type TransporteFacturado = z.infer<typeof TransporteFacturado>;

/** A stored file as lists show it (download with `GET /api/proveedores/archivos/:id`). */
export const ArchivoResumen = z.object({
  id: z.number().int().positive(),
  nombre: z.string(),
  mime: z.string(),
  tamano_bytes: z.number().int(),
});
export type ArchivoResumen = z.infer<typeof ArchivoResumen>;

/** Response of `GET /api/proveedores/facturas/:id` (and of a successful upload). */
export const FacturaProveedorDetalle = FacturaProveedorResumen.extend({
  transportes_detalle: z.array(TransporteFacturado),
  archivo: ArchivoResumen.nullable(),
});
export type FacturaProveedorDetalle = z.infer<typeof FacturaProveedorDetalle>;

/** Cents sent as a form field ("12345"). */
const CentimosCampo = z.coerce
  .number({ message: 'Importe no válido: indique céntimos enteros.' })
  .int('Importe no válido: indique céntimos enteros.')
  .min(0, 'El importe no puede ser negativo.')
  .max(1e11, 'Importe demasiado alto.');

/** `transporteIds` as a JSON array ("[1,2]") or a comma-separated list ("1,2"). */
const TransporteIdsCampo = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    const text = value.trim();
    if (text.startsWith('[')) {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return value;
      }
    }
    return text === '' ? [] : text.split(',').map((part) => Number(part.trim()));
  },
  z
    .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER), {
      message: 'Indique los transportes que cubre la factura.',
    })
    .min(1, 'Marque al menos un transporte.')
    .max(
      MAX_TRANSPORTES_POR_FACTURA,
      `Una factura cubre como mucho ${MAX_TRANSPORTES_POR_FACTURA} transportes.`,
    ),
);

/**
 * Form fields of `POST /api/proveedores/facturas` (multipart, sent before the PDF). The
 * issue date must not be in the future: the server checks that against its own clock.
 */
export const FacturaProveedorCampos = z
  .object({
    numero: z
      .string()
      .trim()
      .min(1, 'Indique el número de factura.')
      .max(30, 'El número de factura admite como mucho 30 caracteres.'),
    serie: z.string().trim().max(10, 'La serie admite como mucho 10 caracteres.').optional(),
    fecha_emision: IsoDate,
    vto: IsoDate.optional(),
    base_imponible_centimos: CentimosCampo,
    iva_centimos: CentimosCampo,
    importe_centimos: CentimosCampo,
    transporteIds: TransporteIdsCampo,
  })
  .refine((f) => f.importe_centimos === f.base_imponible_centimos + f.iva_centimos, {
    message: 'El importe debe ser la base imponible más el IVA.',
    path: ['importe_centimos'],
  })
  .refine((f) => !f.vto || f.vto >= f.fecha_emision, {
    message: 'El vencimiento no puede ser anterior a la fecha de emisión.',
    path: ['vto'],
  });
export type FacturaProveedorCampos = z.infer<typeof FacturaProveedorCampos>;
