import { RECOVERY_MARKER } from '@extranet/contracts/auth/login';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { storageKey } from '../../../lib/storage';
import {
  apiError,
  json,
  mockApi,
  renderRoute,
  sentBodies,
  setInitialRegions,
} from '../../../test/render';
import { EUROPA, ITALIA, withLoginPage } from '../../../test/login';
import { LoginForm } from './login-form';
import { RECOVERY_CLOSE_DELAY_MS, RECOVERY_FAILURE_AUTO_CLOSE_MS } from './recovery-dialog';

function recoveryResponse(recoverEmailSent: boolean) {
  return { success: 0, clientes: [], proveedores: [], menus: [], recoverEmailSent };
}

async function openRecovery(user: ReturnType<typeof userEvent.setup>, typed = '') {
  if (typed) await user.type(screen.getByLabelText(/^E-mail/), typed);
  await user.click(screen.getByRole('button', { name: 'Recibir nueva contraseña' }));
  // The dialog is a lazy chunk (issue 7): it appears once loaded, not in the click's render.
  return screen.findByRole('dialog', { name: 'Recibir nueva contraseña' });
}

withLoginPage([EUROPA]);

describe('recovery dialog (spec §2, §4, §5, §8)', () => {
  it('prefills the e-mail, enables Enviar only with one, and offers Cancelar', async () => {
    const user = userEvent.setup();
    renderRoute(<LoginForm portal="clientes" />);
    const dialog = await openRecovery(user);
    const send = within(dialog).getByRole('button', { name: 'Enviar' });
    expect(send).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/^E-mail/), '  ');
    expect(send).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/^E-mail/), 'a@b.es');
    expect(send).toBeEnabled();
    // One region: no selector.
    expect(within(dialog).queryByLabelText('Región')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.type(screen.getByLabelText(/^E-mail/), 'cliente@demo.es');
    const again = await openRecovery(user);
    expect(within(again).getByLabelText(/^E-mail/)).toHaveValue('cliente@demo.es');
  });

  it('shows the region selector with several regions and sends the marker as clave', async () => {
    setInitialRegions([EUROPA, ITALIA]);
    const fetchMock = mockApi({
      'POST /api/proveedores/login': () => json(200, recoveryResponse(false)),
    });
    const user = userEvent.setup();
    renderRoute(<LoginForm portal="proveedores" />, '/proveedores/login');
    const dialog = await openRecovery(user, 'p@demo.it');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Región' }), 'Italia');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    await screen.findByText(/No se ha podido enviar/);
    expect(sentBodies(fetchMock, 'POST /api/proveedores/login')).toEqual([
      { usuario: 'p@demo.it', dregion: 'it', clave: RECOVERY_MARKER },
    ]);
  });

  it('on success: the exact text, saved password cleared, closes exactly 400 ms later', async () => {
    localStorage.setItem(
      storageKey('clientes', 'login'),
      JSON.stringify({ usuario: 'cliente@demo.es', remembered: true }),
    );
    mockApi({ 'POST /api/login': () => json(200, recoveryResponse(true)) });
    const user = userEvent.setup();
    renderRoute(<LoginForm portal="clientes" />);
    const dialog = await openRecovery(user);
    expect(within(dialog).getByLabelText(/^E-mail/)).toHaveValue('cliente@demo.es');

    // From here the clock is ours: the close timer is scheduled once the answer arrives.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    // Let the (mocked) response arrive without moving the clock.
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Enviada nueva clave a "cliente@demo.es"!')).toBeInTheDocument();
    expect(localStorage.getItem(storageKey('clientes', 'login'))).toBeNull();
    expect(screen.getByLabelText(/^Contraseña/)).toBeEnabled();

    expect(RECOVERY_CLOSE_DELAY_MS).toBe(400);
    await act(() => vi.advanceTimersByTimeAsync(399));
    expect(screen.getByRole('dialog', { name: 'Recibir nueva contraseña' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByRole('dialog', { name: 'Recibir nueva contraseña' })).toBeNull();
  });

  it('on failure: the exact text, shown for 5000 ms, and the dialog stays open', async () => {
    const show = vi.spyOn(notifications, 'show');
    mockApi({ 'POST /api/login': () => json(200, recoveryResponse(false)) });
    const user = userEvent.setup();
    renderRoute(<LoginForm portal="clientes" />);
    const dialog = await openRecovery(user, 'nadie@demo.es');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    const text =
      'No se ha podido enviar el mensaje a "nadie@demo.es". Comprobar si es correcto y que pertenece a un usuario de nuestra plataforma.';
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(RECOVERY_FAILURE_AUTO_CLOSE_MS).toBe(5000);
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ message: text, color: 'red', autoClose: 5000 }),
    );
    expect(screen.getByRole('dialog', { name: 'Recibir nueva contraseña' })).toBeInTheDocument();
  });

  it('an error of the application type shows its message', async () => {
    mockApi({
      'POST /api/login': () =>
        apiError(429, 'TOO_MANY_ATTEMPTS', 'Demasiadas solicitudes. Inténtelo más tarde.'),
    });
    const user = userEvent.setup();
    renderRoute(<LoginForm portal="clientes" />);
    const dialog = await openRecovery(user, 'a@b.es');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(
      await screen.findByText('Demasiadas solicitudes. Inténtelo más tarde.'),
    ).toBeInTheDocument();
  });
});
