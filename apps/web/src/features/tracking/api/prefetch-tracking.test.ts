import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchTracking } from './prefetch-tracking';

function prefetched(path: string, params: Record<string, string>) {
  const fetchMock = vi.fn(async (_url: string) => new Response('{}', { status: 404 }));
  vi.stubGlobal('fetch', fetchMock);
  prefetchTracking(new QueryClient(), new URL(path, 'http://localhost'), params);
  return fetchMock.mock.calls.map(([url]) => String(url));
}

afterEach(() => vi.unstubAllGlobals());

describe('prefetchTracking (issue 20)', () => {
  it("asks for the shipment's tracking when the address names one", () => {
    expect(prefetched('/clientes/tracking-porte/P%201', { porteId: ' P 1 ' })).toEqual([
      '/api/clientes/portes/P%201/tracking',
    ]);
  });

  it('asks for the shipments in progress on arrival', () => {
    const [url, ...rest] = prefetched('/clientes/tracking', {});
    expect(url).toMatch(/^\/api\/clientes\/portes\?/);
    expect(rest).toEqual([]);
  });

  it('asks for nothing while a search is typed: its results are not the shipments in progress', () => {
    expect(prefetched('/clientes/tracking?q=P1', {})).toEqual([]);
  });
});
