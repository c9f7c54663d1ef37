import type { EventoParadaTipo } from '@extranet/contracts/conductor/conductor';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { recordEvent } from '../../outbox/events.js';
import { listPortesDelAviso } from './avisos-repository.js';
import type { ParadaRow } from './repository.js';

/**
 * Records, in the stop event's transaction, the notice of what the driver reported to the
 * customer of each shipment the stop concerns (one `aviso.parada` per shipment: a customer
 * never reads another's partidas). Who gets it by e-mail and push: outbox/events.ts.
 */
export async function avisarParada(
  trx: Kysely<Database>,
  transporteId: number,
  parada: ParadaRow,
  evento: { tipo: EventoParadaTipo; texto: string | null; ocurrido_at: string },
): Promise<void> {
  for (const porte of await listPortesDelAviso(trx, transporteId, parada.porte_id)) {
    await recordEvent(trx, 'aviso.parada', {
      ...porte,
      evento: {
        ...evento,
        parada: { tipo: parada.tipo, poblacion: parada.poblacion, pais_iso: parada.pais_iso },
      },
    });
  }
}
