import { z } from 'zod';
import { multilinea } from '../common/text.js';
import { IsoDate } from '../common/pagination.js';
import { ErpId, lote, opcional, texto } from './integracion.js';

/** Most certificate types the ERP may require of one carrier in one call. */
export const MAX_CERTIFICADOS_REQUERIDOS = 100;

/**
 * A certificate the ERP requires of a carrier: a `certificado_tipos` code, whether it is
 * mandatory for this carrier (an expired mandatory one blocks new offers), and optionally the
 * expiry the company validated itself for a certificate it holds.
 */
export const CertificadoRequeridoErp = z
  .object({
    tipo: texto(50),
    obligatorio: z.boolean(),
    /** Last valid day of the certificate the company holds; absent or null: none validated. */
    fecha_caducidad: IsoDate.nullable().optional(),
    fecha_emision: IsoDate.nullable().optional(),
  })
  .superRefine((c, ctx) => {
    if (c.fecha_emision && !c.fecha_caducidad) {
      ctx.addIssue({
        code: 'custom',
        path: ['fecha_caducidad'],
        message: 'Indique la fecha de caducidad del certificado validado.',
      });
    }
    if (c.fecha_emision && c.fecha_caducidad && c.fecha_emision > c.fecha_caducidad) {
      ctx.addIssue({
        code: 'custom',
        path: ['fecha_emision'],
        message: 'La fecha de emisión no puede ser posterior a la de caducidad.',
      });
    }
  });
export type CertificadoRequeridoErp = z.infer<typeof CertificadoRequeridoErp>;

/**
 * Body of `PUT /api/integration/v1/proveedores/{erp_id}/certificados`: the whole set of the
 * carrier's required certificates (a type left out goes back to the catalogue's rule; an
 * empty list removes them all). Types all different.
 */
export const LoteCertificadosProveedor = z
  .object({
    items: z
      .array(CertificadoRequeridoErp)
      .max(MAX_CERTIFICADOS_REQUERIDOS)
      .superRefine((items, ctx) => {
        const seen = new Set<string>();
        items.forEach((c, index) => {
          if (seen.has(c.tipo)) {
            ctx.addIssue({
              code: 'custom',
              path: [index, 'tipo'],
              message: 'Tipo de certificado repetido en el lote.',
            });
          }
          seen.add(c.tipo);
        });
      }),
  })
  .meta({
    example: {
      items: [
        { tipo: 'seguro_mercancias', obligatorio: true, fecha_caducidad: '2027-06-30' },
        { tipo: 'adr', obligatorio: true },
        { tipo: 'itv', obligatorio: false },
      ],
    },
  });
export type LoteCertificadosProveedor = z.infer<typeof LoteCertificadosProveedor>;

/** Path of the carrier's certificates: the carrier's `erp_id`. */
export const ProveedorErpParams = z.object({ erp_id: ErpId.meta({ example: 'P-2001' }) });
export type ProveedorErpParams = z.infer<typeof ProveedorErpParams>;

/** Answer of the certificates call: one entry per type sent, in order. */
export const ResultadoCertificados = z
  .object({
    proveedor_id: z.number().int().positive(),
    items: z.array(
      z.object({
        tipo: z.string(),
        obligatorio: z.boolean(),
        /** Our id of the validated certificate, null when no expiry was sent. */
        certificado_id: z.number().int().positive().nullable(),
      }),
    ),
  })
  .meta({
    example: {
      proveedor_id: 7,
      items: [
        { tipo: 'seguro_mercancias', obligatorio: true, certificado_id: 311 },
        { tipo: 'adr', obligatorio: true, certificado_id: null },
      ],
    },
  });
export type ResultadoCertificados = z.infer<typeof ResultadoCertificados>;

/**
 * A risk-prevention document as the ERP sends it. Published to every carrier (the schema has
 * no region or carrier targeting); an inactive one is hidden from them.
 */
export const PrevencionDocumentoErp = z.object({
  erp_id: ErpId,
  titulo: texto(200),
  descripcion: multilinea(opcional(2000)),
  /** Carriers are asked to acknowledge a mandatory document. */
  obligatorio: z.boolean().default(true),
  activo: z.boolean().default(true),
});
export type PrevencionDocumentoErp = z.infer<typeof PrevencionDocumentoErp>;

/** Body of `PUT /api/integration/v1/prevencion/documentos`. */
export const LotePrevencionDocumentos = lote(PrevencionDocumentoErp).meta({
  example: {
    items: [
      {
        erp_id: 'PRL-2026-01',
        titulo: 'Normas de seguridad en muelles de carga',
        descripcion: 'Lectura obligatoria antes de cargar en nuestros almacenes.',
        obligatorio: true,
        activo: true,
      },
    ],
  },
});
export type LotePrevencionDocumentos = z.infer<typeof LotePrevencionDocumentos>;

/** Path of a prevention document's PDF: its `erp_id`. */
export const DocumentoErpParams = z.object({ erp_id: ErpId.meta({ example: 'PRL-2026-01' }) });
export type DocumentoErpParams = z.infer<typeof DocumentoErpParams>;
