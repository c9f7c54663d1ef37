import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, mockApi, sentBodies } from '../test/render';
import { canvasDePrueba, firmarComo, marcarReservas } from '../conductor/ecmr/test-canvas';
import { HASH, PARA_FIRMAR } from '../conductor/ecmr/test-nota';
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
  entregas: [],
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

describe('signing the delivery from the shared shipment page', () => {
  const NOTA_URL = `/api/envio/${TOKEN}/ecmr/7`;
  const pendiente = {
    ...envio,
    entregas: [
      {
        subpartida_id: 7,
        numero: 'T1-1',
        pendiente: true,
        pendiente_hasta: '2026-11-28T09:00:00.000Z',
        firma: null,
      },
    ],
  };

  it('offers "Firmar la entrega" when the driver asks; the visitor reads the note, signs with reservations, and the page shows it signed', async () => {
    localStorage.setItem(STORAGE_KEY, 'es');
    canvasDePrueba();
    const user = userEvent.setup();
    const fetchMock = mockApi({
      [`GET /api/envio/${TOKEN}?apertura=1`]: () => json(200, pendiente),
      [`GET ${NOTA_URL}`]: () => json(200, PARA_FIRMAR),
      [`POST ${NOTA_URL}`]: () => json(201, PARA_FIRMAR),
      [`GET /api/envio/${TOKEN}`]: () =>
        json(200, {
          ...envio,
          entregas: [
            {
              ...pendiente.entregas[0],
              pendiente: false,
              pendiente_hasta: null,
              firma: {
                nombre: 'Ana Gómez',
                firmado_at: '2026-11-27T11:00:00.000Z',
                con_reservas: true,
              },
            },
          ],
        }),
    });
    render(<App token={TOKEN} />);
    const entregas = await screen.findByRole('region', { name: 'Firma de la entrega' });
    expect(entregas).toHaveTextContent('El conductor le pide que firme la entrega (e-CMR T1-1).');
    await user.click(within(entregas).getByRole('button', { name: 'Firmar la entrega' }));

    // The signing screen alone: the note, who signed, the consignee's form.
    expect(await screen.findByText('Mercavalencia', { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Avisos de este envío' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Su e-mail' })).toBeNull();
    expect(screen.getByText(/^Remitente: Firmado por Luis Pérez el /)).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Firma: Destinatario' });
    await firmarComo(user, form, 'Ana Gómez');
    await marcarReservas(user, form);
    await user.type(within(form).getByLabelText('Describa las reservas'), 'Falta un bulto.');
    fireEvent.submit(form);

    expect(await screen.findByRole('heading', { name: 'e-CMR T1-1 firmado.' })).toBeInTheDocument();
    expect(screen.getByText('Gracias, Ana Gómez: firma guardada.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, `POST ${NOTA_URL}`)).toEqual([
      expect.objectContaining({
        nombre: 'Ana Gómez',
        documento_sha256: HASH,
        reservas: 'Falta un bulto.',
      }),
    ]);

    // Back to the shipment, read again: the delivery is signed, nothing more to sign.
    await user.click(screen.getByRole('button', { name: 'Volver al envío' }));
    const firmada = await screen.findByText(/^e-CMR T1-1: entrega firmada por Ana Gómez el /);
    expect(firmada).toHaveTextContent(/Con reservas\.$/);
    expect(screen.queryByRole('button', { name: 'Firmar la entrega' })).toBeNull();
  });

  it('a request gone meanwhile is explained in the visitor’s language, with the way back', async () => {
    const user = userEvent.setup();
    mockApi({
      [`GET /api/envio/${TOKEN}?apertura=1`]: () => json(200, pendiente),
      [`GET ${NOTA_URL}`]: () =>
        apiError(409, 'SIGNATURE_NOT_REQUESTED', 'El conductor no ha pedido la firma.'),
      [`GET /api/envio/${TOKEN}`]: () => json(200, envio),
    });
    render(<App token={TOKEN} />);
    await user.click(await screen.findByRole('button', { name: 'Signer la livraison' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Le chauffeur ne demande plus votre signature.',
    );
    await user.click(screen.getByRole('button', { name: "Retour à l'envoi" }));
    expect(await screen.findByRole('heading', { name: 'Envoi 2600012' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Signature de la livraison' })).toBeNull();
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
