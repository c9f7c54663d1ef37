import type { LoginResponse } from '@extranet/contracts/auth/login';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  apiError,
  json,
  mockApi,
  renderRoute,
  resetNotifications,
  sentBodies,
} from '../../../test/render';
import { TotpLoginStep } from './totp-login-step';
import { TotpSettingsDialog } from './totp-settings-dialog';

const WRONG = 'Código incorrecto o ya utilizado. Espere al siguiente código e inténtelo de nuevo.';
const codes = Array.from({ length: 10 }, (_, i) => `abcd-efgh-${String(i).padStart(2, '0')}`);

function signedIn(overrides: Partial<LoginResponse> = {}): LoginResponse {
  return {
    success: 1,
    clientes: [],
    proveedores: [{ id: 9, razon_social: 'Trans S.L.', localidad: 'Bilbao' }],
    menus: [],
    recoverEmailSent: false,
    ...overrides,
  };
}

function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    // readAsText: the result is a string.
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetNotifications();
});

describe('TOTP login step: recovery codes (issue 7)', () => {
  it('takes a recovery code instead of the app code; a refused one shows the server message', async () => {
    const user = userEvent.setup();
    let calls = 0;
    const fetchMock = mockApi({
      'POST /api/auth/totp/codigo-recuperacion': () =>
        ++calls === 1 ? apiError(401, 'TOTP_INVALID', WRONG) : json(200, signedIn()),
    });
    const onSignedIn = vi.fn();
    renderRoute(<TotpLoginStep mode="codigo" onSignedIn={onSignedIn} onCancel={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Verificación en dos pasos' });
    await user.click(
      within(dialog).getByRole('button', { name: 'Usar un código de recuperación' }),
    );
    expect(within(dialog).queryByLabelText(/Código de verificación/)).toBeNull();
    const field = within(dialog).getByLabelText(/Código de recuperación/);
    const verify = within(dialog).getByRole('button', { name: 'Verificar' });
    await user.type(field, 'abcd-efgh');
    expect(verify).toBeDisabled();
    await user.type(field, '-01');
    await user.click(verify);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(WRONG);
    expect(onSignedIn).not.toHaveBeenCalled();
    await user.type(field, 'abcd-efgh-02');
    await user.click(verify);
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(signedIn()));
    expect(sentBodies(fetchMock, 'POST /api/auth/totp/codigo-recuperacion')).toEqual([
      { codigo: 'abcd-efgh-01' },
      { codigo: 'abcd-efgh-02' },
    ]);
    // Back to the app code.
    await user.click(
      within(dialog).getByRole('button', { name: 'Usar el código de la aplicación' }),
    );
    expect(within(dialog).getByLabelText(/Código de verificación/)).toBeInTheDocument();
  });

  it('after an enrolment at login shows the recovery codes once, with copy and download, then goes on', async () => {
    const user = userEvent.setup();
    mockApi({
      'POST /api/auth/totp/alta': () =>
        json(200, {
          secreto: 'JBSWY3DPEHPK3PXP',
          uri: 'otpauth://totp/x',
          qr: 'data:image/svg+xml;base64,',
        }),
      'POST /api/auth/totp': () => json(200, signedIn({ codigosRecuperacion: codes })),
    });
    // jsdom has no object URLs: the blob handed over is the file the browser would save.
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:codes');
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = createObjectURL;
        static override revokeObjectURL = vi.fn();
      },
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const onSignedIn = vi.fn();
    renderRoute(<TotpLoginStep mode="alta" onSignedIn={onSignedIn} onCancel={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Verificación en dos pasos' });
    // No recovery codes before the factor exists.
    expect(
      within(dialog).queryByRole('button', { name: 'Usar un código de recuperación' }),
    ).toBeNull();
    await user.type(within(dialog).getByLabelText(/Código de verificación/), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verificar' }));

    const list = await within(dialog).findByRole('list', { name: 'Códigos de recuperación' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(codes);
    expect(dialog).toHaveTextContent(
      'Guarde estos códigos en un lugar seguro. Cada código sirve una sola vez si pierde el móvil.',
    );
    expect(onSignedIn).not.toHaveBeenCalled();

    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(within(dialog).getByRole('button', { name: 'Copiar' }));
    expect(writeText).toHaveBeenCalledWith(codes.join('\n'));

    await user.click(within(dialog).getByRole('button', { name: 'Descargar' }));
    expect(click).toHaveBeenCalledTimes(1);
    const file = await textOf(createObjectURL.mock.calls[0]![0]);
    for (const code of codes) expect(file).toContain(code);

    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(onSignedIn).toHaveBeenCalledWith(signedIn({ codigosRecuperacion: codes }));
  });
});

describe('TOTP settings: recovery codes (issue 7)', () => {
  it('shows the codes after the confirmation and asks a code for a new set', async () => {
    const user = userEvent.setup();
    let activo = false;
    const nuevos = codes.map((c) => c.replace('abcd', 'wxyz'));
    const fetchMock = mockApi({
      'GET /api/totp': () =>
        json(200, { activo, requerido: false, codigosRestantes: activo ? 10 : 0 }),
      'POST /api/totp/alta': () =>
        json(200, {
          secreto: 'JBSWY3DPEHPK3PXP',
          uri: 'otpauth://totp/x',
          qr: 'data:image/svg+xml;base64,',
        }),
      'POST /api/totp/confirmar': () => {
        activo = true;
        return json(200, { codigos: codes });
      },
      'POST /api/totp/codigos-recuperacion': () => json(200, { codigos: nuevos }),
    });
    const onClose = vi.fn();
    const view = renderRoute(<TotpSettingsDialog onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Verificación en dos pasos' });
    await user.click(await within(dialog).findByRole('button', { name: 'Activar' }));
    await user.type(await within(dialog).findByLabelText(/Código de verificación/), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    const list = await within(dialog).findByRole('list', { name: 'Códigos de recuperación' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    await within(dialog).findByText(/La verificación en dos pasos está activada/);
    view.unmount();

    // Opened again: the count left, and a new set for a current code.
    renderRoute(<TotpSettingsDialog onClose={onClose} />);
    const again = await screen.findByRole('dialog', { name: 'Verificación en dos pasos' });
    expect(
      await within(again).findByText(/Le quedan 10 códigos de recuperación/),
    ).toBeInTheDocument();
    expect(within(again).queryByRole('list', { name: 'Códigos de recuperación' })).toBeNull();
    await user.type(within(again).getByLabelText(/Código de verificación/), '654321');
    await user.click(within(again).getByRole('button', { name: 'Nuevos códigos de recuperación' }));
    const fresh = await within(again).findByRole('list', { name: 'Códigos de recuperación' });
    expect(
      within(fresh)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(nuevos);
    expect(sentBodies(fetchMock, 'POST /api/totp/codigos-recuperacion')).toEqual([
      { codigo: '654321' },
    ]);
  });
});
