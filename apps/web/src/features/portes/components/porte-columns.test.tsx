import { render, screen } from '@testing-library/react';
import type { TFunction } from 'i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import { TestProviders, testQueryClient } from '../../../test/render';
import { accionesColumns, partidaColumn } from './porte-columns';

const t = i18n.t.bind(i18n) as TFunction;

describe('partidaColumn', () => {
  it("links the partida to its tracking, keeping the access link's suffix", () => {
    const column = partidaColumn<{ partida: string }>(t, 'Partida', '?acceso=abc');
    render(
      <TestProviders queryClient={testQueryClient()}>
        <MemoryRouter>{column.cell({ partida: 'MAD 7/1' })}</MemoryRouter>
      </TestProviders>,
    );
    expect(
      screen.getByRole('link', { name: t('portes.verTracking', { partida: 'MAD 7/1' }) }),
    ).toHaveAttribute('href', '/clientes/tracking-porte/MAD%207%2F1?acceso=abc');
  });
});

describe('accionesColumns', () => {
  it('adds no column when the app gives no actions', () => {
    expect(accionesColumns('Acciones', false)).toEqual([]);
    expect(accionesColumns('Acciones', true).map((column) => column.id)).toEqual(['acciones']);
  });
});
