import { z } from 'zod';
import { IsoDate, PageQuery, pageOf } from '../common/pagination.js';
import {
  MATRICULA_MAX,
  MATRICULA_MIN,
  MATRICULA_PATTERN,
  MAX_CAPACIDAD_KG,
  MAX_CONDUCTOR_NOMBRE,
  MAX_CONDUCTOR_TELEFONO,
  MAX_PALETS,
  TELEFONO_PATTERN,
  TIPOS_VEHICULO,
} from './constants.js';

/** A vehicle type code. */
export const TipoVehiculo = z.enum(TIPOS_VEHICULO);
export type TipoVehiculo = z.infer<typeof TipoVehiculo>;

/** A licence plate: letters, digits, spaces and hyphens; stored upper case without spaces. */
export const Matricula = z
  .string()
  .trim()
  .min(MATRICULA_MIN, 'La matrícula es demasiado corta.')
  .max(MATRICULA_MAX, 'La matrícula es demasiado larga.')
  .regex(MATRICULA_PATTERN, 'La matrícula solo admite letras, números y guiones.')
  .transform((value) => value.replace(/[\s-]+/g, '').toUpperCase());

/** Path parameter `:id` of a vehicle. */
export const VehiculoIdParams = z.object({ id: z.coerce.number().int().positive() });
export type VehiculoIdParams = z.infer<typeof VehiculoIdParams>;

/** One of the carrier's vehicles as the panel shows it. */
export const Vehiculo = z.object({
  id: z.number().int().positive(),
  matricula: z.string(),
  tipo: TipoVehiculo,
  capacidad_kg: z.number().int(),
  palets: z.number().int(),
  conductor_nombre: z.string().nullable(),
  conductor_telefono: z.string().nullable(),
  disponible: z.boolean(),
  disponible_desde: IsoDate.nullable(),
  disponible_hasta: IsoDate.nullable(),
  activo: z.boolean(),
  ultima_lat: z.number().nullable(),
  ultima_lng: z.number().nullable(),
  ultima_poblacion: z.string().nullable(),
  ultima_posicion_at: z.string().nullable(),
});
export type Vehiculo = z.infer<typeof Vehiculo>;

const desdeNoPosteriorAHasta = {
  message: 'La fecha «disponible desde» no puede ser posterior a «disponible hasta».',
  path: ['disponible_hasta'],
};

const vehiculoCampos = {
  tipo: TipoVehiculo,
  capacidad_kg: z.number().int().min(1).max(MAX_CAPACIDAD_KG),
  palets: z.number().int().min(0).max(MAX_PALETS),
  conductor_nombre: z.string().trim().max(MAX_CONDUCTOR_NOMBRE).nullable(),
  conductor_telefono: z
    .string()
    .trim()
    .max(MAX_CONDUCTOR_TELEFONO)
    .regex(TELEFONO_PATTERN, 'Teléfono no válido.')
    .nullable(),
  disponible: z.boolean(),
  disponible_desde: IsoDate.nullable(),
  disponible_hasta: IsoDate.nullable(),
};

/** Body of `POST /api/proveedores/vehiculos`. */
export const VehiculoCrear = z
  .object({
    matricula: Matricula,
    ...vehiculoCampos,
    conductor_nombre: vehiculoCampos.conductor_nombre.optional(),
    conductor_telefono: vehiculoCampos.conductor_telefono.optional(),
    disponible: vehiculoCampos.disponible.default(true),
    disponible_desde: vehiculoCampos.disponible_desde.optional(),
    disponible_hasta: vehiculoCampos.disponible_hasta.optional(),
  })
  .refine(
    (v) => !v.disponible_desde || !v.disponible_hasta || v.disponible_desde <= v.disponible_hasta,
    desdeNoPosteriorAHasta,
  );
export type VehiculoCrear = z.infer<typeof VehiculoCrear>;

/** Body of `PATCH /api/proveedores/vehiculos/:id`: only the fields that change. */
export const VehiculoEditar = z
  .object({ matricula: Matricula, ...vehiculoCampos })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Indique al menos un campo a cambiar.')
  .refine(
    (v) => !v.disponible_desde || !v.disponible_hasta || v.disponible_desde <= v.disponible_hasta,
    desdeNoPosteriorAHasta,
  );
export type VehiculoEditar = z.infer<typeof VehiculoEditar>;

/** `'true'`/`'false'` in a query string. */
const QueryBoolean = z.enum(['true', 'false']).transform((value) => value === 'true');

/** Query of `GET /api/proveedores/vehiculos`: active ones by default, by plate. */
export const VehiculosQuery = PageQuery.extend({
  /** false lists the deactivated vehicles instead. */
  activo: QueryBoolean.default(true),
  disponible: QueryBoolean.optional(),
});
export type VehiculosQuery = z.infer<typeof VehiculosQuery>;

/** Query of `GET /api/proveedores/vehiculos/export.{csv,xlsx}`: the panel's filters, no paging. */
export const VehiculosExportQuery = VehiculosQuery.pick({ activo: true, disponible: true });
export type VehiculosExportQuery = z.infer<typeof VehiculosExportQuery>;

/** A page of the vehicle panel. */
export const VehiculosPage = pageOf(Vehiculo);
export type VehiculosPage = z.infer<typeof VehiculosPage>;

/** An active vehicle with a known position, for the availability map. */
export const VehiculoPosicion = Vehiculo.pick({
  id: true,
  matricula: true,
  tipo: true,
  conductor_nombre: true,
  disponible: true,
  disponible_desde: true,
  disponible_hasta: true,
  ultima_poblacion: true,
  ultima_posicion_at: true,
}).extend({ lat: z.number(), lng: z.number() });
export type VehiculoPosicion = z.infer<typeof VehiculoPosicion>;

/** Response of `GET /api/proveedores/vehiculos/mapa`. */
export const VehiculosMapa = z.object({
  items: z.array(VehiculoPosicion),
  truncated: z.boolean(),
});
export type VehiculosMapa = z.infer<typeof VehiculosMapa>;
