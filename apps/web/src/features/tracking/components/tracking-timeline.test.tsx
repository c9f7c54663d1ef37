import type { ParadaSeguimiento } from '@extranet/contracts/tracking/tracking';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TestProviders, testQueryClient } from '../../../test/render';
import { testParada } from '../test-parada';
import { TrackingTimeline } from './tracking-timeline';

function renderTimeline(paradas: ParadaSeguimiento[]) {
  return render(
    <TestProviders queryClient={testQueryClient()}>
      <TrackingTimeline paradas={paradas} />
    </TestProviders>,
  );
}

/** Regional indicator symbols: emoji flags, empty boxes where there is no emoji font. */
const EMOJI_FLAG = /[\u{1F1E6}-\u{1F1FF}]/u;

describe('TrackingTimeline', () => {
  it('shows each stop with date dd/mm/aaaa, time, town, postcode, country code, km and comments', () => {
    renderTimeline([testParada()]);
    const [item] = within(screen.getByRole('list', { name: 'Paradas' })).getAllByRole('listitem');
    expect(item).toHaveTextContent('Madrid');
    expect(item).toHaveTextContent('20/11/2026 08:15');
    expect(item).toHaveTextContent('C.P. 28001');
    // Issue 14: the country as its code with its name, never an emoji flag.
    expect(within(item!).getByLabelText('País: España')).toHaveTextContent(/^ES$/);
    expect(item).toHaveTextContent('España');
    expect(item!.textContent).not.toMatch(EMOJI_FLAG);
    expect(item).toHaveTextContent('1.234 km hasta destino');
    expect(item).toHaveTextContent('Mercancía cargada');
    expect(within(item!).queryByText(/Retraso/)).not.toBeInTheDocument();
  });

  it('names a stop by its own town, never by the destination it reports (poblacionB)', () => {
    // Issue 17: "Zaragoza (Bordeaux)", and a stop without a town named after the destination
    // showing "148 km hasta destino": poblacionB is the destination as the ERP reports it.
    renderTimeline([
      testParada({ id: 1, poblacion: 'Zaragoza', poblacionB: 'Bordeaux' }),
      testParada({ id: 2, poblacion: null, poblacionB: 'Bordeaux', kilometros_destino: 148 }),
    ]);
    const [zaragoza, sinNombre] = within(
      screen.getByRole('list', { name: 'Paradas' }),
    ).getAllByRole('listitem');
    expect(zaragoza).toHaveTextContent('Zaragoza');
    expect(sinNombre).toHaveTextContent('Población desconocida');
    expect(sinNombre).toHaveTextContent('148 km hasta destino');
    expect(screen.queryByText(/Bordeaux/)).not.toBeInTheDocument();
  });

  it('highlights delays: orange up to an hour, red beyond, in order', () => {
    renderTimeline([
      testParada({ id: 1, retraso: 0 }),
      testParada({ id: 2, retraso: 45, poblacion: 'Zaragoza', pais_iso: 'ES' }),
      testParada({ id: 3, retraso: 120, poblacion: 'Lyon', pais: 'Francia', pais_iso: 'FR' }),
    ]);
    const items = within(screen.getByRole('list', { name: 'Paradas' })).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    const leve = within(items[1]!).getByText('Llegó con 45 min de retraso');
    expect(leve.closest('[data-retraso]')).toHaveAttribute('data-retraso', 'leve');
    const grave = within(items[2]!).getByText('Llegó con 120 min de retraso');
    expect(grave.closest('[data-retraso]')).toHaveAttribute('data-retraso', 'grave');
    expect(within(items[2]!).getByLabelText('País: Francia')).toHaveTextContent(/^FR$/);
    expect(items[2]).toHaveTextContent('Francia');
    expect(document.body.textContent).not.toMatch(EMOJI_FLAG);
  });
});
