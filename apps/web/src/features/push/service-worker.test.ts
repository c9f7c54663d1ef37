import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';

/* public/sw.js run against a minimal fake `self`: what it shows and where a click goes. */

const source = readFileSync(path.resolve(__dirname, '../../../public/sw.js'), 'utf8');
const ORIGIN = 'https://extranet.example';

interface FakeWindow {
  url: string;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

function fakeWindow(url: string): FakeWindow {
  const w: FakeWindow = {
    url,
    focus: vi.fn(() => Promise.resolve(w)),
    navigate: vi.fn((to: string) => {
      w.url = to;
      return Promise.resolve(w);
    }),
  };
  return w;
}

function loadWorker(windows: FakeWindow[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, fn: (event: unknown) => void) => listeners.set(type, fn),
    skipWaiting: vi.fn(),
    registration: { showNotification: vi.fn(() => Promise.resolve()) },
    clients: {
      claim: vi.fn(),
      matchAll: vi.fn(() => Promise.resolve(windows)),
      openWindow: vi.fn(() => Promise.resolve(null)),
    },
  };
  // Runs the built worker's source against the fake `self`, as the browser would.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  new Function('self', source)(self);

  async function dispatch(type: string, event: Record<string, unknown>) {
    let pending: Promise<unknown> = Promise.resolve();
    listeners.get(type)!({
      ...event,
      waitUntil: (p: Promise<unknown>) => {
        pending = p;
      },
    });
    await pending;
  }

  return {
    self,
    push: (payload: unknown) =>
      dispatch('push', {
        data: {
          json: () => (typeof payload === 'string' ? JSON.parse(payload) : payload),
          text: () => String(payload),
        },
      }),
    click: async (url: unknown) => {
      const close = vi.fn();
      await dispatch('notificationclick', { notification: { data: { url }, close } });
      expect(close).toHaveBeenCalled();
    },
  };
}

describe('service worker: notificaciones push', () => {
  it('muestra título, cuerpo, icono y etiqueta, y guarda la ruta de la página', async () => {
    const sw = loadWorker();
    await sw.push({
      title: 'Retraso de 2 h',
      body: 'P-1 (PED-7): Logroño → Milano',
      url: '/clientes/tracking-porte/P-1',
      tag: 'porte-P-1',
      icon: '/icon-192.png',
    });
    expect(sw.self.registration.showNotification).toHaveBeenCalledWith('Retraso de 2 h', {
      body: 'P-1 (PED-7): Logroño → Milano',
      data: { url: '/clientes/tracking-porte/P-1' },
      lang: 'es',
      icon: `${ORIGIN}/icon-192.png`,
      tag: 'porte-P-1',
      renotify: true,
    });
  });

  it('una URL o un icono de otro origen no se aceptan', async () => {
    const sw = loadWorker();
    await sw.push({
      title: 'X',
      body: 'Y',
      url: 'https://evil.example/p',
      icon: '//evil.example/i',
    });
    expect(sw.self.registration.showNotification).toHaveBeenCalledWith('X', {
      body: 'Y',
      data: { url: '/' },
      lang: 'es',
    });
  });

  it('al pulsar, navega la ventana abierta del mismo portal y le da el foco', async () => {
    const otra = fakeWindow(`${ORIGIN}/clientes/facturas`);
    const portal = fakeWindow(`${ORIGIN}/proveedores/transportes`);
    const sw = loadWorker([otra, portal]);
    await sw.click('/proveedores/certificados');
    expect(portal.focus).toHaveBeenCalled();
    expect(portal.navigate).toHaveBeenCalledWith(`${ORIGIN}/proveedores/certificados`);
    expect(otra.navigate).not.toHaveBeenCalled();
    expect(sw.self.clients.openWindow).not.toHaveBeenCalled();
  });

  it('si la página ya está abierta solo le da el foco', async () => {
    const abierta = fakeWindow(`${ORIGIN}/clientes/tracking-porte/P-1`);
    const sw = loadWorker([abierta]);
    await sw.click('/clientes/tracking-porte/P-1');
    expect(abierta.focus).toHaveBeenCalled();
    expect(abierta.navigate).not.toHaveBeenCalled();
  });

  it('sin ventana del portal abre una nueva; nunca una URL de otro origen', async () => {
    const ajena = fakeWindow('https://otra.example/proveedores/cargas');
    const sw = loadWorker([ajena]);
    await sw.click('/proveedores/cargas');
    expect(sw.self.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/proveedores/cargas`);
    expect(ajena.focus).not.toHaveBeenCalled();

    sw.self.clients.openWindow.mockClear();
    await sw.click('https://evil.example/phishing');
    expect(sw.self.clients.openWindow).not.toHaveBeenCalled();
    expect(sw.self.clients.matchAll).toHaveBeenCalledTimes(1);
  });

  it('si la ventana no se deja navegar, abre una nueva', async () => {
    const vieja = fakeWindow(`${ORIGIN}/proveedores/transportes`);
    vieja.navigate.mockRejectedValue(new TypeError('not controlled'));
    const sw = loadWorker([vieja]);
    await sw.click('/proveedores/cargas');
    expect(sw.self.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/proveedores/cargas`);
  });
});
