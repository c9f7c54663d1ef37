import type { DatosAviso } from '@extranet/contracts/avisos/aviso';
import type { PorteAviso } from '@extranet/contracts/integracion/eventos';
import type { Portal } from '../db/database.js';
import type { MailMessage } from '../mail/mailer.js';
import {
  cargaPublicadaMail,
  certificadoCaducaMail,
  ecmrFirmadoMail,
  duracionEs,
  paradaPorteMail,
  porteEntregadoMail,
  porteRetrasadoMail,
  tituloAvisoParada,
} from '../mail/templates/avisos.js';
import type { PushPayload } from '../push/push-sender.js';
import type { EventPayloads } from './events.js';

/*
 * E-mail and push of the notices to customers (shipment delivered or delayed) and carriers
 * (certificate about to expire). The worker asks here first; undefined means "not a notice".
 */

const AVISOS = [
  'porte.entregado',
  'porte.retrasado',
  'aviso.parada',
  'certificado.caduca',
  'aviso.busqueda',
  'ecmr.firmado',
] as const;
type Aviso = (typeof AVISOS)[number];

function isAviso(tipo: string): tipo is Aviso {
  return (AVISOS as readonly string[]).includes(tipo);
}

/** The portal page of a shipment: the tracking view takes the partida (spec route table). */
export function urlDePorte(partida: string): string {
  return `/clientes/tracking-porte/${encodeURIComponent(partida)}`;
}

/** The supplier page of the certificates. */
export const URL_CERTIFICADOS = '/proveedores/certificados';

/** The supplier page of the load exchange. */
const URL_CARGAS = '/proveedores/cargas';

/** The load exchange with a saved search's filters applied. */
export function urlDeCargas(busquedaId: number): string {
  return `${URL_CARGAS}?busqueda=${busquedaId}`;
}

/** The supplier page of one leg's e-CMR. */
export function urlDeEcmr(subpartidaId: number): string {
  return `/proveedores/ecmr/${subpartidaId}`;
}

/** The e-CMR's signer role as a notice says it. */
const ROL_ECMR: Record<EventPayloads['ecmr.firmado']['rol'], string> = {
  remitente: 'el remitente',
  transportista: 'el transportista',
  destinatario: 'el destinatario',
};

/** The portal whose push subscriptions receive this event's notifications. */
export function portalDeAviso(tipo: string): Portal {
  return tipo === 'porte.entregado' || tipo === 'porte.retrasado' || tipo === 'aviso.parada'
    ? 'clientes'
    : 'proveedores';
}

/**
 * The page of the event's subject, relative to the portal's origin. An e-CMR's is the carrier's
 * page of the note; its customer's notice points at the shipment (`textoDeAviso`).
 */
function urlDe(tipo: Aviso, payload: unknown): string {
  if (tipo === 'certificado.caduca') return URL_CERTIFICADOS;
  if (tipo === 'aviso.busqueda') {
    return urlDeCargas((payload as EventPayloads['aviso.busqueda']).busqueda_id);
  }
  if (tipo === 'ecmr.firmado') {
    return urlDeEcmr((payload as EventPayloads['ecmr.firmado']).subpartida_id);
  }
  return urlDePorte((payload as EventPayloads['porte.entregado']).partida);
}

/** The page a user of this portal opens for the event (a customer's e-CMR: its shipment). */
function urlPara(tipo: Aviso, payload: unknown, portal: Portal): string {
  const partida = (payload as EventPayloads['ecmr.firmado']).partida;
  if (tipo === 'ecmr.firmado' && portal === 'clientes' && partida) return urlDePorte(partida);
  return urlDe(tipo, payload);
}

/** The notice's e-mail to this user, or undefined when the event is not a notice. */
export function emailDeAviso(
  tipo: string,
  payloadJson: string,
  usuario: { email: string; nombre: string },
  publicUrl: string,
  portal: Portal = portalDeAviso(tipo),
): MailMessage | undefined {
  if (!isAviso(tipo)) return undefined;
  const payload: unknown = JSON.parse(payloadJson);
  const destinatario = {
    to: usuario.email,
    nombre: usuario.nombre,
    link: new URL(urlPara(tipo, payload, portal), publicUrl).toString(),
  };
  switch (tipo) {
    case 'porte.entregado': {
      const p = payload as EventPayloads['porte.entregado'];
      return porteEntregadoMail({ ...destinatario, porte: p, entregadoAt: p.entregado_at });
    }
    case 'porte.retrasado': {
      const p = payload as EventPayloads['porte.retrasado'];
      return porteRetrasadoMail({
        ...destinatario,
        porte: p,
        retrasoMinutos: p.retraso_minutos,
        parada: p.parada,
      });
    }
    case 'aviso.parada': {
      const p = payload as EventPayloads['aviso.parada'];
      return paradaPorteMail({ ...destinatario, porte: p, evento: p.evento });
    }
    case 'certificado.caduca': {
      const c = payload as EventPayloads['certificado.caduca'];
      return certificadoCaducaMail({ ...destinatario, certificado: c, dias: c.dias });
    }
    case 'aviso.busqueda': {
      const b = payload as EventPayloads['aviso.busqueda'];
      return cargaPublicadaMail({ ...destinatario, busqueda: b.busqueda_nombre, carga: b.carga });
    }
    case 'ecmr.firmado': {
      const e = payload as EventPayloads['ecmr.firmado'];
      return ecmrFirmadoMail({
        ...destinatario,
        ecmr: e,
        rol: ROL_ECMR[e.rol],
        firmadoAt: e.firmado_at,
      });
    }
  }
}

/** The notice's push notification, or undefined when the event is not a notice. */
export function pushDeAviso(
  tipo: string,
  payloadJson: string,
  portal: Portal = portalDeAviso(tipo),
): PushPayload | undefined {
  if (!isAviso(tipo)) return undefined;
  const payload: unknown = JSON.parse(payloadJson);
  const url = urlPara(tipo, payload, portal);
  switch (tipo) {
    case 'porte.entregado': {
      const p = payload as EventPayloads['porte.entregado'];
      return {
        title: 'Porte entregado',
        body: `${p.partida}${p.ref_cliente ? ` (${p.ref_cliente})` : ''}: ${p.origen_poblacion} → ${p.destino_poblacion}`,
        url,
        // One notification per shipment: the delivery replaces an earlier delay notice.
        tag: `porte-${p.partida}`,
      };
    }
    case 'porte.retrasado': {
      const p = payload as EventPayloads['porte.retrasado'];
      return {
        title: `Retraso de ${duracionEs(p.retraso_minutos)}`,
        body: `${p.partida}${p.ref_cliente ? ` (${p.ref_cliente})` : ''}: ${p.origen_poblacion} → ${p.destino_poblacion}`,
        url,
        tag: `porte-${p.partida}`,
      };
    }
    case 'aviso.parada': {
      const p = payload as EventPayloads['aviso.parada'];
      const incidencia = p.evento.texto ? ` · ${p.evento.texto}` : '';
      return {
        title: tituloAvisoParada(p.evento),
        body: `${p.partida}${p.ref_cliente ? ` (${p.ref_cliente})` : ''}: ${p.evento.parada.poblacion}${incidencia}`,
        url,
        tag: `porte-${p.partida}`,
      };
    }
    case 'certificado.caduca': {
      const c = payload as EventPayloads['certificado.caduca'];
      const [y, m, d] = c.fecha_caducidad.split('-');
      return {
        title: 'Certificado a punto de caducar',
        body: `${c.tipo_nombre}: caduca el ${d}/${m}/${y}`,
        url,
        tag: `certificado-${c.certificado_id}`,
      };
    }
    case 'aviso.busqueda': {
      const b = payload as EventPayloads['aviso.busqueda'];
      return {
        title: `Nueva carga: ${b.busqueda_nombre}`,
        body: `${b.carga.referencia}: ${b.carga.origen_poblacion} → ${b.carga.destino_poblacion}`,
        url,
        tag: `carga-${b.carga.carga_id}`,
      };
    }
    case 'ecmr.firmado': {
      const e = payload as EventPayloads['ecmr.firmado'];
      return {
        title: `e-CMR firmado por ${ROL_ECMR[e.rol]}`,
        body: `${e.numero}${e.partida ? ` (${e.partida})` : ''}: ${e.nombre}`,
        url,
        tag: `ecmr-${e.ecmr_id}`,
      };
    }
  }
}

/** What the notice centre keeps of an event for a user of `portal`. */
export interface TextoDeAviso {
  /** The push notification's title and text (Spanish, the same words): older rows' wording. */
  titulo: string;
  texto: string;
  url: string;
  /** The same as data, which the web words in the user's language (decision 021). */
  datos: DatosAviso;
}

/**
 * What the notice centre keeps of an event for a user of `portal`: the push notification's
 * title, text and page, and its message as data; undefined when it is no notice.
 */
export function textoDeAviso(
  tipo: string,
  payloadJson: string,
  portal: Portal,
): TextoDeAviso | undefined {
  if (tipo === 'oferta.aceptada' || tipo === 'oferta.rechazada') {
    const o = JSON.parse(payloadJson) as EventPayloads['oferta.aceptada'];
    const push = pushDeOferta(tipo === 'oferta.aceptada', o);
    return {
      titulo: push.title,
      texto: push.body,
      url: push.url ?? URL_CARGAS,
      datos: {
        mensaje: tipo === 'oferta.aceptada' ? 'oferta_aceptada' : 'oferta_rechazada',
        referencia: o.referencia,
        origen: o.origen_poblacion,
        destino: o.destino_poblacion,
      },
    };
  }
  if (!isAviso(tipo)) return undefined;
  const push = pushDeAviso(tipo, payloadJson, portal);
  return (
    push && {
      titulo: push.title,
      texto: push.body,
      url: push.url ?? URL_CARGAS,
      datos: datosDeAviso(tipo, JSON.parse(payloadJson)),
    }
  );
}

/** A customer's shipment as its notices name it. */
function porteDelAviso(p: PorteAviso) {
  return {
    partida: p.partida,
    ref_cliente: p.ref_cliente,
    origen: p.origen_poblacion,
    destino: p.destino_poblacion,
  };
}

/** The message of a notice and its parameters, as the push words them. */
function datosDeAviso(tipo: Aviso, payload: unknown): DatosAviso {
  switch (tipo) {
    case 'porte.entregado':
      return {
        mensaje: 'porte_entregado',
        ...porteDelAviso(payload as EventPayloads['porte.entregado']),
      };
    case 'porte.retrasado': {
      const p = payload as EventPayloads['porte.retrasado'];
      return {
        mensaje: 'porte_retrasado',
        ...porteDelAviso(p),
        retraso_minutos: p.retraso_minutos,
      };
    }
    case 'aviso.parada': {
      const p = payload as EventPayloads['aviso.parada'];
      return {
        mensaje: 'parada',
        partida: p.partida,
        ref_cliente: p.ref_cliente,
        evento: p.evento.tipo,
        parada: p.evento.parada.tipo,
        poblacion: p.evento.parada.poblacion,
        texto: p.evento.texto,
      };
    }
    case 'certificado.caduca': {
      const c = payload as EventPayloads['certificado.caduca'];
      return {
        mensaje: 'certificado_caduca',
        certificado: c.tipo_nombre,
        fecha: c.fecha_caducidad,
      };
    }
    case 'aviso.busqueda': {
      const b = payload as EventPayloads['aviso.busqueda'];
      return {
        mensaje: 'carga_publicada',
        busqueda: b.busqueda_nombre,
        referencia: b.carga.referencia,
        origen: b.carga.origen_poblacion,
        destino: b.carga.destino_poblacion,
      };
    }
    case 'ecmr.firmado': {
      const e = payload as EventPayloads['ecmr.firmado'];
      return {
        mensaje: 'ecmr_firmado',
        rol: e.rol,
        numero: e.numero,
        partida: e.partida,
        nombre: e.nombre,
      };
    }
  }
}

/** The push notification of an accepted or refused offer. */
export function pushDeOferta(
  aceptada: boolean,
  o: Pick<
    EventPayloads['oferta.aceptada'],
    'referencia' | 'origen_poblacion' | 'destino_poblacion'
  >,
): PushPayload {
  return {
    title: aceptada ? 'Oferta aceptada' : 'Oferta rechazada',
    body: `Carga ${o.referencia}: ${o.origen_poblacion} → ${o.destino_poblacion}`,
    url: URL_CARGAS,
  };
}
