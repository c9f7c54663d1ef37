import { z } from 'zod';
import { IsoDate } from '../common/pagination.js';
import { Partida } from '../portes/porte.js';
import { ErpId, MAX_LOTE, texto } from './integracion.js';

/** Most lines one invoice of the integration API may have. */
export const MAX_LINEAS_FACTURA = 200;

/** An invoice series: letters, digits, `.`, `_` or `-` (it travels in URLs as `{serie}-{numero}`). */
export const SerieFactura = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{1,20}$/, 'Serie no válida: hasta 20 letras, cifras, «.», «_» o «-».');

/** Céntimos: whole numbers, negative in credit notes (rectificativas). */
const Centimos = z.number().int().min(-1e12).max(1e12);

/** One line of an invoice; `importe_centimos` must be `cantidad × precio_centimos`. */
export const LineaFacturaErp = z.object({
  concepto: texto(300),
  /** The shipment invoiced, when the line is one; linked to it if it is this client's. */
  partida: Partida.nullable().optional(),
  cantidad: z.number().int().min(-1e6).max(1e6),
  precio_centimos: Centimos,
  importe_centimos: Centimos,
});
export type LineaFacturaErp = z.infer<typeof LineaFacturaErp>;

/**
 * IVA may differ from `base × %` (rounded) by up to one céntimo per line: ERPs that round
 * the tax line by line are accepted, a wrong rate or total is not.
 */
export function ivaEsperado(baseCentimos: number, porcentaje: number): number {
  return Math.round((baseCentimos * porcentaje) / 100);
}

/**
 * A customer invoice as the ERP sends it, keyed by (serie, numero); the client goes by its
 * `erp_id`. The lines replace the stored ones as a set. Totals are checked against the lines:
 * base = Σ importes, IVA = base × % (see `ivaEsperado`), importe = base + IVA.
 */
export const FacturaErp = z
  .object({
    serie: SerieFactura,
    numero: z.number().int().positive().max(9_999_999_999),
    cliente_erp_id: ErpId,
    fecha_emision: IsoDate,
    /** Due date, not before `fecha_emision`. */
    vto: IsoDate.nullable().optional(),
    base_imponible_centimos: Centimos,
    iva_porcentaje: z.number().int().min(0).max(100),
    iva_centimos: Centimos,
    importe_centimos: Centimos,
    pagada: z.boolean().default(false),
    lineas: z.array(LineaFacturaErp).min(1).max(MAX_LINEAS_FACTURA),
  })
  .superRefine((f, ctx) => {
    if (f.vto && f.vto < f.fecha_emision) {
      ctx.addIssue({
        code: 'custom',
        path: ['vto'],
        message: 'El vencimiento no puede ser anterior a la fecha de emisión.',
      });
    }
    let base = 0;
    f.lineas.forEach((linea, i) => {
      base += linea.importe_centimos;
      if (linea.importe_centimos !== linea.cantidad * linea.precio_centimos) {
        ctx.addIssue({
          code: 'custom',
          path: ['lineas', i, 'importe_centimos'],
          message: `El importe de la línea (${linea.importe_centimos}) no es cantidad × precio (${linea.cantidad * linea.precio_centimos}).`,
        });
      }
    });
    if (f.base_imponible_centimos !== base) {
      ctx.addIssue({
        code: 'custom',
        path: ['base_imponible_centimos'],
        message: `La base imponible (${f.base_imponible_centimos}) no es la suma de las líneas (${base}).`,
      });
    }
    const iva = ivaEsperado(f.base_imponible_centimos, f.iva_porcentaje);
    if (Math.abs(f.iva_centimos - iva) > f.lineas.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['iva_centimos'],
        message: `El IVA (${f.iva_centimos}) no corresponde al ${f.iva_porcentaje} % de la base (${iva}).`,
      });
    }
    if (f.importe_centimos !== f.base_imponible_centimos + f.iva_centimos) {
      ctx.addIssue({
        code: 'custom',
        path: ['importe_centimos'],
        message: `El importe (${f.importe_centimos}) no es base imponible + IVA (${f.base_imponible_centimos + f.iva_centimos}).`,
      });
    }
  });
export type FacturaErp = z.infer<typeof FacturaErp>;

/** The ERP's key of an invoice in URLs and answers: `{serie}-{numero}` (e.g. `FV26-123`). */
export function claveFactura(f: { serie: string; numero: number }): string {
  return `${f.serie}-${f.numero}`;
}

/** Body of `PUT /api/integration/v1/facturas`: (serie, numero) all different. */
export const LoteFacturas = z
  .object({
    items: z
      .array(FacturaErp)
      .min(1)
      .max(MAX_LOTE)
      .superRefine((items, ctx) => {
        const seen = new Set<string>();
        items.forEach((f, index) => {
          const clave = claveFactura(f);
          if (seen.has(clave)) {
            ctx.addIssue({
              code: 'custom',
              path: [index, 'numero'],
              message: `Factura ${clave} repetida en el lote.`,
            });
          }
          seen.add(clave);
        });
      }),
  })
  .meta({
    example: {
      items: [
        {
          serie: 'FV26',
          numero: 123,
          cliente_erp_id: 'C-1001',
          fecha_emision: '2026-11-20',
          vto: '2026-12-20',
          base_imponible_centimos: 240000,
          iva_porcentaje: 21,
          iva_centimos: 50400,
          importe_centimos: 290400,
          pagada: false,
          lineas: [
            {
              concepto: 'Transporte Logroño - Milano',
              partida: 'P-2026-000123',
              cantidad: 1,
              precio_centimos: 220000,
              importe_centimos: 220000,
            },
            {
              concepto: 'Paletizado',
              cantidad: 4,
              precio_centimos: 5000,
              importe_centimos: 20000,
            },
          ],
        },
      ],
    },
  });
export type LoteFacturas = z.infer<typeof LoteFacturas>;

/** Path of the invoice PDF upload: `clave` is `{serie}-{numero}`. */
export const FacturaClaveParams = z.object({
  clave: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,20}-\d{1,10}$/, 'Clave de factura no válida: use {serie}-{numero}.')
    .meta({ example: 'FV26-123' }),
});
export type FacturaClaveParams = z.infer<typeof FacturaClaveParams>;

/** Answer of a PDF upload of the integration API: the record, its file and the bytes kept. */
export const ResultadoPdf = z
  .object({
    /** Our id of the invoice or document. */
    id: z.number().int().positive(),
    archivo_id: z.number().int().positive(),
    sha256: z.string(),
    tamano_bytes: z.number().int().positive(),
  })
  .meta({
    example: {
      id: 42,
      archivo_id: 1337,
      sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
      tamano_bytes: 48213,
    },
  });
export type ResultadoPdf = z.infer<typeof ResultadoPdf>;

/**
 * Body of a PDF upload of the integration API: the raw bytes (`Content-Type: application/pdf`).
 * Documentation only: the server's parser hands over the bytes, checked by their content.
 */
export const PdfBody = z.any().meta({
  type: 'string',
  format: 'binary',
  description: 'Los bytes del PDF.',
});
