import type {
  EnlaceConductor,
  EnlaceConductorCreado,
} from '@extranet/contracts/conductor/conductor';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../lib/format';
import { json, mockApi, TestProviders, testQueryClient } from '../../../test/render';
import { EnlaceConductorButton } from './enlace-conductor';

const LISTA = 'GET /api/proveedores/transportes/9/enlaces-conductor';

const actual: EnlaceConductor = {
  id: 3,
  transporte_id: 9,
  created_at: '2026-11-25T08:00:00.000Z',
  expires_at: '2026-11-29T18:00:00.000Z',
  revoked_at: null,
  last_used_at: '2026-11-26T07:15:00.000Z',
  activo: true,
};
const nuevo: EnlaceConductorCreado = {
  ...actual,
  id: 4,
  created_at: '2026-11-27T08:00:00.000Z',
  last_used_at: null,
  url: 'https://extranet.example/conductor/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-ABCDE',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Enlace del conductor', () => {
  it('lists the live link with its use, and a new one replaces it, shown once with its QR', async () => {
    let items: EnlaceConductor[] = [actual];
    mockApi({
      [LISTA]: () => json(200, { items }),
      'POST /api/proveedores/transportes/9/enlaces-conductor': () => {
        items = [nuevo, { ...actual, activo: false, revoked_at: nuevo.created_at }];
        return json(201, nuevo);
      },
    });
    render(
      <TestProviders queryClient={testQueryClient()}>
        <EnlaceConductorButton transporteId={9} />
      </TestProviders>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Enlace del conductor' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Enlace del conductor · transporte 9',
    });
    expect(
      await within(dialog).findByText(`último uso el ${formatDateTime(actual.last_used_at)}`, {
        exact: false,
      }),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Activo')).toBeInTheDocument();

    fireEvent.click(
      within(dialog).getByRole('button', { name: 'Crear un enlace nuevo (anula el actual)' }),
    );
    expect(
      await within(dialog).findByRole('textbox', { name: 'Enlace para el conductor' }),
    ).toHaveValue(nuevo.url);
    expect(
      await within(dialog).findByRole('img', { name: 'Código QR del enlace del conductor' }),
    ).toBeInTheDocument();
    // The previous one, revoked by the server, is listed as such.
    expect(await within(dialog).findByText('Anulado')).toBeInTheDocument();
    expect(
      within(dialog).getByRole('button', {
        name: `Anular el enlace creado el ${formatDateTime(nuevo.created_at)}`,
      }),
    ).toBeInTheDocument();
  });
});
