import type { CertificadoEstado } from '@extranet/contracts/certificados/certificado';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { AuthSession } from '@extranet/contracts/auth/session';
import { getCertificadosEstado } from '@extranet/contracts/certificados/endpoints';
import { endpointKey } from '../../../lib/endpoint-client';
import { PortalContext } from '../../../lib/portal-context';
import { json, mockApi, TestProviders, testQueryClient } from '../../../test/render';
import { CertificadoEstadoBadge } from './certificado-estado-badge';
import { CertificateWarning } from './certificate-warning';

afterEach(() => vi.unstubAllGlobals());

const session = { success: 1 } as AuthSession;

function renderWithRouter(
  element: React.ReactElement,
  signedIn = true,
  queryClient = testQueryClient(),
) {
  const context = {
    portal: 'proveedores' as const,
    accessSuffix: '',
    ...(signedIn ? { session } : {}),
  };
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: <PortalContext.Provider value={context}>{element}</PortalContext.Provider>,
      },
    ],
    {
      initialEntries: ['/proveedores/cargas'],
    },
  );
  render(
    <TestProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
}

describe('CertificadoEstadoBadge', () => {
  it.each<[CertificadoEstado, string]>([
    ['valido', 'Vigente'],
    ['caduca_pronto', 'Caduca pronto'],
    ['caducado', 'Caducado'],
    ['falta', 'Falta'],
  ])('%s reads "%s"', (estado, text) => {
    render(
      <TestProviders queryClient={testQueryClient()}>
        <CertificadoEstadoBadge estado={estado} />
      </TestProviders>,
    );
    expect(screen.getByText(text)).toBeInTheDocument();
  });
});

describe('CertificateWarning', () => {
  it('shows the reason and a link to Certificados while blocked', async () => {
    mockApi({
      'GET /api/proveedores/certificados/estado': () =>
        json(200, {
          bloqueado: true,
          motivo: 'El certificado obligatorio «Seguro de mercancías» caducó el 01/11/2026.',
        }),
    });
    renderWithRouter(<CertificateWarning />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Certificado obligatorio caducado');
    expect(alert).toHaveTextContent('«Seguro de mercancías» caducó el 01/11/2026.');
    expect(screen.getByRole('link', { name: 'Ir a Certificados' })).toHaveAttribute(
      'href',
      '/proveedores/certificados',
    );
  });

  it('shows nothing when not blocked or when the check fails', async () => {
    const fetchMock = mockApi({
      'GET /api/proveedores/certificados/estado': () =>
        json(200, { bloqueado: false, motivo: null }),
    });
    renderWithRouter(<CertificateWarning />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('does not ask without a signed-in session', async () => {
    const fetchMock = mockApi({});
    const queryClient = testQueryClient();
    renderWithRouter(<CertificateWarning />, false, queryClient);
    // The warning has mounted its query, disabled: idle, never fetched.
    await vi.waitFor(() =>
      expect(
        queryClient.getQueryCache().find({ queryKey: endpointKey(getCertificadosEstado, {}) })
          ?.state.fetchStatus,
      ).toBe('idle'),
    );
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
