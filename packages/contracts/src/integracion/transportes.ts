import { z } from 'zod';
import { IsoDate } from '../common/pagination.js';
import { Partida } from '../portes/porte.js';
import { TransporteEstado } from '../transportes/transporte.js';
import { ReferenciaCarga } from './cargas.js';
import { ErpId, lote, opcional, PaisIso, texto } from './integracion.js';

/** Most legs one transport may carry in a batch. */
export const MAX_SUBPARTIDAS = 50;

/**
 * A leg of a transport as the ERP sends it; `erp_id` is unique within the transport. Its
 * number in the portal is its position in `subpartidas` (1, 2…).
 */
export const SubpartidaErp = z.object({
  erp_id: ErpId,
  origen_poblacion: texto(120),
  destino_poblacion: texto(120),
  bultos: z.number().int().min(0),
  peso_kg: z.number().int().min(0),
  /** The customer shipment carried, by its partida: its customer may then see the leg's CMR. */
  partida: Partida.nullable().optional(),
});
export type SubpartidaErp = z.infer<typeof SubpartidaErp>;

/**
 * A transport assigned to a carrier as the ERP sends it, with all its legs: a leg no longer
 * listed is removed, unless its CMR was already uploaded (then the batch is refused).
 */
export const TransporteErp = z
  .object({
    erp_id: ErpId,
    /** The carrier, by its `erp_id`. */
    proveedor_erp_id: ErpId,
    /** The label the carrier sees ("Referencia"); need not be unique. */
    referencia: texto(60),
    /** The exchange's load this transport comes from, by its referencia, if any. */
    carga_referencia: ReferenciaCarga.nullable().optional(),
    /** "Vehículo": the plate, as the ERP knows it. */
    matricula: opcional(20),
    conductor: opcional(120),
    origen_poblacion: texto(120),
    origen_cp: texto(12),
    origen_pais_iso: PaisIso,
    destino_poblacion: texto(120),
    destino_cp: texto(12),
    destino_pais_iso: PaisIso,
    /** "Carga Prevista". */
    fecha_carga: IsoDate,
    /** Same day as the loading or later. */
    fecha_descarga: IsoDate,
    /** "Precio": what the carrier is paid, in cents. */
    importe_centimos: z.number().int().min(0),
    /** CMRs are asked for once `en_transito` or `entregado`; only `entregado` is invoiced. */
    estado: TransporteEstado.default('asignado'),
    incidencia: opcional(500),
    subpartidas: z
      .array(SubpartidaErp)
      .min(1)
      .max(MAX_SUBPARTIDAS)
      .superRefine((legs, ctx) => {
        const seen = new Set<string>();
        legs.forEach((leg, index) => {
          if (seen.has(leg.erp_id)) {
            ctx.addIssue({
              code: 'custom',
              path: [index, 'erp_id'],
              message: 'erp_id de subpartida repetido en el transporte.',
            });
          }
          seen.add(leg.erp_id);
        });
      }),
  })
  .refine((t) => t.fecha_descarga >= t.fecha_carga, {
    message: 'La fecha de descarga no puede ser anterior a la de carga.',
    path: ['fecha_descarga'],
  });
export type TransporteErp = z.infer<typeof TransporteErp>;

/** The transport of the OpenAPI example (tests start from it too). */
export const transporteEjemplo = {
  erp_id: 'TR-2026-0415',
  proveedor_erp_id: 'P-2001',
  referencia: 'T880415',
  carga_referencia: 'C26-5001',
  matricula: '1234KLM',
  conductor: 'Jorge Sanz',
  origen_poblacion: 'Zaragoza',
  origen_cp: '50001',
  origen_pais_iso: 'ES',
  destino_poblacion: 'Lyon',
  destino_cp: '69001',
  destino_pais_iso: 'FR',
  fecha_carga: '2026-11-25',
  fecha_descarga: '2026-11-26',
  importe_centimos: 139000,
  estado: 'en_transito',
  subpartidas: [
    {
      erp_id: 'TR-2026-0415-1',
      origen_poblacion: 'Zaragoza',
      destino_poblacion: 'Lyon',
      bultos: 20,
      peso_kg: 12000,
      partida: 'P-2026-000123',
    },
    {
      erp_id: 'TR-2026-0415-2',
      origen_poblacion: 'Zaragoza',
      destino_poblacion: 'Villeurbanne',
      bultos: 13,
      peso_kg: 9800,
    },
  ],
} satisfies z.input<typeof TransporteErp>;

/** Body of `PUT /api/integration/v1/transportes`. */
export const LoteTransportes = lote(TransporteErp).meta({
  example: { items: [transporteEjemplo] },
});
export type LoteTransportes = z.infer<typeof LoteTransportes>;
