import { act, screen } from '@testing-library/react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, expect, it, vi } from 'vitest';
import { startApp } from './start';

// The router's chunk cannot be fetched (offline, or gone after a deploy).
vi.mock('./router-app', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

let root: Root | undefined;

afterEach(() => {
  act(() => root?.unmount());
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
});

it('shows the error page with its reload button when the router does not arrive', async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  window.history.replaceState(null, '', '/clientes/tracking');
  const container = document.createElement('div');
  document.body.append(container);
  const created = createRoot(container);
  root = created;
  act(() => startApp(created));
  expect(await screen.findByText('Se ha producido un error al mostrar esta página.')).toBeVisible();
  expect(screen.getByRole('button', { name: 'Recargar' })).toBeInTheDocument();
  expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
});
