import { z } from 'zod';
import { multilinea } from '../common/text.js';
import { IsoDate } from '../common/pagination.js';
import { Partida, PorteEstado } from '../portes/porte.js';
import { RegionCode } from '../regiones/region.js';

/** Most records one batch call of the integration API accepts. */
export const MAX_LOTE = 1000;

/** What an API key may do; the CLI grants them with `--scopes`. */
export const apiScopes = [
  'clientes:write',
  'proveedores:write',
  'portes:write',
  'usuarios:write',
  'novedades:read',
  'facturas:write',
  'certificados:write',
  'prevencion:write',
  'cargas:write',
  'transportes:write',
  'enlaces:write',
] as const;
export const ApiScope = z.enum(apiScopes);
export type ApiScope = z.infer<typeof ApiScope>;

/** An id of the ERP: the key of every upsert. */
export const ErpId = z.string().trim().min(1).max(64);

/** A required trimmed text of at most `max` characters. */
export const texto = (max: number) => z.string().trim().min(1).max(max);
/** An optional (nullable) trimmed text of at most `max` characters. */
export const opcional = (max: number) => z.string().trim().max(max).nullable().optional();

/** A batch `{ items: [...] }` of 1 to 1,000 records whose `erp_id`s are all different. */
export function lote<T extends z.ZodType<{ erp_id: string }>>(item: T) {
  return z.object({
    items: z
      .array(item)
      .min(1)
      .max(MAX_LOTE)
      .superRefine((items, ctx) => {
        const seen = new Set<string>();
        items.forEach((record, index) => {
          if (seen.has(record.erp_id)) {
            ctx.addIssue({
              code: 'custom',
              path: [index, 'erp_id'],
              message: 'erp_id repetido en el lote.',
            });
          }
          seen.add(record.erp_id);
        });
      }),
  });
}

/** A customer or supplier company as the ERP sends it. */
export const EmpresaErp = z.object({
  erp_id: ErpId,
  region: RegionCode,
  razon_social: texto(200),
  localidad: texto(120),
  cif: opcional(20),
  direccion: opcional(200),
  cp: opcional(12),
  pais_iso: z
    .string()
    .regex(/^[A-Z]{2}$/, 'Código de país ISO de dos letras.')
    .nullable()
    .optional(),
  email: z.email().max(200).nullable().optional(),
  telefono: opcional(40),
  activo: z.boolean().default(true),
});
export type EmpresaErp = z.infer<typeof EmpresaErp>;

const empresaEjemplo = {
  erp_id: 'C-1001',
  region: 'es',
  razon_social: 'Conservas del Ebro S.A.',
  localidad: 'Logroño',
  cif: 'A26000001',
  cp: '26001',
  pais_iso: 'ES',
  email: 'logistica@conservasebro.es',
  activo: true,
};

/** Body of `PUT /api/integration/v1/clientes` and `/proveedores`. */
export const LoteEmpresas = lote(EmpresaErp).meta({
  example: { items: [empresaEjemplo] },
});
export type LoteEmpresas = z.infer<typeof LoteEmpresas>;

export const Coordenada = z.number().min(-180).max(180).nullable().optional();
export const PaisIso = z.string().regex(/^[A-Z]{2}$/, 'Código de país ISO de dos letras.');

/** A shipment as the ERP sends it: `partida` is its id, the client goes by its `erp_id`. */
export const PorteErp = z.object({
  partida: Partida,
  cliente_erp_id: ErpId,
  ref_cliente: opcional(60),
  origen_poblacion: texto(120),
  origen_cp: texto(12),
  origen_pais_iso: PaisIso,
  origen_lat: Coordenada,
  origen_lng: Coordenada,
  destino_poblacion: texto(120),
  destino_cp: texto(12),
  destino_pais_iso: PaisIso,
  destino_lat: Coordenada,
  destino_lng: Coordenada,
  fecha_carga_prevista: IsoDate,
  fecha_entrega_prevista: IsoDate.nullable().optional(),
  /** ISO-8601 instant of the delivery, when delivered. */
  entregado_at: z.iso.datetime().nullable().optional(),
  bultos: z.number().int().min(0),
  peso_kg: z.number().int().min(0),
  p_facturable_kg: z.number().int().min(0),
  estado: PorteEstado.default('pendiente'),
  incidencia: opcional(500),
  /** The consignee (e-CMR box 2): name, tax id and street address; the town is `destino_*`. */
  destinatario_nombre: opcional(200),
  destinatario_cif: opcional(30),
  destinatario_direccion: opcional(200),
});
export type PorteErp = z.infer<typeof PorteErp>;

/** The shipment of the OpenAPI example (tests start from it too). */
export const porteEjemplo = {
  partida: 'P-2026-000123',
  cliente_erp_id: 'C-1001',
  ref_cliente: 'PED-7781',
  origen_poblacion: 'Logroño',
  origen_cp: '26001',
  origen_pais_iso: 'ES',
  destino_poblacion: 'Milano',
  destino_cp: '20121',
  destino_pais_iso: 'IT',
  fecha_carga_prevista: '2026-11-23',
  fecha_entrega_prevista: '2026-11-26',
  bultos: 24,
  peso_kg: 11800,
  p_facturable_kg: 12000,
  estado: 'en_transito',
  destinatario_nombre: 'Distribuzione Alimentare Lombarda S.p.A.',
  destinatario_direccion: 'Via Gianbattista Pirelli 20',
} satisfies z.input<typeof PorteErp>;

/** Body of `PUT /api/integration/v1/portes`. */
export const LotePortes = z
  .object({
    items: z
      .array(PorteErp)
      .min(1)
      .max(MAX_LOTE)
      .superRefine((items, ctx) => {
        const seen = new Set<string>();
        items.forEach((record, index) => {
          if (seen.has(record.partida)) {
            ctx.addIssue({
              code: 'custom',
              path: [index, 'partida'],
              message: 'Partida repetida en el lote.',
            });
          }
          seen.add(record.partida);
        });
      }),
  })
  .meta({
    example: { items: [porteEjemplo] },
  });
export type LotePortes = z.infer<typeof LotePortes>;

/** A tracking stop as the ERP sends it; `erp_id` is unique within the shipment. */
export const ParadaErp = z.object({
  erp_id: ErpId,
  fecha: IsoDate,
  hora: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Hora no válida: use HH:MM.'),
  comentarios: multilinea(opcional(500)),
  cp: opcional(12),
  kilometros_destino: z.number().int().min(0).nullable().optional(),
  pais: opcional(80),
  pais_iso: PaisIso.nullable().optional(),
  poblacion: opcional(120),
  /** The destination town as the stop reports it (`poblacionB` in the customer API). */
  poblacion_b: opcional(120),
  /** Delay in minutes (0 = on time). */
  retraso: z.number().int().min(0).default(0),
  lat: z.number().min(-90).max(90).nullable().optional(),
  lng: Coordenada,
});
export type ParadaErp = z.infer<typeof ParadaErp>;

/** The tracking stop of the OpenAPI example (tests start from it too). */
export const paradaEjemplo = {
  erp_id: 'S-1',
  fecha: '2026-11-24',
  hora: '08:15',
  comentarios: 'Salida de almacén',
  cp: '26001',
  pais: 'España',
  pais_iso: 'ES',
  poblacion: 'Logroño',
  poblacion_b: 'Milano',
  kilometros_destino: 1180,
  retraso: 0,
  lat: 42.4627,
  lng: -2.4449,
} satisfies z.input<typeof ParadaErp>;

/** Body of `POST /api/integration/v1/portes/{partida}/seguimiento`. */
export const LoteParadas = lote(ParadaErp).meta({
  example: { items: [paradaEjemplo] },
});
export type LoteParadas = z.infer<typeof LoteParadas>;

/** One record of a batch answer: the ERP's id, ours, and whether it was created. */
export const ResultadoRegistro = z.object({
  erp_id: z.string(),
  id: z.number().int().positive(),
  creado: z.boolean(),
});
export type ResultadoRegistro = z.infer<typeof ResultadoRegistro>;

/** Answer of every batch upsert, records in the order sent. */
export const ResultadoLote = z
  .object({
    creados: z.number().int(),
    actualizados: z.number().int(),
    items: z.array(ResultadoRegistro),
  })
  .meta({
    example: {
      creados: 1,
      actualizados: 0,
      items: [{ erp_id: 'C-1001', id: 42, creado: true }],
    },
  });
export type ResultadoLote = z.infer<typeof ResultadoLote>;

/** `details` of a 400 VALIDATION_ERROR of the integration API: one entry per problem. */
export const ErrorRegistro = z.object({
  /** Position of the record in `items`, absent when the problem is the batch itself. */
  index: z.number().int().optional(),
  /** Field inside the record (dotted), or of the body when there is no index. */
  path: z.string(),
  message: z.string(),
});
export type ErrorRegistro = z.infer<typeof ErrorRegistro>;

/** Header of a write that must happen at most once; a retry replays the stored answer. */
export const IdempotencyHeaders = z.object({
  'idempotency-key': z.string().min(1).max(200).optional(),
});
