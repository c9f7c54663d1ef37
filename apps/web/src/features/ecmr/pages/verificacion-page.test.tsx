import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, mockApi, TestProviders, testQueryClient } from '../../../test/render';
import { VerificacionEcmrPage } from './verificacion-page';

const INTACTO = {
  intacto: true,
  resumen: 'El documento está intacto: nadie lo ha cambiado desde que se firmó.',
  numero: 'EC5-1',
  estado: 'con_reservas',
  version: 2,
  documento_sha256: 'a'.repeat(64),
  comprobaciones: [{ nombre: 'cadena', correcta: true, detalle: 'Los 4 eventos están completos.' }],
  firmas: [
    {
      rol: 'remitente',
      nombre: 'Ana Remitente',
      firmado_at: '2026-11-25T09:00:00.000Z',
      version: 1,
      documento_sha256: 'b'.repeat(64),
      con_reservas: false,
      cubre_version_actual: false,
    },
    {
      rol: 'destinatario',
      nombre: 'Jean Destinataire',
      firmado_at: '2026-11-26T15:30:00.000Z',
      version: 2,
      documento_sha256: 'a'.repeat(64),
      con_reservas: true,
      cubre_version_actual: true,
    },
  ],
  eventos: [],
  copia_en_cadena: true,
  clave_id: '0123456789abcdef',
};

function mount(answer: Response) {
  mockApi({ 'GET /api/ecmr/verificacion/ver123?h=abcdef0123456789': () => answer });
  const router = createMemoryRouter(
    [{ path: '/ecmr/verificar/:verificacionId', Component: VerificacionEcmrPage }],
    { initialEntries: ['/ecmr/verificar/ver123?h=abcdef0123456789'] },
  );
  render(
    <TestProviders queryClient={testQueryClient()}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
}

describe('verificación del e-CMR', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says in plain Spanish that the document is intact and who signed what when', async () => {
    mount(json(200, INTACTO));
    expect(await screen.findByText('El documento está intacto')).toBeInTheDocument();
    expect(screen.getByText(/Estado:/)).toHaveTextContent('Con reservas');
    expect(screen.getByText(/Ana Remitente/)).toHaveTextContent(
      'Remitente: Ana Remitente, el 25 de noviembre de 2026 a las 10:00 (firmó la versión 1; el documento cambió después)',
    );
    expect(screen.getByText(/Jean Destinataire/)).toHaveTextContent(', con reservas');
  });

  it('says when it is not intact', async () => {
    mount(
      json(200, {
        ...INTACTO,
        intacto: false,
        resumen: 'El documento no está intacto: algo ha cambiado después de registrarse.',
      }),
    );
    expect(await screen.findByText('El documento no está intacto')).toBeInTheDocument();
  });

  it('shows the server’s reason for an unknown code', async () => {
    mount(apiError(404, 'NOT_FOUND', 'No hay ningún e-CMR con ese código.'));
    expect(await screen.findByText('No hay ningún e-CMR con ese código.')).toBeInTheDocument();
  });
});
