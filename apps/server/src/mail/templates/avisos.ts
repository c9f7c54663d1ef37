import { fechaEs } from '../../lib/csv.js';
import type { MailMessage } from '../mailer.js';
import { avisoMail, type Filas } from './html.js';

/* Notices to a customer about a shipment and to a carrier about a certificate (issue 6). */

/** A shipment as its notices describe it (the `PorteAviso` of the event). */
export interface PorteDelAviso {
  partida: string;
  ref_cliente: string | null;
  origen_poblacion: string;
  origen_pais_iso: string;
  destino_poblacion: string;
  destino_pais_iso: string;
  fecha_carga_prevista: string;
  fecha_entrega_prevista: string | null;
}

interface Destinatario {
  to: string;
  nombre: string;
  /** The page of the subject in the portal. */
  link: string;
}

/** Minutes → "45 min", "2 h", "2 h 15 min". */
export function duracionEs(minutos: number): string {
  const h = Math.floor(minutos / 60);
  const m = minutos % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** An ISO instant as the Spanish office reads it: "26/11/2026 14:30". */
function instanteEs(iso: string): string {
  const parts = new Intl.DateTimeFormat('es-ES', {
    timeZone: 'Europe/Madrid',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('day')}/${get('month')}/${get('year')} ${get('hour')}:${get('minute')}`;
}

function lugar(poblacion: string, paisIso: string): string {
  return `${poblacion} (${paisIso})`;
}

/** "Partida 2600012 (su ref. PED-7781)". */
function porteNombre(p: PorteDelAviso): string {
  return p.ref_cliente ? `${p.partida} (su ref. ${p.ref_cliente})` : p.partida;
}

function porteFilas(p: PorteDelAviso): Filas {
  return [
    ['Partida', p.partida],
    ...(p.ref_cliente ? [['Su referencia', p.ref_cliente] as [string, string]] : []),
    ['Origen', lugar(p.origen_poblacion, p.origen_pais_iso)],
    ['Destino', lugar(p.destino_poblacion, p.destino_pais_iso)],
    ['Carga prevista', fechaEs(p.fecha_carga_prevista)],
    ...(p.fecha_entrega_prevista
      ? [['Entrega prevista', fechaEs(p.fecha_entrega_prevista)] as [string, string]]
      : []),
  ];
}

/** "Porte entregado", to each user of the customer. */
export function porteEntregadoMail(
  d: Destinatario & { porte: PorteDelAviso; entregadoAt: string | null },
): MailMessage {
  const p = d.porte;
  const ruta = `${p.origen_poblacion} → ${p.destino_poblacion}`;
  return avisoMail(
    d,
    `Porte entregado: ${porteNombre(p)} ${ruta}`,
    'Su envío ha sido entregado en destino.',
    [
      ...porteFilas(p),
      ...(d.entregadoAt ? [['Entregado', instanteEs(d.entregadoAt)] as [string, string]] : []),
    ],
    'Ver el seguimiento del porte',
  );
}

/** "Porte con retraso", to each user of the customer. */
export function porteRetrasadoMail(
  d: Destinatario & {
    porte: PorteDelAviso;
    retrasoMinutos: number;
    parada: { fecha: string; hora: string; poblacion: string | null; comentarios: string | null };
  },
): MailMessage {
  const p = d.porte;
  const retraso = duracionEs(d.retrasoMinutos);
  const parada = [fechaEs(d.parada.fecha), d.parada.hora, d.parada.poblacion]
    .filter(Boolean)
    .join(' ');
  return avisoMail(
    d,
    `Retraso de ${retraso} en el porte ${porteNombre(p)}`,
    `Su envío lleva un retraso estimado de ${retraso}. Le avisaremos de nuevo si el retraso aumenta.`,
    [
      ...porteFilas(p),
      ['Retraso', retraso],
      ['Última posición', parada],
      ...(d.parada.comentarios ? [['Comentarios', d.parada.comentarios] as [string, string]] : []),
    ],
    'Ver el seguimiento del porte',
  );
}

/** "Certificado a punto de caducar", to each user of the carrier. */
export function certificadoCaducaMail(
  d: Destinatario & {
    certificado: { tipo_nombre: string; descripcion: string | null; fecha_caducidad: string };
    dias: number;
  },
): MailMessage {
  const c = d.certificado;
  const cuando = d.dias === 0 ? 'hoy' : d.dias === 1 ? 'mañana' : `en ${d.dias} días`;
  return avisoMail(
    d,
    `Su certificado ${c.tipo_nombre} caduca el ${fechaEs(c.fecha_caducidad)}`,
    `Su certificado ${c.tipo_nombre} caduca ${cuando}. Suba la versión renovada en la extranet: ` +
      'con un certificado obligatorio caducado no podrá ofertar en la bolsa de cargas.',
    [
      ['Certificado', c.tipo_nombre],
      ...(c.descripcion ? [['Descripción', c.descripcion] as [string, string]] : []),
      ['Fecha de caducidad', fechaEs(c.fecha_caducidad)],
    ],
    'Abrir mis certificados',
  );
}

/** A driver's stop event as its notice describes it (the `evento` of `aviso.parada`). */
export interface EventoDelAviso {
  tipo: 'llegada' | 'carga' | 'descarga' | 'incidencia';
  texto: string | null;
  ocurrido_at: string;
  parada: { tipo: 'carga' | 'descarga'; poblacion: string; pais_iso: string | null };
}

/** The notice's title, the same in the e-mail's subject and the push notification. */
export function tituloAvisoParada(e: EventoDelAviso): string {
  switch (e.tipo) {
    case 'llegada':
      return e.parada.tipo === 'carga'
        ? 'Llegada al punto de carga'
        : 'Llegada al punto de descarga';
    case 'carga':
      return 'Mercancía cargada';
    case 'descarga':
      return 'Mercancía descargada';
    case 'incidencia':
      return 'Incidencia';
  }
}

/** "Zaragoza (ES)", or the town alone when the stop has no country. */
function lugarParada(e: EventoDelAviso): string {
  return e.parada.pais_iso ? lugar(e.parada.poblacion, e.parada.pais_iso) : e.parada.poblacion;
}

/** What the driver reported at a stop of a shipment, to each user of the customer. */
export function paradaPorteMail(
  d: Destinatario & { porte: PorteDelAviso; evento: EventoDelAviso },
): MailMessage {
  const e = d.evento;
  const donde = lugarParada(e);
  const mensaje = {
    llegada: `El conductor ha llegado al punto de ${e.parada.tipo} en ${donde}.`,
    carga: `El conductor ha cargado su mercancía en ${donde}.`,
    descarga: `El conductor ha descargado su mercancía en ${donde}.`,
    incidencia: `El conductor ha comunicado una incidencia en la parada de ${donde}.`,
  }[e.tipo];
  return avisoMail(
    d,
    `${tituloAvisoParada(e)}: porte ${porteNombre(d.porte)}`,
    mensaje,
    [
      ...porteFilas(d.porte),
      ['Parada', donde],
      ['Hora', instanteEs(e.ocurrido_at)],
      ...(e.texto ? [['Incidencia', e.texto] as [string, string]] : []),
    ],
    'Ver el seguimiento del porte',
  );
}

/** A load of the exchange as the saved-search notice describes it (`aviso.busqueda`). */
export interface CargaDelAviso {
  referencia: string;
  origen_poblacion: string;
  origen_pais_iso: string;
  destino_poblacion: string;
  destino_pais_iso: string;
  fecha_carga: string;
  tipo_vehiculo: string;
}

/** "Nueva carga para su búsqueda", to the carrier user who saved the search (issue 20). */
export function cargaPublicadaMail(
  d: Destinatario & { busqueda: string; carga: CargaDelAviso },
): MailMessage {
  const c = d.carga;
  return avisoMail(
    d,
    `Nueva carga para su búsqueda «${d.busqueda}»: ${c.origen_poblacion} → ${c.destino_poblacion}`,
    `Se ha publicado una carga que cumple su búsqueda guardada «${d.busqueda}».`,
    [
      ['Carga', c.referencia],
      ['Origen', lugar(c.origen_poblacion, c.origen_pais_iso)],
      ['Destino', lugar(c.destino_poblacion, c.destino_pais_iso)],
      ['Fecha de carga', fechaEs(c.fecha_carga)],
    ],
    'Ver las cargas de la búsqueda',
  );
}

/** "e-CMR firmado", to the users of the carrier and of the shipment's customer (issue 20). */
export function ecmrFirmadoMail(
  d: Destinatario & {
    ecmr: { numero: string; referencia: string; partida: string | null; nombre: string };
    rol: string;
    firmadoAt: string;
  },
): MailMessage {
  const e = d.ecmr;
  return avisoMail(
    d,
    `e-CMR ${e.numero} firmado por ${d.rol}`,
    `${e.nombre} ha firmado el e-CMR ${e.numero} como ${d.rol}.`,
    [
      ['e-CMR', e.numero],
      ...(e.partida ? [['Partida', e.partida] as [string, string]] : []),
      ['Transporte', e.referencia],
      ['Firmado', instanteEs(d.firmadoAt)],
    ],
    'Ver el e-CMR',
  );
}
