import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, mockApi, sentBodies } from '../test/render';
import { STORAGE_KEY } from '../conductor/i18n';
import { App, Baja } from './app';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-ABCDE';
const BAJA = `12.${'a'.repeat(64)}`;

const envio = {
  empresa: 'Conservas del Ebro S.A.',
  expires_at: '2026-12-04T10:00:00.000Z',
  porte: {
    partida: '2600012',
    estado: 'en_transito',
    incidencia: null,
    origen_poblacion: 'Madrid',
    origen_pais_iso: 'ES',
    destino_poblacion: 'Valencia',
    destino_pais_iso: 'ES',
    fecha_carga_prevista: '2026-11-27',
    fecha_entrega_prevista: '2026-11-28',
    entregado_at: null,
    bultos: 24,
    peso_kg: 12000,
    retraso: 0,
    kilometros_destino: null,
    seguimiento: null,
    paradas: [],
    paradas_previstas: [],
    posicion_actual: null,
  },
  documentos: [],
};

beforeEach(() => {
  localStorage.setItem(STORAGE_KEY, 'fr');
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the shared shipment page', () => {
  it('subscribes the address in the language the page is shown in', async () => {
    const fetchMock = mockApi({
      [`GET /api/envio/${TOKEN}?apertura=1`]: () => json(200, envio),
      [`POST /api/envio/${TOKEN}/avisos`]: () => new Response(null, { status: 204 }),
    });
    render(<App token={TOKEN} />);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Votre e-mail' }), {
      target: { value: 'Quai@Destino.example' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'M’avertir' }));
    expect(await screen.findByRole('status')).toHaveTextContent('quai@destino.example');
    expect(sentBodies(fetchMock, `POST /api/envio/${TOKEN}/avisos`)).toEqual([
      { email: 'Quai@Destino.example', idioma: 'fr' },
    ]);
  });
});

describe('the one-click unsubscription', () => {
  it('unsubscribes as it opens and says which address and shipment', async () => {
    const fetchMock = mockApi({
      [`POST /api/envio/${BAJA}/baja`]: () =>
        json(200, { email: 'quai@destino.example', partida: '2600012' }),
    });
    render(<Baja token={BAJA} />);
    expect(await screen.findByText(/quai@destino\.example/)).toHaveTextContent(
      'quai@destino.example ne recevra plus d’avis de l’envoi 2600012.',
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows the server’s reason for a token it does not know', async () => {
    mockApi({
      [`POST /api/envio/${BAJA}/baja`]: () =>
        apiError(404, 'NOT_FOUND', 'Suscripción no encontrada.'),
    });
    render(<Baja token={BAJA} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Suscripción no encontrada.');
  });
});
