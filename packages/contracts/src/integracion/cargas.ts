import { z } from 'zod';
import { multilinea } from '../common/text.js';
import { IsoDate } from '../common/pagination.js';
import { RegionCode } from '../regiones/region.js';
import { MAX_CAPACIDAD_KG, MAX_PALETS } from '../vehiculos/constants.js';
import { TipoVehiculo } from '../vehiculos/vehiculo.js';
import { Coordenada, MAX_LOTE, opcional, PaisIso, texto } from './integracion.js';

/**
 * The ERP's reference of a load: the key of its upserts (`cargas.referencia` is unique) and a
 * path segment of the award, hence letters, digits, dots, underscores and hyphens only.
 */
export const ReferenciaCarga = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9._-]+$/, 'Referencia no válida: solo letras, números, ".", "_" y "-".');

/** States the ERP may give a load; `asignada` is reached only through the award. */
export const CargaEstadoErp = z.enum(['abierta', 'cerrada', 'anulada']);
export type CargaEstadoErp = z.infer<typeof CargaEstadoErp>;

const Latitud = z.number().min(-90).max(90).nullable().optional();

/** A load for the carriers' exchange as the ERP sends it; `referencia` is its id. */
export const CargaErp = z
  .object({
    referencia: ReferenciaCarga,
    /** Region of the carriers the load is offered to. */
    region: RegionCode,
    origen_poblacion: texto(120),
    origen_cp: texto(12),
    origen_pais_iso: PaisIso,
    origen_lat: Latitud,
    origen_lng: Coordenada,
    destino_poblacion: texto(120),
    destino_cp: texto(12),
    destino_pais_iso: PaisIso,
    destino_lat: Latitud,
    destino_lng: Coordenada,
    fecha_carga: IsoDate,
    /** Same day as the loading or later. */
    fecha_descarga: IsoDate,
    tipo_vehiculo: TipoVehiculo,
    peso_kg: z.number().int().min(0).max(MAX_CAPACIDAD_KG),
    palets: z.number().int().min(0).max(MAX_PALETS),
    /** Guide price in cents shown to carriers; null when the load has none. */
    precio_guia_centimos: z.number().int().min(0).nullable().optional(),
    observaciones: multilinea(opcional(1000)),
    /**
     * `abierta` admits offers; `cerrada` admits no more (pending ones await the award);
     * `anulada` rejects the pending offers. An awarded load cannot be re-opened.
     */
    estado: CargaEstadoErp.default('abierta'),
  })
  .refine((c) => c.fecha_descarga >= c.fecha_carga, {
    message: 'La fecha de descarga no puede ser anterior a la de carga.',
    path: ['fecha_descarga'],
  });
export type CargaErp = z.infer<typeof CargaErp>;

/** The load of the OpenAPI example (tests start from it too). */
export const cargaEjemplo = {
  referencia: 'C26-5001',
  region: 'es',
  origen_poblacion: 'Zaragoza',
  origen_cp: '50001',
  origen_pais_iso: 'ES',
  origen_lat: 41.6488,
  origen_lng: -0.8891,
  destino_poblacion: 'Lyon',
  destino_cp: '69001',
  destino_pais_iso: 'FR',
  fecha_carga: '2026-11-25',
  fecha_descarga: '2026-11-26',
  tipo_vehiculo: 'lona',
  peso_kg: 22000,
  palets: 33,
  precio_guia_centimos: 145000,
  observaciones: 'Carga lateral',
  estado: 'abierta',
} satisfies z.input<typeof CargaErp>;

/** Body of `PUT /api/integration/v1/cargas`: 1 to 1,000 loads, each `referencia` once. */
export const LoteCargas = z
  .object({
    items: z
      .array(CargaErp)
      .min(1)
      .max(MAX_LOTE)
      .superRefine((items, ctx) => {
        const seen = new Set<string>();
        items.forEach((record, index) => {
          if (seen.has(record.referencia)) {
            ctx.addIssue({
              code: 'custom',
              path: [index, 'referencia'],
              message: 'Referencia repetida en el lote.',
            });
          }
          seen.add(record.referencia);
        });
      }),
  })
  .meta({
    example: { items: [cargaEjemplo] },
  });
export type LoteCargas = z.infer<typeof LoteCargas>;

/** Path of `POST /api/integration/v1/cargas/{referencia}/adjudicacion`. */
export const CargaReferenciaParams = z.object({ referencia: ReferenciaCarga });
export type CargaReferenciaParams = z.infer<typeof CargaReferenciaParams>;

/** Body of the award: the pending offer that wins the load. */
export const Adjudicacion = z
  .object({ oferta_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) })
  .meta({ example: { oferta_id: 812 } });
export type Adjudicacion = z.infer<typeof Adjudicacion>;

/**
 * Answer of the award: the load and its accepted offer. Awarding the same offer again gives
 * the same answer (and tells nobody again).
 */
export const ResultadoAdjudicacion = z
  .object({
    carga_id: z.number().int().positive(),
    referencia: z.string(),
    estado: z.literal('asignada'),
    proveedor_asignado_id: z.number().int().positive(),
    oferta: z.object({
      id: z.number().int().positive(),
      proveedor_id: z.number().int().positive(),
      precio_centimos: z.number().int(),
      estado: z.literal('aceptada'),
    }),
  })
  .meta({
    example: {
      carga_id: 57,
      referencia: 'C26-5001',
      estado: 'asignada',
      proveedor_asignado_id: 12,
      oferta: { id: 812, proveedor_id: 12, precio_centimos: 139000, estado: 'aceptada' },
    },
  });
export type ResultadoAdjudicacion = z.infer<typeof ResultadoAdjudicacion>;
