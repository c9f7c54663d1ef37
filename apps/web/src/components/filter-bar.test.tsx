import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders, testQueryClient } from '../test/render';
import { FilterBar, StatusFilter } from './filter-bar';

type Estado = 'pendiente' | 'entregado';
const ESTADOS: readonly Estado[] = ['pendiente', 'entregado'];
const labels: Record<Estado, string> = { pendiente: 'Pendiente', entregado: 'Entregado' };

function renderBar(props: { hasFilters: boolean; hideClearWhenEmpty?: boolean }) {
  const onClear = vi.fn();
  render(
    <TestProviders queryClient={testQueryClient()}>
      <FilterBar clearLabel="Quitar filtros" onClear={onClear} {...props}>
        <input aria-label="Campo" />
      </FilterBar>
    </TestProviders>,
  );
  return onClear;
}

describe('FilterBar', () => {
  it('disables "Quitar filtros" while no filter is set', () => {
    renderBar({ hasFilters: false });
    expect(screen.getByRole('button', { name: 'Quitar filtros' })).toBeDisabled();
  });

  it('calls onClear from the button', async () => {
    const onClear = renderBar({ hasFilters: true });
    await userEvent.click(screen.getByRole('button', { name: 'Quitar filtros' }));
    expect(onClear).toHaveBeenCalledOnce();
  });

  it('leaves the button out while empty with hideClearWhenEmpty', () => {
    renderBar({ hasFilters: false, hideClearWhenEmpty: true });
    expect(screen.getByRole('textbox', { name: 'Campo' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Quitar filtros' })).toBeNull();
  });
});

describe('StatusFilter', () => {
  function renderStatus(value: Estado | undefined, todosOption: boolean) {
    const onChange = vi.fn();
    render(
      <TestProviders queryClient={testQueryClient()}>
        <StatusFilter
          label="Estado"
          estados={ESTADOS}
          estadoLabel={(estado) => labels[estado]}
          todosLabel="Todos"
          value={value}
          onChange={onChange}
          todosOption={todosOption}
        />
      </TestProviders>,
    );
    return onChange;
  }

  it('with "Todos" as an option, choosing it gives undefined', async () => {
    const onChange = renderStatus('pendiente', true);
    await userEvent.click(screen.getByRole('combobox', { name: 'Estado' }));
    await userEvent.click(screen.getByRole('option', { name: 'Todos' }));
    expect(onChange).toHaveBeenCalledWith(undefined);
  });

  it('without it, "Todos" is the placeholder and a status is reported as itself', async () => {
    const onChange = renderStatus(undefined, false);
    const input = screen.getByRole('combobox', { name: 'Estado' });
    expect(input).toHaveAttribute('placeholder', 'Todos');
    await userEvent.click(input);
    await userEvent.click(screen.getByRole('option', { name: 'Entregado' }));
    expect(onChange).toHaveBeenCalledWith('entregado');
  });
});
