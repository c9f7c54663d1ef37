import { fechaEs } from '../../lib/csv.js';
import type { MailMessage } from '../mailer.js';
import { avisoMail, type Filas } from './html.js';

/** An offer the company has accepted or rejected, told to a user of the carrier. */
export interface OfertaResueltaMail {
  to: string;
  nombre: string;
  aceptada: boolean;
  oferta: {
    referencia: string;
    origen_poblacion: string;
    destino_poblacion: string;
    fecha_carga: string;
    precio_centimos: number;
  };
  /** The page of the load exchange in the supplier portal. */
  link: string;
}

function euros(centimos: number): string {
  return (centimos / 100).toLocaleString('es-ES', { style: 'currency', currency: 'EUR' });
}

/** "Oferta aceptada" / "Oferta rechazada", to each user of the carrier. */
export function ofertaResueltaMail(data: OfertaResueltaMail): MailMessage {
  const o = data.oferta;
  const ruta = `${o.origen_poblacion} → ${o.destino_poblacion}`;
  const subject = `Oferta ${data.aceptada ? 'aceptada' : 'rechazada'}: carga ${o.referencia} (${ruta})`;
  const resultado = data.aceptada
    ? 'Su oferta ha sido aceptada: la carga se le ha adjudicado. Recibirá los datos del transporte en la extranet.'
    : 'Su oferta no ha sido aceptada: la carga se ha adjudicado a otra oferta. Gracias por participar.';
  const filas: Filas = [
    ['Carga', o.referencia],
    ['Ruta', ruta],
    ['Fecha de carga', fechaEs(o.fecha_carga)],
    ['Precio ofertado', euros(o.precio_centimos)],
  ];
  return avisoMail(data, subject, resultado, filas, 'Abrir la bolsa de cargas', 'Bolsa de cargas');
}
