import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders, testQueryClient } from '../test/render';
import { DateField, DateRangeFilter } from './date-range-filter';

function renderIn(element: React.ReactElement) {
  return render(<TestProviders queryClient={testQueryClient()}>{element}</TestProviders>);
}

/** "Fecha de carga" from 2 to 4 March 2026; returns its onChange spy. */
function renderRange() {
  const onChange = vi.fn();
  renderIn(
    <DateRangeFilter
      label="Fecha de carga"
      value={{ desde: '2026-03-02', hasta: '2026-03-04' }}
      onChange={onChange}
    />,
  );
  return onChange;
}

/** The calendar's popover, once its code has arrived (calendar-input.tsx). */
async function calendar(field: string) {
  return screen.findByRole('dialog', { name: `Calendario: ${field}` });
}

describe('date fields with the calendar loaded apart', () => {
  it('opens the range calendar at the value, reports a range once both ends are picked, and closes', async () => {
    const user = userEvent.setup();
    const onChange = renderRange();
    const field = screen.getByRole('button', { name: 'Fecha de carga' });
    expect(field).toHaveTextContent('02/03/2026 – 04/03/2026');
    // Closed, no calendar: its code is not even loaded yet.
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(field);
    const dialog = await calendar('Fecha de carga');
    expect(within(dialog).getByRole('button', { name: 'Mes anterior' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '10 March 2026' }));
    expect(onChange).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: '12 March 2026' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ desde: '2026-03-10', hasta: '2026-03-12' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(field).toHaveTextContent('10/03/2026 – 12/03/2026');
  });

  it('clears the range with its × button', async () => {
    const user = userEvent.setup();
    const onChange = renderRange();
    await user.click(screen.getByRole('button', { name: 'Borrar fechas' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith({});
  });

  it('picks one day, closes, and gives the focus back to its field', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderIn(
      <DateField label="Fecha de emisión" value="2026-03-02" onChange={onChange} required />,
    );
    const field = screen.getByRole('button', { name: /^Fecha de emisión/ });
    await user.click(field);
    const dialog = await calendar('Fecha de emisión');
    await user.click(within(dialog).getByRole('button', { name: '20 March 2026' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('2026-03-20');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(field).toHaveFocus());
  });
});
