import type { Portal } from '../db/database.js';
import type { MailMessage } from '../mail/mailer.js';
import {
  certificadoCaducaMail,
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

/** The portal whose push subscriptions receive this event's notifications. */
export function portalDeAviso(tipo: string): Portal {
  return tipo === 'porte.entregado' || tipo === 'porte.retrasado' || tipo === 'aviso.parada'
    ? 'clientes'
    : 'proveedores';
}

/** The page of the event's subject, relative to the portal's origin. */
function urlDe(tipo: Aviso, payload: unknown): string {
  if (tipo === 'certificado.caduca') return URL_CERTIFICADOS;
  return urlDePorte((payload as EventPayloads['porte.entregado']).partida);
}

/** The notice's e-mail to this user, or undefined when the event is not a notice. */
export function emailDeAviso(
  tipo: string,
  payloadJson: string,
  usuario: { email: string; nombre: string },
  publicUrl: string,
): MailMessage | undefined {
  if (!isAviso(tipo)) return undefined;
  const payload: unknown = JSON.parse(payloadJson);
  const destinatario = {
    to: usuario.email,
    nombre: usuario.nombre,
    link: new URL(urlDe(tipo, payload), publicUrl).toString(),
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
  }
}

/** The notice's push notification, or undefined when the event is not a notice. */
export function pushDeAviso(tipo: string, payloadJson: string): PushPayload | undefined {
  if (!isAviso(tipo)) return undefined;
  const payload: unknown = JSON.parse(payloadJson);
  const url = urlDe(tipo, payload);
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
  }
}
