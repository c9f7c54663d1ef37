import { useInfiniteQuery } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withDesktopLayout } from '../../test/desktop-layout';
import { TestProviders, testQueryClient } from '../../test/render';
import { DataTable, type DataTableColumn, type DataTableProps } from './data-table';
import { usePagedTable } from './use-paged-table';
import { columnChoiceKey } from '../../lib/storage';

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
function FilasTable(
  props: Omit<DataTableProps<Fila>, 'columns' | 'getRowId' | 'label' | 'tableId'> &
    Partial<Pick<DataTableProps<Fila>, 'columns' | 'tableId'>>,
) {
  return (
    <DataTable
      tableId="filas"
      columns={columns}
      getRowId={(f) => String(f.id)}
      label="Filas"
      {...props}
    />
  );
}

/** Three selectable rows whose selection is kept as a page keeps it. */
function SelectableFilas({
  onChange,
  selectionAction,
}: Pick<DataTableProps<Fila>, 'selectionAction'> & { onChange?: (ids: string[]) => void }) {
  const [ids, setIds] = useState<string[]>([]);
  return (
    <FilasTable
      data={filas.slice(0, 3)}
      getRowLabel={(f) => f.nombre}
      selectable
      selectedIds={ids}
      onSelectionChange={(next) => {
        onChange?.(next);
        setIds(next);
      }}
      selectionAction={selectionAction}
    />
  );
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
    renderTable(<SelectableFilas onChange={onChange} />);
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

  it("does not render a row's cells again when the table renders for its own reasons", () => {
    // Moving between rows re-renders the table (the roving tab stop), as the virtualiser's
    // measurements do: the cells' content must not be built again each time (issue 21).
    const cell = vi.fn((f: Fila) => f.nombre);
    const counted = [{ id: 'nombre', header: 'Nombre', cell }, ...columns.slice(1)];
    renderTable(<FilasTable data={filas.slice(0, 5)} columns={counted} />);
    const calls = cell.mock.calls.length;
    expect(calls).toBeGreaterThanOrEqual(5);
    const first = document.querySelector<HTMLElement>('[data-row-index="0"]')!;
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    expect(document.querySelector('[data-row-index="1"]')).toHaveAttribute('tabindex', '0');
    expect(cell).toHaveBeenCalledTimes(calls);
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

/** The headings of the table `name`, in order. */
function headings(name = 'Filas') {
  return within(screen.getByRole('table', { name }))
    .getAllByRole('columnheader')
    .map((th) => th.textContent);
}

/** Opens the "Columnas" menu of the table "Filas" and returns it. */
async function openColumns(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Columnas de Filas' }));
  return screen.findByRole('menu', { name: 'Columnas de Filas' });
}

describe('DataTable columns (issue 20 point 3)', () => {
  afterEach(() => localStorage.clear());

  it('hides and shows columns from "Columnas", remembered for the table after a reload', async () => {
    const user = userEvent.setup();
    const { unmount } = renderTable(<FilasTable data={filas.slice(0, 3)} />);
    const menu = await openColumns(user);
    const items = within(menu).getAllByRole('menuitemcheckbox');
    expect(items.map((item) => item.textContent)).toEqual([
      'Nombre',
      'Importe',
      'Fecha',
      'Acciones',
    ]);
    expect(items.map((item) => item.getAttribute('aria-checked'))).toEqual([
      'true',
      'true',
      'true',
      'true',
    ]);
    // The first column names the row: it cannot be hidden.
    expect(items[0]).toHaveAttribute('aria-disabled', 'true');
    await user.click(items[0]!);
    expect(headings()).toEqual(['Nombre', 'Importe', 'Fecha', 'Acciones']);

    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'Fecha' }));
    expect(headings()).toEqual(['Nombre', 'Importe', 'Acciones']);
    expect(screen.queryByText('2026-03-09')).not.toBeInTheDocument();
    expect(within(menu).getByRole('menuitemcheckbox', { name: 'Fecha' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    expect(JSON.parse(localStorage.getItem(columnChoiceKey(undefined, 'filas'))!)).toEqual({
      fecha: false,
    });

    // A new visit to the page: the table opens without the column.
    unmount();
    renderTable(<FilasTable data={filas.slice(0, 3)} />);
    expect(headings()).toEqual(['Nombre', 'Importe', 'Acciones']);
  });

  it('"Restablecer" goes back to the defaults and forgets the choice', async () => {
    const user = userEvent.setup();
    localStorage.setItem(
      columnChoiceKey(undefined, 'filas'),
      JSON.stringify({ importe: false, fecha: false }),
    );
    renderTable(<FilasTable data={filas.slice(0, 3)} />);
    expect(headings()).toEqual(['Nombre', 'Acciones']);
    const menu = await openColumns(user);
    await user.click(within(menu).getByRole('menuitem', { name: 'Restablecer' }));
    expect(headings()).toEqual(['Nombre', 'Importe', 'Fecha', 'Acciones']);
    expect(localStorage.getItem(columnChoiceKey(undefined, 'filas'))).toBeNull();
    // Nothing left to restore.
    const again = await openColumns(user);
    expect(within(again).getByRole('menuitem', { name: 'Restablecer' })).toBeDisabled();
  });

  it("keeps each table's choice apart and ignores a stored value it cannot read", () => {
    localStorage.setItem(columnChoiceKey(undefined, 'otra'), JSON.stringify({ importe: false }));
    localStorage.setItem(columnChoiceKey(undefined, 'filas'), '{no es json');
    renderTable(<FilasTable data={filas.slice(0, 3)} />);
    expect(headings()).toEqual(['Nombre', 'Importe', 'Fecha', 'Acciones']);
    expect(columnChoiceKey('proveedores', 'filas')).toBe('extranet.proveedores.columnas.filas');
    expect(columnChoiceKey('clientes', 'filas')).toBe('extranet.clientes.columnas.filas');
  });

  it('shows a wide-screen-only column unticked below its width, and at every width once chosen', async () => {
    const user = userEvent.setup();
    const anchas: DataTableColumn<Fila>[] = [
      ...columns.slice(0, 2),
      { ...columns[2]!, showFrom: 'xxl' },
      columns[3]!,
    ];
    renderTable(<FilasTable data={filas.slice(0, 3)} columns={anchas} />);
    // jsdom matches no media query: a screen narrower than 1600 px, where CSS hides "Fecha".
    const fecha = () => screen.getByRole('columnheader', { name: 'Fecha' });
    const hiddenClass = fecha().className;
    const menu = await openColumns(user);
    const item = within(menu).getByRole('menuitemcheckbox', { name: 'Fecha' });
    expect(item).toHaveAttribute('aria-checked', 'false');
    await user.click(item);
    expect(item).toHaveAttribute('aria-checked', 'true');
    // Shown by choice: the cell loses the class that hides it below 1600 px.
    expect(fecha().className).not.toBe(hiddenClass);
    expect(hiddenClass.startsWith(fecha().className)).toBe(true);
    expect(JSON.parse(localStorage.getItem(columnChoiceKey(undefined, 'filas'))!)).toEqual({
      fecha: true,
    });
  });
});

describe('DataTable on a phone (issue 20 point 3)', () => {
  const matchMedia = window.matchMedia;
  afterEach(() => {
    window.matchMedia = matchMedia;
  });

  function asPhone() {
    window.matchMedia = vi.fn((query: string) => ({
      ...matchMedia(query),
      matches: query === '(max-width: 47.99em)',
    }));
  }

  it('selects a card by tapping it, and its checkbox toggles it only once', async () => {
    asPhone();
    const user = userEvent.setup();
    renderTable(<SelectableFilas selectionAction={<button type="button">Subir factura</button>} />);
    const list = await screen.findByRole('list', { name: 'Filas' });
    const card = within(list).getByRole('listitem', { name: 'Fila 2' });
    await user.click(within(card).getByText('Importe:'));
    expect(screen.getByRole('checkbox', { name: 'Seleccionar Fila 2' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar Fila 2' }));
    expect(screen.getByRole('checkbox', { name: 'Seleccionar Fila 2' })).not.toBeChecked();
    // A tap on a control inside the card keeps its own meaning.
    await user.click(within(card).getByRole('button', { name: 'Ver' }));
    expect(screen.getByRole('checkbox', { name: 'Seleccionar Fila 2' })).not.toBeChecked();
  });

  it('holds the action on the checked cards in a bar at the bottom while some are checked', async () => {
    asPhone();
    const user = userEvent.setup();
    renderTable(<SelectableFilas selectionAction={<button type="button">Subir factura</button>} />);
    const list = await screen.findByRole('list', { name: 'Filas' });
    const action = () => screen.getByRole('button', { name: 'Subir factura' });
    const barOf = (element: HTMLElement) => element.parentElement!;
    const inToolbar = barOf(action());
    await user.click(within(list).getByRole('listitem', { name: 'Fila 1' }));
    await user.click(within(list).getByRole('listitem', { name: 'Fila 3' }));
    // One button only, now in the bar after the list, which says how many are checked.
    expect(screen.getAllByRole('button', { name: 'Subir factura' })).toHaveLength(1);
    expect(barOf(action())).not.toBe(inToolbar);
    expect(barOf(action())).toHaveTextContent('2 seleccionadas');
    expect(list.compareDocumentPosition(action()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("puts the cards in the page's scroll, not in a box of their own", async () => {
    asPhone();
    renderTable(<FilasTable data={filas.slice(0, 50)} />);
    const list = await screen.findByRole('list', { name: 'Filas' });
    expect(within(list).getAllByRole('listitem').length).toBeGreaterThan(0);
    expect(list.parentElement!.style.maxHeight).toBe('');
  });
});
