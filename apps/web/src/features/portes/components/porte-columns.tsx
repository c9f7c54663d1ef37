import { Anchor } from '@mantine/core';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { DataTableColumn } from '../../../components/data-table/data-table';
import { PorteAcciones, type PorteDeAccion } from '../../../lib/porte-acciones';

/** The shipment's partida, a link to its tracking; the active shipments' list shows it bold. */
export function partidaColumn<P extends { partida: string }>(
  t: TFunction,
  header: string,
  accessSuffix: string,
  bold = false,
): DataTableColumn<P> {
  return {
    id: 'partida',
    header,
    cell: (p) => (
      <Anchor
        component={Link}
        to={`/clientes/tracking-porte/${encodeURIComponent(p.partida)}${accessSuffix}`}
        aria-label={t('portes.verTracking', { partida: p.partida })}
        fw={bold ? 600 : undefined}
      >
        {p.partida}
      </Anchor>
    ),
    width: 100,
  };
}

/**
 * "Compartir envío" and any other action the app gives (issue 19), at the row's end: no column
 * when the app gives none (`useHayPorteAcciones`).
 */
export function accionesColumns<P extends PorteDeAccion>(
  header: string,
  conAcciones: boolean,
): DataTableColumn<P>[] {
  if (!conAcciones) return [];
  return [
    {
      id: 'acciones',
      header,
      hideLabelOnCard: true,
      stickyEnd: true,
      cell: (p) => <PorteAcciones porte={p} lugar="fila" />,
    },
  ];
}
