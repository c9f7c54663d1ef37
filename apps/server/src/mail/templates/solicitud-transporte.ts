import { PAISES_SOLICITUD } from '@extranet/contracts/solicitudes/solicitud';
import { tipoVehiculoLabels } from '@extranet/contracts/vehiculos/constants';
import type { TipoVehiculo } from '@extranet/contracts/vehiculos/vehiculo';
import { fechaEs } from '../../lib/csv.js';
import type { MailMessage } from '../mailer.js';
import { emailLayout, filasHtml, filasTexto, type Filas } from './html.js';

/** What the operators need to quote a transport request. */
export interface SolicitudTransporteMail {
  to: string;
  solicitudId: number;
  cliente: { id: number; razon_social: string };
  /** Who sent it: the user's e-mail, or null from an access link. */
  usuarioEmail: string | null;
  solicitud: {
    origen_poblacion: string;
    origen_direccion: string | null;
    origen_cp: string | null;
    origen_pais_iso: string | null;
    destino_poblacion: string;
    destino_direccion: string | null;
    destino_cp: string | null;
    destino_pais_iso: string | null;
    fecha_carga: string;
    fecha_entrega: string | null;
    mercancia: string | null;
    bultos: number | null;
    peso_kg: number | null;
    tipo_vehiculo: string | null;
    observaciones: string | null;
  };
}

function pais(iso: string | null): string {
  if (!iso) return '';
  return PAISES_SOLICITUD[iso as keyof typeof PAISES_SOLICITUD] ?? iso;
}

function lugar(poblacion: string, direccion: string | null, cp: string | null, iso: string | null) {
  return [direccion, [cp, poblacion].filter(Boolean).join(' '), pais(iso)]
    .filter(Boolean)
    .join(', ');
}

/** The e-mail to the operators about a new transport request ("Solicitar Transporte"). */
export function solicitudTransporteMail(data: SolicitudTransporteMail): MailMessage {
  const s = data.solicitud;
  const subject = `Nueva solicitud de transporte nº ${data.solicitudId} de ${data.cliente.razon_social}`;
  const filas: Filas = [
    ['Cliente', `${data.cliente.razon_social} (id ${data.cliente.id})`],
    ['Enviada por', data.usuarioEmail ?? 'enlace de acceso del cliente'],
    ['Origen', lugar(s.origen_poblacion, s.origen_direccion, s.origen_cp, s.origen_pais_iso)],
    ['Destino', lugar(s.destino_poblacion, s.destino_direccion, s.destino_cp, s.destino_pais_iso)],
    ['Fecha de carga', fechaEs(s.fecha_carga)],
    ['Fecha de entrega', s.fecha_entrega ? fechaEs(s.fecha_entrega) : 'sin indicar'],
    ['Mercancía', s.mercancia ?? ''],
    ['Bultos', s.bultos === null ? '' : String(s.bultos)],
    ['Peso', s.peso_kg === null ? '' : `${s.peso_kg.toLocaleString('es-ES')} kg`],
    [
      'Vehículo',
      s.tipo_vehiculo
        ? (tipoVehiculoLabels[s.tipo_vehiculo as TipoVehiculo] ?? s.tipo_vehiculo)
        : 'sin indicar',
    ],
    ['Observaciones', s.observaciones ?? ''],
  ];
  const text = [
    `Se ha recibido la solicitud de transporte nº ${data.solicitudId} en la extranet:`,
    '',
    ...filasTexto(filas),
    '',
    'Responda al cliente y actualice el estado de la solicitud.',
  ].join('\n');
  const html = emailLayout(
    subject,
    `<p>Se ha recibido la solicitud de transporte nº ${data.solicitudId} en la extranet:</p>
${filasHtml(filas, true)}
<p>Responda al cliente y actualice el estado de la solicitud.</p>`,
  );
  return { to: data.to, subject, text, html };
}
