import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useSearchFilters, useSearchParam } from './use-search-param';

/** Renders `use` at `url` in a memory router and hands back its latest result and the router. */
function renderAt<T>(url: string, use: () => T) {
  const latest: { current?: T } = {};
  function Probe() {
    latest.current = use();
    return null;
  }
  const router = createMemoryRouter([{ path: '/p', element: <Probe /> }], {
    initialEntries: ['/', url],
    initialIndex: 1,
  });
  render(<RouterProvider router={router} />);
  return { latest, router };
}

describe('useSearchParam', () => {
  it('reads the parameter, sets it, and removes it for the default view', () => {
    const { latest, router } = renderAt('/p?vista=mapa&otro=1', () =>
      useSearchParam('vista', 'lista'),
    );
    expect(latest.current?.[0]).toBe('mapa');

    act(() => latest.current?.[1]('lista'));
    expect(router.state.location.search).toBe('?otro=1');
    expect(latest.current?.[0]).toBeNull();

    act(() => latest.current?.[1]('ofertas'));
    expect(router.state.location.search).toBe('?otro=1&vista=ofertas');
    act(() => latest.current?.[1](null));
    expect(router.state.location.search).toBe('?otro=1');
    // Replaced, not pushed: Back leaves the page instead of stepping through the tabs.
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

describe('useSearchFilters', () => {
  const parse = (query: URLSearchParams) => ({ estado: query.get('estado') ?? undefined });
  const toQuery = (filters: { estado?: string }) =>
    new URLSearchParams(filters.estado ? { estado: filters.estado } : {});

  it('parses the query and writes the filters back in place', () => {
    const { latest, router } = renderAt('/p?estado=pagada', () => useSearchFilters(parse, toQuery));
    expect(latest.current?.[0]).toEqual({ estado: 'pagada' });

    act(() => latest.current?.[1]({ estado: 'recibida' }));
    expect(router.state.location.search).toBe('?estado=recibida');
    expect(latest.current?.[0]).toEqual({ estado: 'recibida' });
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
