import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute, resetNotifications } from '../../../test/render';
import { LoginForm } from './login-form';

const failure = new TypeError('fallo inesperado');

// Every error of the API client is an ApiRequestError; this stands in for anything else.
vi.mock('../api/recover-password', async () => {
  const { useMutation } = await import('@tanstack/react-query');
  return {
    useRecoverPassword: () =>
      useMutation({
        mutationFn: async () => {
          throw failure;
        },
      }),
  };
});

afterEach(() => {
  vi.restoreAllMocks();
  resetNotifications();
});

describe('recovery dialog, errors of another type (spec §8)', () => {
  it('are only logged, with no notification', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const show = vi.spyOn(notifications, 'show');
    const user = userEvent.setup();
    renderRoute(<LoginForm portal="clientes" />);
    await user.click(screen.getByRole('button', { name: 'Recibir nueva contraseña' }));
    // A lazy chunk (issue 7): the dialog appears once loaded.
    const dialog = await screen.findByRole('dialog', { name: 'Recibir nueva contraseña' });
    await user.type(within(dialog).getByLabelText(/^E-mail/), 'a@b.es');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(expect.any(String), failure));
    expect(show).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
