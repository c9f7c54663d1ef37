import type { Aviso, DatosAviso } from '@extranet/contracts/avisos/aviso';
import type { TFunction } from 'i18next';
import { formatDate } from '../../lib/format';

/** What a notice says: its title and its line. */
export interface MensajeAviso {
  titulo: string;
  texto: string;
}

/**
 * A notice in the UI's language (decision 021): worded from its data; a notice written before
 * the data was kept shows the Spanish words it was stored with.
 */
export function mensajeDeAviso(aviso: Aviso, t: TFunction): MensajeAviso {
  return aviso.datos
    ? mensajeDeDatos(aviso.datos, t)
    : { titulo: aviso.titulo, texto: aviso.texto };
}

function mensajeDeDatos(datos: DatosAviso, t: TFunction): MensajeAviso {
  switch (datos.mensaje) {
    case 'oferta_aceptada':
    case 'oferta_rechazada':
      return {
        titulo: t(`avisos.mensajes.${datos.mensaje}`),
        texto: t('avisos.mensajes.cargaOferta', {
          referencia: datos.referencia,
          origen: datos.origen,
          destino: datos.destino,
        }),
      };
    case 'carga_publicada':
      return {
        titulo: t('avisos.mensajes.carga_publicada', { busqueda: datos.busqueda }),
        texto: ruta(datos.referencia, datos, t),
      };
    case 'certificado_caduca':
      return {
        titulo: t('avisos.mensajes.certificado_caduca'),
        texto: t('avisos.mensajes.caducaEl', {
          certificado: datos.certificado,
          fecha: formatDate(datos.fecha),
        }),
      };
    case 'porte_entregado':
      return {
        titulo: t('avisos.mensajes.porte_entregado'),
        texto: ruta(porte(datos, t), datos, t),
      };
    case 'porte_retrasado':
      return {
        titulo: t('avisos.mensajes.porte_retrasado', {
          duracion: duracion(datos.retraso_minutos, t),
        }),
        texto: ruta(porte(datos, t), datos, t),
      };
    case 'parada': {
      const que = porte(datos, t);
      return {
        titulo: t(
          `avisos.mensajes.parada.${datos.evento === 'llegada' ? `llegada_${datos.parada}` : datos.evento}`,
        ),
        texto: datos.texto
          ? t('avisos.mensajes.lineas.lugarIncidencia', {
              que,
              poblacion: datos.poblacion,
              incidencia: datos.texto,
            })
          : t('avisos.mensajes.lineas.lugar', { que, poblacion: datos.poblacion }),
      };
    }
    case 'ecmr_firmado':
      return {
        titulo: t(`avisos.mensajes.ecmr_firmado.${datos.rol}`),
        texto: t('avisos.mensajes.lineas.firmante', {
          que: conDetalle(datos.numero, datos.partida, t),
          nombre: datos.nombre,
        }),
      };
  }
}

/** "2699002 (PED-7): Zaragoza → Lyon". */
function ruta(que: string, d: { origen: string; destino: string }, t: TFunction): string {
  return t('avisos.mensajes.lineas.ruta', { que, origen: d.origen, destino: d.destino });
}

/** The shipment as the customer knows it: the partida, with their reference when there is one. */
function porte(datos: { partida: string; ref_cliente: string | null }, t: TFunction): string {
  return conDetalle(datos.partida, datos.ref_cliente, t);
}

/** "2699002 (PED-7)", or the first alone. */
function conDetalle(que: string, detalle: string | null, t: TFunction): string {
  return detalle ? t('avisos.mensajes.lineas.conDetalle', { que, detalle }) : que;
}

/** 150 → "2 h 30 min" (in Turkish "2 sa 30 dk"). */
function duracion(minutos: number, t: TFunction): string {
  const h = Math.floor(minutos / 60);
  const m = minutos % 60;
  if (h === 0) return t('avisos.mensajes.duracion.minutos', { m });
  return m === 0
    ? t('avisos.mensajes.duracion.horas', { h })
    : t('avisos.mensajes.duracion.horasMinutos', { h, m });
}
