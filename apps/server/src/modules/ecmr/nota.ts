import type { CambioEcmr, EdicionEcmr, NotaEcmr } from '@extranet/contracts/ecmr/ecmr';
import type { z } from 'zod';
import type { FuenteSubpartida } from './repository.js';

/*
 * The note's content: made from the transport data, changed by the carrier, compared between
 * versions. Pure functions.
 */

interface Parada {
  tipo: 'carga' | 'descarga';
  direccion: string | null;
  cp: string | null;
  poblacion: string;
  pais_iso: string | null;
}

/** 'ES' or null: the note takes ISO codes of two capital letters only. */
function pais(value: string | null | undefined): string | null {
  return value && /^[A-Z]{2}$/.test(value) ? value : null;
}

/**
 * A first version of the note from what the portal knows: the customer as sender, the consignee
 * the ERP sent with the shipment, the leg's places and dates, its packages and weight, the
 * carrier with the vehicle and driver. What the portal does not know (the consignee when the ERP
 * sends none, packing, nature of the goods…) is left for the carrier to fill.
 */
export function notaInicial(
  f: FuenteSubpartida,
  paradas: readonly Parada[],
  hoy: string,
): NotaEcmr {
  const carga = paradas.find((p) => p.tipo === 'carga');
  const descarga = paradas.findLast((p) => p.tipo === 'descarga');
  return {
    numero: `${f.referencia}-${f.numero}`,
    remitente: {
      nombre: f.cliente_nombre ?? '',
      cif: f.cliente_cif ?? null,
      direccion: f.cliente_direccion ?? null,
      cp: f.cliente_cp ?? null,
      poblacion: f.cliente_localidad ?? null,
      pais_iso: pais(f.cliente_pais_iso),
    },
    destinatario: {
      nombre: f.destinatario_nombre ?? '',
      cif: f.destinatario_cif ?? null,
      direccion: f.destinatario_direccion ?? descarga?.direccion ?? null,
      cp: descarga?.cp ?? f.porte_destino_cp ?? null,
      poblacion: f.destino_poblacion,
      pais_iso: pais(descarga?.pais_iso ?? f.porte_destino_pais_iso ?? f.destino_pais_iso),
    },
    lugar_entrega: {
      direccion: descarga?.direccion ?? null,
      cp: descarga?.cp ?? f.porte_destino_cp ?? null,
      poblacion: f.destino_poblacion,
      pais_iso: pais(descarga?.pais_iso ?? f.porte_destino_pais_iso ?? f.destino_pais_iso),
      fecha: f.fecha_entrega_prevista ?? f.fecha_descarga,
    },
    lugar_carga: {
      direccion: carga?.direccion ?? null,
      cp: carga?.cp ?? f.porte_origen_cp ?? null,
      poblacion: f.origen_poblacion,
      pais_iso: pais(carga?.pais_iso ?? f.porte_origen_pais_iso ?? f.origen_pais_iso),
      fecha: f.fecha_carga_prevista ?? f.fecha_carga,
    },
    documentos_anexos: null,
    mercancias: [
      {
        marcas: f.ref_cliente ?? f.partida ?? null,
        bultos: f.bultos,
        embalaje: null,
        naturaleza: null,
        numero_estadistico: null,
        peso_bruto_kg: f.peso_kg,
        volumen_m3: null,
      },
    ],
    instrucciones_remitente: f.carga_observaciones ?? null,
    forma_pago: null,
    reembolso: null,
    transportista: {
      nombre: f.proveedor_nombre,
      cif: f.proveedor_cif,
      direccion: f.proveedor_direccion,
      cp: f.proveedor_cp,
      poblacion: f.proveedor_localidad,
      pais_iso: pais(f.proveedor_pais_iso),
      matricula: f.matricula,
      conductor: f.conductor,
    },
    porteadores_sucesivos: [],
    reservas_transportista: null,
    estipulaciones: null,
    establecido_en: { lugar: f.origen_poblacion, fecha: hoy },
    referencias: { transporte: f.referencia, subpartida: f.numero, partida: f.partida ?? null },
  };
}

/** The note with the carrier's changes (whole top-level fields replace the old ones). */
export function aplicarCambios(nota: NotaEcmr, cambios: EdicionEcmr['cambios']): NotaEcmr {
  const out: Record<string, unknown> = { ...nota };
  for (const [campo, valor] of Object.entries(cambios)) {
    if (valor !== undefined) out[campo] = valor;
  }
  return out as NotaEcmr;
}

/** A JSON value, as a note holds. */
type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

function hojas(value: Json, prefix: string, out: Map<string, Json>) {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value)
      ? value.map((v, i) => [String(i), v] as const)
      : Object.entries(value);
    if (entries.length === 0) out.set(prefix, value);
    for (const [key, v] of entries) hojas(v, prefix ? `${prefix}.${key}` : key, out);
    return;
  }
  out.set(prefix, value);
}

/** Every leaf that differs between two notes, by its dotted path, in the order of `despues`. */
export function diferencias(antes: NotaEcmr, despues: NotaEcmr): z.infer<typeof CambioEcmr>[] {
  const a = new Map<string, Json>();
  const b = new Map<string, Json>();
  hojas(antes, '', a);
  hojas(despues, '', b);
  const cambios: z.infer<typeof CambioEcmr>[] = [];
  for (const [campo, valor] of b) {
    const previo = a.has(campo) ? a.get(campo)! : null;
    if (JSON.stringify(previo) !== JSON.stringify(valor))
      cambios.push({ campo, antes: previo, despues: valor });
  }
  for (const [campo, valor] of a) {
    if (!b.has(campo)) cambios.push({ campo, antes: valor, despues: null });
  }
  return cambios;
}
