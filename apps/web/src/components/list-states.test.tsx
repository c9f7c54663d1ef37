import { useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders, testQueryClient } from '../test/render';
import { ListStates } from './list-states';

function Lista({ fetchItems }: { fetchItems: () => Promise<{ items: string[] }> }) {
  const query = useQuery({ queryKey: ['lista'], queryFn: fetchItems });
  return (
    <ListStates
      query={query}
      items={query.data?.items}
      loading={<p>Cargando…</p>}
      empty={<p>No hay nada.</p>}
    >
      {(items) => (
        <ul aria-label="Lista">
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </ListStates>
  );
}

function renderLista(fetchItems: () => Promise<{ items: string[] }>) {
  render(
    <TestProviders queryClient={testQueryClient()}>
      <Lista fetchItems={fetchItems} />
    </TestProviders>,
  );
}

describe('ListStates', () => {
  it('shows the placeholders, then the items', async () => {
    renderLista(() => Promise.resolve({ items: ['Uno', 'Dos'] }));
    expect(screen.getByText('Cargando…')).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Lista' });
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Uno', 'Dos']);
    expect(screen.queryByText('Cargando…')).not.toBeInTheDocument();
  });

  it('shows the empty state for an answer without items', async () => {
    renderLista(() => Promise.resolve({ items: [] }));
    expect(await screen.findByText('No hay nada.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows the error with a retry that asks again', async () => {
    const fetchItems = vi
      .fn<() => Promise<{ items: string[] }>>()
      .mockRejectedValueOnce(new Error('No se pudo cargar la lista.'))
      .mockResolvedValueOnce({ items: ['Uno'] });
    renderLista(fetchItems);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo cargar la lista.');
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('listitem')).toHaveTextContent('Uno');
    expect(fetchItems).toHaveBeenCalledTimes(2);
  });
});
