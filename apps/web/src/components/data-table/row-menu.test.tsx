import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IconEyeOff, IconX } from '@tabler/icons-react';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders, testQueryClient } from '../../test/render';
import { RowMenu } from './row-menu';

function renderMenu() {
  const retirar = vi.fn();
  const descartar = vi.fn();
  render(
    <TestProviders queryClient={testQueryClient()}>
      <RowMenu
        label="Más acciones de la carga C26-5001"
        items={[
          { label: 'Retirar oferta', icon: IconX, onClick: retirar },
          { label: 'Descartar', icon: IconEyeOff, onClick: descartar },
        ]}
      />
    </TestProviders>,
  );
  return { retirar, descartar };
}

describe('RowMenu', () => {
  it('is a closed menu button until used, with no menu in the page', () => {
    renderMenu();
    const button = screen.getByRole('button', { name: 'Más acciones de la carga C26-5001' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem')).not.toBeInTheDocument();
  });

  it('opens on first use from the keyboard, runs an entry, and gives the focus back on Escape', async () => {
    const user = userEvent.setup();
    const { descartar } = renderMenu();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Retirar oferta',
      'Descartar',
    ]);
    await user.keyboard('{Escape}');
    const button = screen.getByRole('button', { name: 'Más acciones de la carga C26-5001' });
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    await user.click(await screen.findByRole('menuitem', { name: 'Descartar' }));
    expect(descartar).toHaveBeenCalledTimes(1);
  });
});
