import type {
  Solicitud,
  SolicitudesPage,
  SolicitudesQuery,
  SolicitudValidada,
} from '@extranet/contracts/solicitudes/solicitud';
import { MAX_DIAS_ANTELACION_SOLICITUD } from '@extranet/contracts/solicitudes/solicitud';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { clock } from '../../lib/clock.js';
import { recordEvent } from '../../outbox/events.js';
import { HttpError } from '../../lib/http-error.js';
import type { ClienteActor } from '../../plugins/actor.js';
import { todayInSpain } from '../cargas/offer-rules.js';
import {
  conFechaTexto,
  formulariosPage,
  recordFormulario,
} from '../formularios-cliente/service.js';
import { findRemitente, insertSolicitud, listSolicitudes } from './repository.js';

type Db = Kysely<Database>;

function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function invalid(path: string, message: string): HttpError {
  return new HttpError(400, 'VALIDATION_ERROR', message, [{ path, message }]);
}

/**
 * "Solicitar Transporte": records the request (estado `recibida`), its audit entry and its
 * `solicitud.recibida` event in one transaction; the outbox worker e-mails the operators
 * (and calls the webhooks), retrying until it gets through. The load date must be today or
 * later in Spain and at most a year ahead.
 */
export async function crearSolicitud(
  db: Db,
  actor: ClienteActor,
  body: SolicitudValidada,
): Promise<Solicitud> {
  const hoy = todayInSpain(clock.now());
  if (body.fecha_carga < hoy) {
    throw invalid('/fecha_carga', 'La fecha de carga no puede ser anterior a hoy.');
  }
  if (body.fecha_carga > addDays(hoy, MAX_DIAS_ANTELACION_SOLICITUD)) {
    throw invalid('/fecha_carga', 'La fecha de carga no puede ser dentro de más de un año.');
  }
  const values = {
    origen_poblacion: body.origen_poblacion,
    origen_direccion: body.origen_direccion ?? null,
    origen_cp: body.origen_cp,
    origen_pais_iso: body.origen_pais_iso,
    destino_poblacion: body.destino_poblacion,
    destino_direccion: body.destino_direccion ?? null,
    destino_cp: body.destino_cp,
    destino_pais_iso: body.destino_pais_iso,
    fecha_carga: body.fecha_carga,
    fecha_entrega: body.fecha_entrega ?? null,
    mercancia: body.mercancia,
    bultos: body.bultos,
    peso_kg: body.peso_kg,
    tipo_vehiculo: body.tipo_vehiculo ?? null,
    observaciones: body.observaciones ?? null,
  };
  const row = await recordFormulario(db, actor, 'solicitud', {
    insert: (trx) =>
      insertSolicitud(trx, {
        ...values,
        cliente_id: actor.clienteId,
        usuario_id: actor.usuarioId,
        estado: 'recibida',
        // Millisecond instants from the app clock: the keyset cursor round-trips them exactly.
        created_at: clock.now().toISOString(),
      }),
    event: async (trx, inserted) => {
      const remitente = await findRemitente(trx, actor.clienteId, actor.usuarioId);
      await recordEvent(trx, 'solicitud.recibida', {
        solicitud_id: inserted.id,
        cliente: { id: Number(remitente.cliente.id), razon_social: remitente.cliente.razon_social },
        usuario_email: remitente.usuarioEmail,
        solicitud: values,
      });
    },
  });
  return conFechaTexto(row);
}

/** This client's requests with their status, newest first. */
export async function listSolicitudesPage(
  db: Db,
  clienteId: number,
  query: SolicitudesQuery,
): Promise<SolicitudesPage> {
  return formulariosPage(
    'sol',
    (after, limit) => listSolicitudes(db, clienteId, after, limit),
    query,
  );
}
