import { useInfiniteQuery } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { withDesktopLayout } from '../../test/desktop-layout';
import { TestProviders, testQueryClient } from '../../test/render';
import { DataTable, type DataTableColumn, type DataTableProps } from './data-table';
import { usePagedTable } from './use-paged-table';

interface Fila {
  id: number;
  nombre: string;
  importe: number;
  fecha: string;
}

const filas: Fila[] = Array.from({ length: 10_000 }, (_, i) => ({
  id: i + 1,
  nombre: `Fila ${i + 1}`,
  importe: (i + 1) * 1.5,
  fecha: '2026-03-09',
}));

const columns: DataTableColumn<Fila>[] = [
  { id: 'nombre', header: 'Nombre', cell: (f) => f.nombre },
  { id: 'importe', header: 'Importe', cell: (f) => String(f.importe) },
  { id: 'fecha', header: 'Fecha', cell: (f) => f.fecha },
  { id: 'acciones', header: 'Acciones', cell: () => <button type="button">Ver</button> },
];

function renderTable(ui: React.ReactElement) {
  return render(<TestProviders queryClient={testQueryClient()}>{ui}</TestProviders>);
}

withDesktopLayout();

/** The table under test over `filas`, with its columns, row ids and name ("Filas"). */
function FilasTable(props: Omit<DataTableProps<Fila>, 'columns' | 'getRowId' | 'label'>) {
  return <DataTable columns={columns} getRowId={(f) => String(f.id)} label="Filas" {...props} />;
}

describe('DataTable', () => {
  it('keeps the DOM small for 10,000 rows (virtualised) and says how many rows there are', () => {
    const { container } = renderTable(
      <FilasTable
        data={filas}
        exportUrls={{ csv: '/api/filas/export.csv', xlsx: '/api/filas/export.xlsx' }}
      />,
    );
    const table = screen.getByRole('table', { name: 'Filas' });
    expect(table).toHaveAttribute('aria-rowcount', '10001');
    const rows = within(table).getAllByRole('row');
    expect(rows.length).toBeLessThan(60);
    expect(container.querySelectorAll('*').length).toBeLessThan(1400);
    expect(screen.getByText('10000 filas')).toBeInTheDocument();
  });

  it('shows the empty message and a skeleton while loading', () => {
    const { rerender } = renderTable(<FilasTable data={[]} loading />);
    expect(screen.getByRole('table', { name: 'Filas' })).toHaveAttribute('aria-busy', 'true');
    rerender(
      <TestProviders queryClient={testQueryClient()}>
        <FilasTable data={[]} emptyMessage="No hay cargas que coincidan con los filtros." />
      </TestProviders>,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'No hay cargas que coincidan con los filtros.',
    );
  });

  it('selects rows with their checkboxes and with "select all"', () => {
    const onChange = vi.fn();
    function Harness() {
      const [ids, setIds] = useState<string[]>([]);
      return (
        <FilasTable
          data={filas.slice(0, 3)}
          getRowLabel={(f) => f.nombre}
          selectable
          selectedIds={ids}
          onSelectionChange={(next) => {
            onChange(next);
            setIds(next);
          }}
        />
      );
    }
    renderTable(<Harness />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar Fila 2' }));
    expect(onChange).toHaveBeenLastCalledWith(['2']);
    expect(screen.getByRole('checkbox', { name: 'Seleccionar Fila 2' })).toBeChecked();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar todas las filas' }));
    expect(onChange).toHaveBeenLastCalledWith(['1', '2', '3']);
    expect(screen.getByText(/3 seleccionadas/)).toBeInTheDocument();
  });

  it('expands a row detail with its button and with Enter on the focused row', () => {
    renderTable(
      <FilasTable
        data={filas.slice(0, 2)}
        getRowLabel={(f) => f.nombre}
        renderDetail={(f) => <p>Detalle de {f.nombre}</p>}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar detalle de Fila 1' }));
    expect(screen.getByText('Detalle de Fila 1')).toBeInTheDocument();
    const rows = screen.getAllByRole('row');
    const second = rows.find((row) => row.getAttribute('aria-rowindex') === '3')!;
    fireEvent.keyDown(second, { key: 'Enter' });
    expect(screen.getByText('Detalle de Fila 2')).toBeInTheDocument();
  });

  it('moves the roving focus with the arrow keys', () => {
    renderTable(<FilasTable data={filas.slice(0, 5)} />);
    const first = document.querySelector<HTMLElement>('[data-row-index="0"]')!;
    expect(first).toHaveAttribute('tabindex', '0');
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    expect(document.querySelector('[data-row-index="1"]')).toHaveAttribute('tabindex', '0');
    expect(first).toHaveAttribute('tabindex', '-1');
  });

  it('asks for the next page near the end when more exist', () => {
    const onEndReached = vi.fn();
    renderTable(<FilasTable data={filas.slice(0, 5)} hasMore onEndReached={onEndReached} />);
    expect(onEndReached).toHaveBeenCalled();
  });

  it('links both server exports of the whole list, whatever is loaded', () => {
    renderTable(
      <FilasTable
        data={filas.slice(0, 2)}
        hasMore
        exportUrls={{ csv: '/api/filas/export.csv?q=a', xlsx: '/api/filas/export.xlsx?q=a' }}
      />,
    );
    expect(screen.getByRole('link', { name: 'Exportar todo (CSV)' })).toHaveAttribute(
      'href',
      '/api/filas/export.csv?q=a',
    );
    expect(screen.getByRole('link', { name: 'Exportar todo (Excel)' })).toHaveAttribute(
      'href',
      '/api/filas/export.xlsx?q=a',
    );
  });

  it('never says "0 filas" while the first page loads, nor next to an error', () => {
    const { rerender } = renderTable(<FilasTable data={[]} loading selectable selectedIds={[]} />);
    expect(screen.queryByText('0 filas')).not.toBeInTheDocument();
    expect(screen.getByText('Cargando…')).toBeInTheDocument();
    rerender(
      <TestProviders queryClient={testQueryClient()}>
        <FilasTable data={[]} error="Error interno" selectable selectedIds={[]} />
      </TestProviders>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Error interno');
    expect(screen.queryByText('0 filas')).not.toBeInTheDocument();
  });

  it('shows a failed list with "Reintentar", which asks again and shows the rows', async () => {
    let calls = 0;
    function Harness() {
      const query = useInfiniteQuery({
        queryKey: ['filas-reintentar'],
        queryFn: () => {
          calls += 1;
          if (calls === 1) return Promise.reject(new Error('Error interno'));
          return Promise.resolve({ items: filas.slice(0, 3), nextCursor: null });
        },
        initialPageParam: null as string | null,
        getNextPageParam: (page: { nextCursor: string | null }) => page.nextCursor,
      });
      return <FilasTable {...usePagedTable(query)} />;
    }
    renderTable(<Harness />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error interno');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Fila 3')).toBeInTheDocument();
    expect(calls).toBe(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
