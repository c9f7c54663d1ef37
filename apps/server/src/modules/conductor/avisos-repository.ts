import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

/*
 * Reads of the customer notices of stop events (avisos.ts). Apart from repository.ts so the
 * driver link's reads and these evolve without touching each other.
 */

/**
 * The shipments a stop concerns, as a notice names them: the stop's own shipment, or every
 * shipment of the transport at a stop they share (porteId null).
 */
export function listPortesDelAviso(
  db: Kysely<Database>,
  transporteId: number,
  porteId: number | null,
) {
  let query = db
    .selectFrom('portes as p')
    .select([
      'p.id as porte_id',
      'p.partida',
      'p.cliente_id',
      'p.ref_cliente',
      'p.origen_poblacion',
      'p.origen_pais_iso',
      'p.destino_poblacion',
      'p.destino_pais_iso',
      'p.fecha_carga_prevista',
      'p.fecha_entrega_prevista',
    ])
    .where((eb) =>
      eb(
        'p.id',
        'in',
        eb
          .selectFrom('subpartidas as s')
          .select('s.porte_id')
          .where('s.transporte_id', '=', transporteId)
          .where('s.porte_id', 'is not', null),
      ),
    );
  if (porteId !== null) query = query.where('p.id', '=', porteId);
  return query.orderBy('p.id').execute();
}
