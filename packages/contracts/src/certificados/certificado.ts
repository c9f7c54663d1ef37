import { z } from 'zod';
import { IsoDate } from '../common/pagination.js';

/** Days before expiry from which a certificate shows as `caduca_pronto`. */
export const DIAS_AVISO_CADUCIDAD = 30;

/** Status of a certificate type for a carrier: valid, expiring within 30 days, expired, missing. */
export const CertificadoEstado = z.enum(['valido', 'caduca_pronto', 'caducado', 'falta']);
export type CertificadoEstado = z.infer<typeof CertificadoEstado>;

/** One uploaded version of a certificate. */
export const CertificadoVersion = z.object({
  id: z.number().int().positive(),
  descripcion: z.string().nullable(),
  fecha_emision: IsoDate.nullable(),
  fecha_caducidad: IsoDate,
  /** The document (`GET /api/proveedores/archivos/:id`), null when none was attached. */
  archivo_id: z.number().int().positive().nullable(),
  created_at: z.string(),
});
export type CertificadoVersion = z.infer<typeof CertificadoVersion>;

/** A certificate type with the carrier's current version (latest expiry) and its history. */
export const CertificadoTipoEstado = z.object({
  /** `certificado_tipos.codigo`. */
  tipo: z.string(),
  nombre: z.string(),
  /** An expired mandatory certificate blocks new offers. */
  obligatorio: z.boolean(),
  estado: CertificadoEstado,
  /** Days until expiry (negative once expired), null when missing. */
  dias_restantes: z.number().int().nullable(),
  actual: CertificadoVersion.nullable(),
  /** Every version, latest expiry first (the current one included). */
  historial: z.array(CertificadoVersion),
});
export type CertificadoTipoEstado = z.infer<typeof CertificadoTipoEstado>;

/** The warning shown on every supplier page: same text as the refused offer. */
export const CertificadosBloqueo = z.object({
  bloqueado: z.boolean(),
  motivo: z.string().nullable(),
});
export type CertificadosBloqueo = z.infer<typeof CertificadosBloqueo>;

/** Response of `GET /api/proveedores/certificados`. */
export const CertificadosList = z.object({
  items: z.array(CertificadoTipoEstado),
  bloqueo: CertificadosBloqueo,
});
export type CertificadosList = z.infer<typeof CertificadosList>;

/**
 * Form fields of `POST /api/proveedores/certificados` (multipart, sent before the file). The
 * expiry must be after today and the issue date not in the future: the server checks both.
 */
export const CertificadoCampos = z
  .object({
    tipo: z.string().trim().min(1, 'Indique el tipo de certificado.').max(50),
    descripcion: z
      .string()
      .trim()
      .max(200, 'La descripción admite como mucho 200 caracteres.')
      .optional(),
    fecha_emision: IsoDate.optional(),
    fecha_caducidad: IsoDate,
  })
  .refine((c) => !c.fecha_emision || c.fecha_emision <= c.fecha_caducidad, {
    message: 'La fecha de emisión no puede ser posterior a la de caducidad.',
    path: ['fecha_emision'],
  });
export type CertificadoCampos = z.infer<typeof CertificadoCampos>;
