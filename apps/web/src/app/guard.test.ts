import { anonymousSession, type AuthSession } from '@extranet/contracts/auth/session';
import { describe, expect, it } from 'vitest';
import { decideGuard, hasAccessToken } from './guard';

const customerSession: AuthSession = { ...anonymousSession, success: 1, email: 'a@b.es', id: 7 };
const supplierSession: AuthSession = { ...customerSession, client: false, supplier: true };
/** Signed in with several companies, none chosen yet (issue 14 point 3). */
const choices = [{ id: 3, razon_social: 'Uno S.L.', localidad: 'Valencia' }];
const pendingCustomer: AuthSession = { ...customerSession, id: 0, pendingChoice: choices };
const pendingSupplier: AuthSession = { ...supplierSession, id: 0, pendingChoice: choices };

const base = {
  requiresAuth: true,
  params: {},
  targetPath: '/clientes/portes?x=1#top',
} as const;

describe('hasAccessToken', () => {
  it('needs both the id and the token of the portal', () => {
    expect(hasAccessToken('clientes', { clienteId: '3', token: 't' })).toBe(true);
    expect(hasAccessToken('clientes', { clienteId: '3' })).toBe(false);
    expect(hasAccessToken('clientes', { token: 't' })).toBe(false);
    expect(hasAccessToken('clientes', { proveedorId: '3', token: 't' })).toBe(false);
    expect(hasAccessToken('proveedores', { proveedorId: '3', token: 't' })).toBe(true);
  });
});

describe('decideGuard', () => {
  it('allows routes that do not require auth', () => {
    expect(decideGuard({ ...base, portal: 'clientes', requiresAuth: false })).toEqual({
      kind: 'allow',
    });
  });

  it('skips the check when the path carries id and token', () => {
    expect(
      decideGuard({ ...base, portal: 'clientes', params: { clienteId: '1', token: 'abc' } }),
    ).toEqual({ kind: 'allow' });
    expect(
      decideGuard({ ...base, portal: 'proveedores', params: { proveedorId: '1', token: 'abc' } }),
    ).toEqual({ kind: 'allow' });
  });

  it('asks for the session when it is not known yet', () => {
    expect(decideGuard({ ...base, portal: 'clientes' })).toEqual({ kind: 'check-session' });
  });

  it('allows a successful session of the same portal', () => {
    expect(decideGuard({ ...base, portal: 'clientes', session: customerSession })).toEqual({
      kind: 'allow',
    });
    expect(decideGuard({ ...base, portal: 'proveedores', session: supplierSession })).toEqual({
      kind: 'allow',
    });
  });

  it.each([
    ['a failed check', null],
    ['an anonymous session', anonymousSession],
    ['a session of the other portal', supplierSession],
    ['a session whose client choice is pending', pendingCustomer],
  ])('sends the customer to /login after %s, keeping the full path', (_case, session) => {
    expect(decideGuard({ ...base, portal: 'clientes', session })).toEqual({
      kind: 'redirect-to-login',
      loginPath: '/login',
      afterLogin: '/clientes/portes?x=1#top',
    });
  });

  it('sends the supplier to /proveedores/login', () => {
    expect(
      decideGuard({
        ...base,
        portal: 'proveedores',
        targetPath: '/proveedores/panel',
        session: anonymousSession,
      }),
    ).toEqual({
      kind: 'redirect-to-login',
      loginPath: '/proveedores/login',
      afterLogin: '/proveedores/panel',
    });
  });

  it('sends a supplier whose carrier choice is pending to /proveedores/login', () => {
    expect(
      decideGuard({
        ...base,
        portal: 'proveedores',
        targetPath: '/proveedores/cargas',
        session: pendingSupplier,
      }),
    ).toEqual({
      kind: 'redirect-to-login',
      loginPath: '/proveedores/login',
      afterLogin: '/proveedores/cargas',
    });
  });
});
