import { z } from 'zod';

/** Path parameter `:id` of a file. */
export const ArchivoIdParams = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export type ArchivoIdParams = z.infer<typeof ArchivoIdParams>;

/** Kinds of stored files. */
export const ArchivoTipo = z.enum([
  'cmr',
  'pod',
  'factura_proveedor',
  'factura',
  'certificado',
  'prevencion',
  'otro',
]);
export type ArchivoTipo = z.infer<typeof ArchivoTipo>;

/** Response of `GET /api/clientes/archivos/:id/info`: what the file page shows before download. */
export const ArchivoInfo = z.object({
  id: z.number().int().positive(),
  nombre: z.string(),
  /** MIME type sniffed from the content. */
  mime: z.string(),
  tamano_bytes: z.number().int(),
  tipo: ArchivoTipo,
});
export type ArchivoInfo = z.infer<typeof ArchivoInfo>;
