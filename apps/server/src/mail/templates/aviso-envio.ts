import type { MailMessage } from '../mailer.js';
// "2 h 15 min": the units read the same in the six languages.
import { duracionEs } from './avisos.js';
import { emailLayout, escapeHtml, filasHtml, filasTexto, type Filas } from './html.js';

/*
 * The notice of a shared shipment to a visitor who subscribed on its page (issue 19), in the
 * language the page was shown in: the six of the driver page and the shipment page.
 */

/** The languages of the visitor's page; anything else is written in Spanish. */
export const IDIOMAS_AVISO_ENVIO = ['es', 'en', 'fr', 'it', 'ro', 'tr'] as const;
export type IdiomaAvisoEnvio = (typeof IDIOMAS_AVISO_ENVIO)[number];

/** What happened to the shipment, as the notice tells it. */
export type NovedadEnvio =
  | {
      tipo: 'carga' | 'llegada_descarga' | 'descarga' | 'incidencia';
      /** The stop's town and country. */
      poblacion: string;
      pais_iso: string | null;
      ocurrido_at: string;
      /** The driver's words about an incident. */
      texto: string | null;
    }
  | { tipo: 'entregado'; entregado_at: string | null }
  | { tipo: 'retrasado'; retraso_minutos: number };

type Titulo = NovedadEnvio['tipo'];

interface Textos {
  locale: string;
  titulos: Record<Titulo, string>;
  /** `{lugar}` is the stop, `{retraso}` the delay. */
  mensajes: Record<Titulo, string>;
  asunto: string;
  saludo: string;
  filas: {
    envio: string;
    compartidoPor: string;
    origen: string;
    destino: string;
    parada: string;
    hora: string;
    incidencia: string;
    retraso: string;
    entregado: string;
  };
  boton: string;
  noReenviar: string;
  motivo: string;
  baja: string;
  pie: string;
}

const TEXTOS: Record<IdiomaAvisoEnvio, Textos> = {
  es: {
    locale: 'es-ES',
    titulos: {
      carga: 'Mercancía cargada',
      llegada_descarga: 'Llegada al punto de descarga',
      descarga: 'Mercancía descargada',
      incidencia: 'Incidencia',
      entregado: 'Envío entregado',
      retrasado: 'Envío con retraso',
    },
    mensajes: {
      carga: 'El conductor ha cargado la mercancía en {lugar}.',
      llegada_descarga: 'El conductor ha llegado al punto de descarga en {lugar}.',
      descarga: 'El conductor ha descargado la mercancía en {lugar}.',
      incidencia: 'El conductor ha comunicado una incidencia en la parada de {lugar}.',
      entregado: 'El envío ha sido entregado en destino.',
      retrasado: 'El envío lleva un retraso estimado de {retraso}.',
    },
    asunto: '{titulo}: envío {partida}',
    saludo: 'Hola:',
    filas: {
      envio: 'Envío',
      compartidoPor: 'Compartido por',
      origen: 'Origen',
      destino: 'Destino',
      parada: 'Parada',
      hora: 'Hora',
      incidencia: 'Incidencia',
      retraso: 'Retraso',
      entregado: 'Entregado',
    },
    boton: 'Ver el envío',
    noReenviar: 'No reenvíe este mensaje: quien tenga el enlace puede ver el envío.',
    motivo: 'Recibe este aviso porque suscribió {email} a los avisos de este envío.',
    baja: 'Dejar de recibir estos avisos',
    pie: 'Extranet de transporte. Este mensaje se ha enviado automáticamente; no responda a él.',
  },
  en: {
    locale: 'en-GB',
    titulos: {
      carga: 'Goods loaded',
      llegada_descarga: 'Arrived at the unloading point',
      descarga: 'Goods unloaded',
      incidencia: 'Incident',
      entregado: 'Shipment delivered',
      retrasado: 'Shipment delayed',
    },
    mensajes: {
      carga: 'The driver has loaded the goods in {lugar}.',
      llegada_descarga: 'The driver has arrived at the unloading point in {lugar}.',
      descarga: 'The driver has unloaded the goods in {lugar}.',
      incidencia: 'The driver has reported an incident at the stop in {lugar}.',
      entregado: 'The shipment has been delivered.',
      retrasado: 'The shipment is running an estimated {retraso} late.',
    },
    asunto: '{titulo}: shipment {partida}',
    saludo: 'Hello,',
    filas: {
      envio: 'Shipment',
      compartidoPor: 'Shared by',
      origen: 'Origin',
      destino: 'Destination',
      parada: 'Stop',
      hora: 'Time',
      incidencia: 'Incident',
      retraso: 'Delay',
      entregado: 'Delivered',
    },
    boton: 'View the shipment',
    noReenviar: 'Do not forward this message: anyone with the link can see the shipment.',
    motivo: 'You are receiving this because you subscribed {email} to this shipment’s notices.',
    baja: 'Stop these notices',
    pie: 'Transport extranet. This message was sent automatically; please do not reply to it.',
  },
  fr: {
    locale: 'fr-FR',
    titulos: {
      carga: 'Marchandise chargée',
      llegada_descarga: 'Arrivée au point de déchargement',
      descarga: 'Marchandise déchargée',
      incidencia: 'Incident',
      entregado: 'Envoi livré',
      retrasado: 'Envoi en retard',
    },
    mensajes: {
      carga: 'Le chauffeur a chargé la marchandise à {lugar}.',
      llegada_descarga: 'Le chauffeur est arrivé au point de déchargement à {lugar}.',
      descarga: 'Le chauffeur a déchargé la marchandise à {lugar}.',
      incidencia: 'Le chauffeur a signalé un incident à l’arrêt de {lugar}.',
      entregado: 'L’envoi a été livré à destination.',
      retrasado: 'L’envoi a un retard estimé de {retraso}.',
    },
    asunto: '{titulo} : envoi {partida}',
    saludo: 'Bonjour,',
    filas: {
      envio: 'Envoi',
      compartidoPor: 'Partagé par',
      origen: 'Origine',
      destino: 'Destination',
      parada: 'Arrêt',
      hora: 'Heure',
      incidencia: 'Incident',
      retraso: 'Retard',
      entregado: 'Livré',
    },
    boton: 'Voir l’envoi',
    noReenviar:
      'Ne transférez pas ce message : toute personne disposant du lien peut voir l’envoi.',
    motivo: 'Vous recevez cet avis parce que vous avez abonné {email} aux avis de cet envoi.',
    baja: 'Ne plus recevoir ces avis',
    pie: 'Extranet de transport. Ce message a été envoyé automatiquement ; merci de ne pas y répondre.',
  },
  it: {
    locale: 'it-IT',
    titulos: {
      carga: 'Merce caricata',
      llegada_descarga: 'Arrivo al punto di scarico',
      descarga: 'Merce scaricata',
      incidencia: 'Problema segnalato',
      entregado: 'Spedizione consegnata',
      retrasado: 'Spedizione in ritardo',
    },
    mensajes: {
      carga: 'L’autista ha caricato la merce a {lugar}.',
      llegada_descarga: 'L’autista è arrivato al punto di scarico a {lugar}.',
      descarga: 'L’autista ha scaricato la merce a {lugar}.',
      incidencia: 'L’autista ha segnalato un problema alla fermata di {lugar}.',
      entregado: 'La spedizione è stata consegnata a destinazione.',
      retrasado: 'La spedizione ha un ritardo stimato di {retraso}.',
    },
    asunto: '{titulo}: spedizione {partida}',
    saludo: 'Buongiorno,',
    filas: {
      envio: 'Spedizione',
      compartidoPor: 'Condivisa da',
      origen: 'Origine',
      destino: 'Destinazione',
      parada: 'Fermata',
      hora: 'Ora',
      incidencia: 'Problema',
      retraso: 'Ritardo',
      entregado: 'Consegnata',
    },
    boton: 'Vedi la spedizione',
    noReenviar: 'Non inoltrare questo messaggio: chiunque abbia il link può vedere la spedizione.',
    motivo: 'Ricevi questo avviso perché hai iscritto {email} agli avvisi di questa spedizione.',
    baja: 'Non ricevere più questi avvisi',
    pie: 'Extranet di trasporto. Questo messaggio è stato inviato automaticamente; non rispondere.',
  },
  ro: {
    locale: 'ro-RO',
    titulos: {
      carga: 'Marfă încărcată',
      llegada_descarga: 'Sosire la punctul de descărcare',
      descarga: 'Marfă descărcată',
      incidencia: 'Incident',
      entregado: 'Transport livrat',
      retrasado: 'Transport întârziat',
    },
    mensajes: {
      carga: 'Șoferul a încărcat marfa în {lugar}.',
      llegada_descarga: 'Șoferul a ajuns la punctul de descărcare din {lugar}.',
      descarga: 'Șoferul a descărcat marfa în {lugar}.',
      incidencia: 'Șoferul a semnalat un incident la oprirea din {lugar}.',
      entregado: 'Transportul a fost livrat la destinație.',
      retrasado: 'Transportul are o întârziere estimată de {retraso}.',
    },
    asunto: '{titulo}: transportul {partida}',
    saludo: 'Bună ziua,',
    filas: {
      envio: 'Transport',
      compartidoPor: 'Distribuit de',
      origen: 'Origine',
      destino: 'Destinație',
      parada: 'Oprire',
      hora: 'Ora',
      incidencia: 'Incident',
      retraso: 'Întârziere',
      entregado: 'Livrat',
    },
    boton: 'Vezi transportul',
    noReenviar: 'Nu redirecționați acest mesaj: oricine are linkul poate vedea transportul.',
    motivo:
      'Primiți această notificare deoarece ați abonat {email} la notificările acestui transport.',
    baja: 'Nu mai primi aceste notificări',
    pie: 'Extranet de transport. Acest mesaj a fost trimis automat; vă rugăm să nu răspundeți.',
  },
  tr: {
    locale: 'tr-TR',
    titulos: {
      carga: 'Yük yüklendi',
      llegada_descarga: 'Boşaltma noktasına varıldı',
      descarga: 'Yük boşaltıldı',
      incidencia: 'Sorun bildirildi',
      entregado: 'Gönderi teslim edildi',
      retrasado: 'Gönderi gecikiyor',
    },
    mensajes: {
      carga: 'Sürücü yükü {lugar} konumunda yükledi.',
      llegada_descarga: 'Sürücü {lugar} konumundaki boşaltma noktasına vardı.',
      descarga: 'Sürücü yükü {lugar} konumunda boşalttı.',
      incidencia: 'Sürücü {lugar} durağında bir sorun bildirdi.',
      entregado: 'Gönderi varış noktasına teslim edildi.',
      retrasado: 'Gönderinin tahmini gecikmesi: {retraso}.',
    },
    asunto: '{titulo}: {partida} numaralı gönderi',
    saludo: 'Merhaba,',
    filas: {
      envio: 'Gönderi',
      compartidoPor: 'Paylaşan',
      origen: 'Çıkış',
      destino: 'Varış',
      parada: 'Durak',
      hora: 'Saat',
      incidencia: 'Sorun',
      retraso: 'Gecikme',
      entregado: 'Teslim',
    },
    boton: 'Gönderiyi görüntüle',
    noReenviar: 'Bu mesajı iletmeyin: bağlantıya sahip olan herkes gönderiyi görebilir.',
    motivo:
      'Bu bildirimi, {email} adresini bu gönderinin bildirimlerine abone ettiğiniz için alıyorsunuz.',
    baja: 'Bu bildirimleri almayı durdur',
    pie: 'Taşımacılık extraneti. Bu mesaj otomatik olarak gönderildi; lütfen yanıtlamayın.',
  },
};

/** The visitor's language when it is one of the page's; Spanish otherwise. */
export function idiomaAvisoEnvio(idioma: string | null): IdiomaAvisoEnvio {
  return (IDIOMAS_AVISO_ENVIO as readonly string[]).includes(idioma ?? '')
    ? (idioma as IdiomaAvisoEnvio)
    : 'es';
}

function rellenar(texto: string, valores: Record<string, string>): string {
  return texto.replace(/\{(\w+)\}/g, (entero, clave: string) => valores[clave] ?? entero);
}

/** An instant in the visitor's language, on Madrid's clock, the zone named. */
function instante(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone: 'Europe/Madrid',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).format(new Date(iso));
}

export interface AvisoEnvioMail {
  to: string;
  idioma: string | null;
  /** The customer who shared the shipment. */
  empresa: string;
  porte: {
    partida: string;
    origen_poblacion: string;
    origen_pais_iso: string;
    destino_poblacion: string;
    destino_pais_iso: string;
  };
  novedad: NovedadEnvio;
  /** The shipment's page, under the subscription's own token. */
  link: string;
  /** The one-click unsubscribe page (for the reader) and API (for the mail client, RFC 8058). */
  baja: { pagina: string; api: string };
}

/** A notice of a shared shipment to a subscribed visitor. */
export function avisoEnvioMail(d: AvisoEnvioMail): MailMessage {
  const t = TEXTOS[idiomaAvisoEnvio(d.idioma)];
  const n = d.novedad;
  const p = d.porte;
  const titulo = t.titulos[n.tipo];
  const subject = rellenar(t.asunto, { titulo, partida: p.partida });
  const lugar =
    'poblacion' in n ? (n.pais_iso ? `${n.poblacion} (${n.pais_iso})` : n.poblacion) : '';
  const mensaje = rellenar(t.mensajes[n.tipo], {
    lugar,
    retraso: n.tipo === 'retrasado' ? duracionEs(n.retraso_minutos) : '',
  });
  const filas: Filas = [
    [t.filas.envio, p.partida],
    [t.filas.compartidoPor, d.empresa],
    [t.filas.origen, `${p.origen_poblacion} (${p.origen_pais_iso})`],
    [t.filas.destino, `${p.destino_poblacion} (${p.destino_pais_iso})`],
  ];
  if ('poblacion' in n) {
    filas.push([t.filas.parada, lugar], [t.filas.hora, instante(n.ocurrido_at, t.locale)]);
    if (n.texto) filas.push([t.filas.incidencia, n.texto]);
  } else if (n.tipo === 'retrasado') {
    filas.push([t.filas.retraso, duracionEs(n.retraso_minutos)]);
  } else if (n.entregado_at) {
    filas.push([t.filas.entregado, instante(n.entregado_at, t.locale)]);
  }
  const motivo = rellenar(t.motivo, { email: d.to });
  const text = [
    t.saludo,
    '',
    mensaje,
    '',
    ...filasTexto(filas),
    '',
    `${t.boton}: ${d.link}`,
    '',
    t.noReenviar,
    '',
    motivo,
    `${t.baja}: ${d.baja.pagina}`,
  ].join('\n');
  const html = emailLayout(
    subject,
    `<p>${escapeHtml(t.saludo)}</p>
<p>${escapeHtml(mensaje)}</p>
${filasHtml(filas)}
<p><a href="${escapeHtml(d.link)}" style="display: inline-block; padding: 10px 18px; background: #1c7ed6; color: #fff; text-decoration: none; border-radius: 4px;">${escapeHtml(t.boton)}</a></p>
<p>${escapeHtml(t.noReenviar)}</p>
<p style="color: #555; font-size: 13px;">${escapeHtml(motivo)} <a href="${escapeHtml(d.baja.pagina)}">${escapeHtml(t.baja)}</a></p>`,
    { lang: idiomaAvisoEnvio(d.idioma), pie: t.pie },
  );
  return {
    to: d.to,
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${d.baja.api}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
