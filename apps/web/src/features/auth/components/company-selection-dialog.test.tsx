import type { ClienteResumen } from '@extranet/contracts/auth/login';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders, testQueryClient } from '../../../test/render';
import { CompanySelectionDialog, SEARCH_THRESHOLD } from './company-selection-dialog';

function clientes(count: number): ClienteResumen[] {
  return Array.from({ length: count }, (_, index) => ({
    id: 100 + index,
    razon_social: `Cliente ${index + 1}`,
    localidad: index === 3 ? 'Zaragoza' : 'Valencia',
  }));
}

function renderDialog(
  companies: ClienteResumen[],
  props: {
    mandatory?: boolean;
    onCancel?: () => void;
    onSelect?: (c: ClienteResumen) => void;
  } = {},
) {
  const onSelect = props.onSelect ?? vi.fn();
  render(
    <TestProviders queryClient={testQueryClient()}>
      <CompanySelectionDialog
        opened
        title="Seleccionar cliente conexión"
        companies={companies}
        mandatory={props.mandatory ?? true}
        onCancel={props.onCancel}
        onSelect={onSelect}
      />
    </TestProviders>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Seleccionar cliente conexión' });
  return { dialog, onSelect, user: userEvent.setup() };
}

const rows = (dialog: HTMLElement) => within(dialog).getAllByRole('radio');

describe('CompanySelectionDialog (spec §2, §5)', () => {
  it('shows the columns ID, Nombre and Localidad', () => {
    const { dialog } = renderDialog(clientes(2));
    const headers = within(dialog)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['ID', 'Nombre', 'Localidad']);
    expect(within(dialog).getByText('100')).toBeInTheDocument();
    expect(within(dialog).getByText('Cliente 1')).toBeInTheDocument();
  });

  it(`has no search box with ${SEARCH_THRESHOLD} clients`, () => {
    expect(SEARCH_THRESHOLD).toBe(6);
    const { dialog } = renderDialog(clientes(6));
    expect(within(dialog).queryByRole('searchbox', { name: 'Buscar en listado' })).toBeNull();
  });

  it('has the search box with 7 clients', () => {
    const { dialog } = renderDialog(clientes(7));
    expect(within(dialog).getByRole('searchbox', { name: 'Buscar en listado' })).toHaveAttribute(
      'placeholder',
      'Buscar en listado',
    );
  });

  it('ignores a whitespace-only search', async () => {
    const { dialog, user } = renderDialog(clientes(8));
    await user.type(within(dialog).getByRole('searchbox'), '   ');
    expect(rows(dialog)).toHaveLength(8);
  });

  it('searches case-insensitively on every field, nested ones included', async () => {
    const companies: ClienteResumen[] = [
      ...clientes(7),
      {
        id: 900,
        razon_social: 'Grupo Norte',
        localidad: 'Bilbao',
        // The server may add more (nested) data; the search covers it too.
        ...({ contacto: { nombre: 'Íñigo Arrieta' } } as object),
      },
    ];
    const { dialog, user } = renderDialog(companies);
    const search = within(dialog).getByRole('searchbox');
    await user.type(search, 'zaragoza');
    expect(rows(dialog)).toHaveLength(1);
    expect(within(dialog).getByText('Cliente 4')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'ARRIETA');
    expect(rows(dialog)).toHaveLength(1);
    expect(within(dialog).getByText('Grupo Norte')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, '90');
    expect(within(dialog).getByText('Grupo Norte')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'nadie');
    expect(within(dialog).queryAllByRole('radio')).toHaveLength(0);
    expect(within(dialog).getByText('Ningún registro coincide con la búsqueda.')).toBeVisible();
  });

  it('keeps Seleccionar disabled until a row is chosen, by click', async () => {
    const { dialog, user, onSelect } = renderDialog(clientes(3));
    const select = within(dialog).getByRole('button', { name: 'Seleccionar' });
    expect(select).toBeDisabled();
    expect(rows(dialog).every((radio) => !(radio as HTMLInputElement).checked)).toBe(true);
    await user.click(within(dialog).getByText('Cliente 2'));
    expect(within(dialog).getByRole('radio', { name: 'Cliente 2 (Valencia)' })).toBeChecked();
    expect(select).toBeEnabled();
    await user.click(select);
    expect(onSelect).toHaveBeenCalledWith({
      id: 101,
      razon_social: 'Cliente 2',
      localidad: 'Valencia',
    });
  });

  it('is usable with the keyboard only', async () => {
    const { dialog, user, onSelect } = renderDialog(clientes(3));
    const first = within(dialog).getByRole('radio', { name: 'Cliente 1 (Valencia)' });
    first.focus();
    await user.keyboard(' ');
    expect(first).toBeChecked();
    await user.keyboard('{ArrowDown}');
    expect(within(dialog).getByRole('radio', { name: 'Cliente 2 (Valencia)' })).toBeChecked();
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 101 }));
  });

  it('when not mandatory, Cancelar closes without a selection', async () => {
    const onCancel = vi.fn();
    const { dialog, user, onSelect } = renderDialog(clientes(2), { mandatory: false, onCancel });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('when mandatory, there is no way out but Seleccionar', async () => {
    const onCancel = vi.fn();
    const { dialog, user } = renderDialog(clientes(2), { mandatory: true, onCancel });
    expect(within(dialog).queryByRole('button', { name: 'Cancelar' })).toBeNull();
    await user.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
  });
});
