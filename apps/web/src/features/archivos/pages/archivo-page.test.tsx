import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, mockApi, TestProviders, testQueryClient } from '../../../test/render';
import { ArchivoPage, formatBytes } from './archivo-page';

afterEach(() => vi.unstubAllGlobals());

function renderAt(path: string) {
  const router = createMemoryRouter(
    [{ path: '/clientes/file/:archivoId', element: <ArchivoPage /> }],
    {
      initialEntries: [path],
    },
  );
  render(
    <TestProviders queryClient={testQueryClient()}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
}

describe('ArchivoPage', () => {
  it('404: says the file does not exist or is not this client’s', async () => {
    mockApi({
      'GET /api/clientes/archivos/42/info': () =>
        apiError(404, 'NOT_FOUND', 'Recurso no encontrado.'),
    });
    renderAt('/clientes/file/42');
    expect(
      await screen.findByText('El fichero no existe o no pertenece a este cliente.'),
    ).toBeInTheDocument();
  });

  it('shows name, type, size and the download link', async () => {
    mockApi({
      'GET /api/clientes/archivos/7/info': () =>
        json(200, {
          id: 7,
          nombre: 'CMR 2600012.pdf',
          mime: 'application/pdf',
          tamano_bytes: 153_600,
          tipo: 'cmr',
        }),
    });
    renderAt('/clientes/file/7');
    expect(await screen.findByText('CMR 2600012.pdf')).toBeInTheDocument();
    expect(screen.getByText('150 KB')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Descargar' })).toHaveAttribute(
      'href',
      '/api/clientes/archivos/7',
    );
  });

  it('formats sizes in Spanish', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1,5 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MB');
  });
});
