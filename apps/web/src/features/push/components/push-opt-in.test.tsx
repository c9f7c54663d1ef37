import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearInitialData,
  json,
  mockApi,
  setInitialRegions,
  TestProviders,
  testQueryClient,
} from '../../../test/render';
import { PushOptIn } from './push-opt-in';

/* Issue 20 point 2: a refused or failed opt-in says so in Spanish, with a retry. */

const requestPermission = vi.fn<() => Promise<NotificationPermission>>();
const register = vi.fn<() => Promise<unknown>>();

function fakeRegistration() {
  const subscription = {
    toJSON: () => ({ endpoint: 'https://push.example/1', keys: { p256dh: 'p', auth: 'a' } }),
  };
  return {
    pushManager: {
      getSubscription: () => Promise.resolve(null),
      subscribe: () => Promise.resolve(subscription),
    },
  };
}

beforeEach(() => {
  setInitialRegions([], 'BPublicVapidKey');
  vi.stubGlobal(
    'Notification',
    Object.assign(function Notification() {}, { permission: 'default', requestPermission }),
  );
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register,
      get ready() {
        return register();
      },
    },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  requestPermission.mockReset();
  register.mockReset();
  clearInitialData();
});

function renderOptIn() {
  render(
    <TestProviders queryClient={testQueryClient()}>
      <PushOptIn portal="proveedores" />
    </TestProviders>,
  );
}

describe('PushOptIn', () => {
  it('says the browser refused, how to allow it, and retries', async () => {
    requestPermission.mockResolvedValue('denied');
    renderOptIn();
    fireEvent.click(screen.getByRole('button', { name: 'Activar avisos en este navegador' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('El navegador ha bloqueado los avisos');
    expect(alert).toHaveTextContent('permita las notificaciones de este sitio');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText(/Siguen bloqueados/)).toBeInTheDocument();
    expect(requestPermission).toHaveBeenCalledTimes(2);
  });

  it('says why the subscription failed and turns them on when the retry works', async () => {
    requestPermission.mockResolvedValue('granted');
    register.mockRejectedValueOnce(new Error('sin servicio push'));
    const fetchMock = mockApi({
      'POST /api/proveedores/push-subscription': () => json(201, { id: 5 }),
    });
    renderOptIn();
    fireEvent.click(screen.getByRole('button', { name: 'Activar avisos en este navegador' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'El navegador no ha podido suscribirse a los avisos (sin servicio push).',
    );
    register.mockResolvedValue(fakeRegistration());
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(
      await screen.findByText('Los avisos push están activados en este navegador.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetchMock).toHaveBeenCalled();
  });

  it('already blocked: the message and the retry show at once', () => {
    vi.stubGlobal(
      'Notification',
      Object.assign(function Notification() {}, { permission: 'denied', requestPermission }),
    );
    renderOptIn();
    expect(screen.getByRole('alert')).toHaveTextContent('El navegador ha bloqueado los avisos');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
