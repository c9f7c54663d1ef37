import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, mockApi, sentBodies } from '../../test/render';
import { STORAGE_KEY } from '../i18n';
import FirmarPage from './firmar-page';
import { canvasDePrueba, firmarComo, marcarReservas } from './test-canvas';
import { HASH, PARA_FIRMAR } from './test-nota';

beforeEach(() => localStorage.setItem(STORAGE_KEY, 'es'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  history.replaceState(null, '', '/');
});

function open(hash: string) {
  history.replaceState(null, '', `/ecmr/firmar${hash}`);
  render(<FirmarPage />);
}

describe('the contactless signer’s page', () => {
  it('without a link asks for the code; a wrong one is said so, a right one opens the note', async () => {
    canvasDePrueba();
    const user = userEvent.setup();
    const fetchMock = mockApi({
      'POST /api/ecmr/firma-codigo': (body) =>
        (body as { codigo: string }).codigo === 'ABCD-EF23'
          ? json(200, { token: 'tok-del-codigo' })
          : apiError(404, 'NOT_FOUND', 'Código no válido.'),
      'GET /api/ecmr/firma/tok-del-codigo': () => json(200, PARA_FIRMAR),
    });
    open('');
    const codigo = await screen.findByLabelText('Código');
    await user.type(codigo, 'zzzz-zzzz');
    await user.click(screen.getByRole('button', { name: 'Abrir la carta de porte' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Código no válido. Compruébelo y vuelva a escribirlo.',
    );
    await user.clear(codigo);
    await user.type(codigo, 'abcd-ef23');
    await user.click(screen.getByRole('button', { name: 'Abrir la carta de porte' }));
    expect(await screen.findByText(/^Le piden que firme, como destinatario/)).toBeInTheDocument();
    // The signing token stays in the fragment (a reload finds it), never in a request's URL.
    expect(location.hash).toBe('#tok-del-codigo');
    expect(sentBodies(fetchMock, 'POST /api/ecmr/firma-codigo').at(-1)).toEqual({
      codigo: 'ABCD-EF23',
    });
  });

  it.each([
    ['LINK_EXPIRED', 410, 'Este enlace de firma ha caducado.'],
    ['LINK_USED', 410, 'Este enlace ya se ha usado para firmar.'],
    ['NOT_FOUND', 404, 'Este enlace de firma no es válido.'],
  ])('says clearly when the link cannot be used (%s)', async (code, status, texto) => {
    mockApi({ 'GET /api/ecmr/firma/tok': () => apiError(status, code, 'x') });
    open('#tok');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading')).toHaveTextContent(texto);
    expect(alert).toHaveTextContent(
      'Si aún tiene que firmar, pida al conductor un enlace o un código nuevo.',
    );
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('says there is nothing left to sign when the role signed meanwhile on the phone', async () => {
    mockApi({
      'GET /api/ecmr/firma/tok': () =>
        apiError(410, 'ALREADY_SIGNED', 'La carta de porte ya la ha firmado el remitente.'),
    });
    open('#tok');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading')).toHaveTextContent(
      'Esta carta de porte ya está firmada por usted o en el móvil del conductor: no hace falta que firme.',
    );
    expect(alert).not.toHaveTextContent('pida al conductor');
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('shows the note and who signed; the consignee signs with reservations and it is done', async () => {
    canvasDePrueba();
    const user = userEvent.setup();
    const fetchMock = mockApi({
      'GET /api/ecmr/firma/tok': () => json(200, PARA_FIRMAR),
      'POST /api/ecmr/firma/tok': () => json(201, PARA_FIRMAR),
    });
    open('#tok');
    expect(await screen.findByText('Mercavalencia', { exact: false })).toBeInTheDocument();
    expect(screen.getByText(/^Remitente: Firmado por Luis Pérez el /)).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Firma: Destinatario' });
    await firmarComo(user, form, 'Ana Gómez');
    await marcarReservas(user, form);
    const firmar = within(form).getByRole('button', { name: 'Firmar' });
    // With reservations ticked, their text is required.
    expect(firmar).toBeDisabled();
    await user.type(within(form).getByLabelText('Describa las reservas'), 'Falta un bulto.');
    expect(within(form).getByLabelText('Hacer una foto')).toHaveAttribute('capture', 'environment');
    fireEvent.submit(form);

    expect(await screen.findByRole('heading', { name: 'e-CMR T1-1 firmado.' })).toBeInTheDocument();
    expect(screen.getByText('Gracias, Ana Gómez: firma guardada.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST /api/ecmr/firma/tok')[0]).toMatchObject({
      nombre: 'Ana Gómez',
      documento_sha256: HASH,
      reservas: 'Falta un bulto.',
    });
  });

  it('a link spent meanwhile (another device signed) is said so, not a bare error', async () => {
    canvasDePrueba();
    const user = userEvent.setup();
    mockApi({
      'GET /api/ecmr/firma/tok': () => json(200, { ...PARA_FIRMAR, rol: 'remitente', firmas: [] }),
      'POST /api/ecmr/firma/tok': () =>
        apiError(410, 'LINK_USED', 'Este enlace ya se ha usado para firmar. Pida uno nuevo.'),
    });
    open('#tok');
    const form = await screen.findByRole('form', { name: 'Firma: Remitente' });
    await firmarComo(user, form, 'Luis');
    fireEvent.submit(form);
    expect(
      await screen.findByRole('heading', { name: 'Este enlace ya se ha usado para firmar.' }),
    ).toBeInTheDocument();
  });
});
