import { anonymousSession, type AuthSession } from '@extranet/contracts/auth/session';
import type { MenuEntry } from '@extranet/contracts/menus/menu';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PortalContext } from '../lib/portal-context';
import { TestProviders, testQueryClient } from '../test/render';
import { CIRCUITO_SEGURIDAD_WINDOW, CircuitoSeguridadButton } from './circuito-seguridad-button';

const circuit: MenuEntry = {
  recurso: 'Circuitoseguridad',
  api: 'https://circuito.example/entrada',
  menu: 7,
};
const tracking: MenuEntry = { recurso: 'apiweb.clientes.tracking', api: '/t', menu: 1 };
const session: AuthSession = {
  ...anonymousSession,
  success: 1,
  email: 'cliente@demo.es',
  code: 'C-001',
};

function renderButton(sessionValue: AuthSession | undefined, menus: MenuEntry[] | undefined) {
  return render(
    <TestProviders queryClient={testQueryClient()}>
      <PortalContext.Provider
        value={{ portal: 'clientes', session: sessionValue, menus, accessSuffix: '' }}
      >
        <CircuitoSeguridadButton />
      </PortalContext.Provider>
    </TestProviders>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('CircuitoSeguridadButton (spec §2, §6, §7)', () => {
  it('shows with e-mail, code and the Circuitoseguridad resource', () => {
    renderButton(session, [tracking, circuit]);
    expect(screen.getByRole('button', { name: 'Circuito Seguridad' })).toBeInTheDocument();
  });

  it.each([
    ['without e-mail', { ...session, email: '' }, [circuit]],
    ['without code', { ...session, code: '' }, [circuit]],
    ['without the resource', session, [tracking]],
    ['before the menus load', session, undefined],
    ['before the session loads', undefined, [circuit]],
  ])('is hidden %s', (_case, sessionValue, menus) => {
    renderButton(sessionValue, menus);
    expect(screen.queryByRole('button', { name: 'Circuito Seguridad' })).toBeNull();
  });

  it('opens the named window and posts e-mail and code to the resource URL', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const submitted: HTMLFormElement[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (
      this: HTMLFormElement,
    ) {
      submitted.push(this);
    });
    renderButton(session, [circuit]);
    await userEvent.click(screen.getByRole('button', { name: 'Circuito Seguridad' }));

    expect(CIRCUITO_SEGURIDAD_WINDOW).toBe('circuitoSeguridad');
    expect(open).toHaveBeenCalledWith('', 'circuitoSeguridad');
    expect(submitted).toHaveLength(1);
    const form = submitted[0] as HTMLFormElement;
    expect(form.method).toBe('post');
    expect(form.action).toBe('https://circuito.example/entrada');
    expect(form.target).toBe('circuitoSeguridad');
    const fields = Object.fromEntries(new FormData(form));
    expect(fields).toEqual({ email: 'cliente@demo.es', code: 'C-001' });
    const inputs = Array.from(form.querySelectorAll('input'));
    expect(inputs.every((input) => input.type === 'hidden')).toBe(true);
    // The window is opened before the post targets it.
    expect(open.mock.invocationCallOrder[0]).toBeLessThan(
      vi.mocked(HTMLFormElement.prototype.submit).mock.invocationCallOrder[0] ?? 0,
    );
  });
});
