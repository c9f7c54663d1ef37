import { afterAll, afterEach, beforeAll, describe, expect, vi } from 'vitest';
import type { App } from '../app.js';
import { seedDemo } from '../db/seed/demo.js';
import { clock } from '../lib/clock.js';
import { randomToken } from '../lib/tokens.js';
import { insertReset } from '../modules/password-reset/repository.js';
import { hashResetToken } from '../modules/password-reset/service.js';
import { buildTestApp } from '../test/app.js';
import { testDatabases, type TestDatabaseHandle } from '../test/databases.js';
import { TestBrowser, signedIn } from '../test/session.js';
import { securityArea } from '../test/security/report.js';

const area = securityArea(
  'Authentication and sessions',
  'Login throttling, account enumeration, session lifecycle and cookie flags, through `app.inject` on the real app; time moves with the fake clock (`lib/clock.ts`).',
);

let ipSeq = 0;
/** A fresh client IP per simulated machine, so the per-IP limits of one check never leak into another. */
function nextIp(): string {
  ipSeq += 1;
  return `10.${50 + Math.floor(ipSeq / 65_000)}.${Math.floor(ipSeq / 250) % 250}.${(ipSeq % 250) + 1}`;
}

function setNow(ms: number) {
  vi.spyOn(clock, 'now').mockImplementation(() => new Date(ms));
}

function setCookie(res: { headers: Record<string, unknown> }, name: string): string | undefined {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? (raw as string[]) : typeof raw === 'string' ? [raw] : [];
  return list.find((c) => c.startsWith(`${name}=`));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

describe.each(testDatabases())('autenticación ($name)', ({ name, open }) => {
  let handle: TestDatabaseHandle;
  let app: App;

  beforeAll(async () => {
    handle = await open();
    app = await buildTestApp(handle);
    await seedDemo(handle.db);
  }, 60_000);

  afterEach(() => {
    vi.restoreAllMocks();
  });

  afterAll(async () => {
    await app?.close();
    await handle?.dispose();
  });

  area.check(
    'throttling per account and IP, no lockout of the real user',
    'wrong passwords for one account from one IP, then the right one from another IP',
    name,
    async () => {
      setNow(Date.parse('2030-03-01T08:00:00Z'));
      const attacker = new TestBrowser(app, nextIp());
      let failures = 0;
      while (failures < 100) {
        const res = await attacker.login('grupo@demo.es', { clave: `mala${failures}` });
        if (res.statusCode === 429) break;
        expect(res.statusCode).toBe(401);
        failures += 1;
      }
      expect(failures).toBeLessThan(100);
      expect(failures).toBe(5);
      const real = await new TestBrowser(app, nextIp()).login('grupo@demo.es');
      expect(real.statusCode).toBe(200);
    },
  );

  area.check(
    'throttling per account across IPs (distributed guessing), still no lockout',
    'wrong passwords for one account, each from a new IP, until refused; then the right password from yet another IP',
    name,
    async () => {
      const base = Date.parse('2030-03-02T08:00:00Z');
      setNow(base);
      let failures = 0;
      let refused: Awaited<ReturnType<TestBrowser['login']>> | undefined;
      while (failures < 100) {
        const res = await new TestBrowser(app, nextIp()).login('dos@demo.es', {
          clave: `x${failures}`,
        });
        if (res.statusCode === 429) {
          refused = res;
          break;
        }
        expect(res.statusCode).toBe(401);
        failures += 1;
      }
      expect(failures).toBeLessThan(100);
      const wait = Number(refused?.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(5);
      // The real user, from a machine of their own, waits at most those seconds.
      setNow(base + wait * 1000);
      expect((await new TestBrowser(app, nextIp()).login('dos@demo.es')).statusCode).toBe(200);
    },
  );

  area.check(
    'a browser the user signed in from before is never throttled by a distributed attack',
    'a distributed attack still going on (account-wide wait active); the right password from a fresh browser, then from the browser holding the user’s remember-token cookie',
    name,
    async () => {
      setNow(Date.parse('2030-03-03T08:00:00Z'));
      const device = await signedIn(app, 'proveedor@demo.es', {
        portal: 'proveedores',
        ip: nextIp(),
      });
      expect(device.cookies.has('remember_proveedores')).toBe(true);
      let refused = false;
      for (let i = 0; i < 100 && !refused; i += 1) {
        const res = await new TestBrowser(app, nextIp()).login('proveedor@demo.es', {
          portal: 'proveedores',
          clave: `x${i}`,
        });
        refused = res.statusCode === 429;
      }
      expect(refused).toBe(true);
      const fresh = await new TestBrowser(app, nextIp()).login('proveedor@demo.es', {
        portal: 'proveedores',
      });
      expect(fresh.statusCode).toBe(429);
      expect((await device.login('proveedor@demo.es', { portal: 'proveedores' })).statusCode).toBe(
        200,
      );
    },
  );

  area.check(
    'throttling per IP across accounts',
    'wrong passwords for a different account on each call, all from one IP',
    name,
    async () => {
      const ip = new TestBrowser(app, nextIp());
      let calls = 0;
      while (calls < 100) {
        const res = await ip.login(`nadie${calls}@demo.es`, { clave: 'mala' });
        if (res.statusCode === 429) break;
        expect(res.statusCode).toBe(401);
        calls += 1;
      }
      expect(calls).toBeLessThan(100);
    },
  );

  area.check(
    'no account enumeration by status or message',
    'an unknown e-mail and a known e-mail with a wrong password, on both portals',
    name,
    async () => {
      for (const portal of ['clientes', 'proveedores'] as const) {
        const known = portal === 'clientes' ? 'cliente@demo.es' : 'proveedor@demo.es';
        const unknown = `desconocido-${portal}@demo.es`;
        const a = await new TestBrowser(app, nextIp()).login(known, {
          portal,
          clave: 'mala-clave',
        });
        const b = await new TestBrowser(app, nextIp()).login(unknown, {
          portal,
          clave: 'mala-clave',
        });
        expect(a.statusCode).toBe(401);
        expect(b.statusCode).toBe(a.statusCode);
        expect(b.body.replace(unknown, 'EMAIL')).toBe(a.body.replace(known, 'EMAIL'));
        expect(setCookie(a, 'sid')).toBeUndefined();
        expect(setCookie(b, 'sid')).toBeUndefined();
      }
    },
  );

  area.check(
    'no account enumeration by timing',
    '24 alternating logins with an unknown e-mail and with a wrong password; medians compared (within 2x, or 25 ms)',
    name,
    async () => {
      const unknown: number[] = [];
      const wrong: number[] = [];
      for (let i = 0; i < 24; i += 1) {
        const browser = new TestBrowser(app, nextIp());
        const started = performance.now();
        const res =
          i % 2 === 0
            ? await browser.login(`nadie-t${i}@demo.es`, { clave: 'mala-clave' })
            : await browser.login('grupo@demo.es', { clave: `mala-clave-${i}` });
        expect(res.statusCode).toBe(401);
        (i % 2 === 0 ? unknown : wrong).push(performance.now() - started);
      }
      // The first calls warm up code paths; keep the later ones only.
      const [u, w] = [median(unknown.slice(2)), median(wrong.slice(2))];
      const bound = Math.max(25, Math.min(u, w));
      expect(
        Math.abs(u - w),
        `desconocido ${u.toFixed(1)} ms, clave mala ${w.toFixed(1)} ms`,
      ).toBeLessThan(bound);
    },
  );

  area.check(
    'session id rotated at login, dead after logout',
    'the cookie from before login, then the cookie after logout, replayed',
    name,
    async () => {
      const browser = new TestBrowser(app, nextIp());
      await browser.get('/api/auth');
      const first = await signedIn(app, 'cliente@demo.es', { ip: nextIp() });
      const before = first.cookies.get('sid')!;
      await first.login('cliente@demo.es');
      const after = first.cookies.get('sid')!;
      expect(after).not.toBe(before);
      const replay = await app.inject({
        method: 'GET',
        url: '/api/clientes/menu',
        cookies: { sid: before },
      });
      expect(replay.statusCode).toBe(401);
      expect((await first.post('/api/logout')).statusCode).toBe(204);
      const dead = await app.inject({
        method: 'GET',
        url: '/api/clientes/menu',
        cookies: { sid: after },
      });
      expect(dead.statusCode).toBe(401);
    },
  );

  area.check(
    'sessions dead after a password change (recovery)',
    'two live sessions of a user, then a password reset with a recovery link',
    name,
    async () => {
      const one = await signedIn(app, 'cliente@demo.it', { region: 'it', ip: nextIp() });
      const two = await signedIn(app, 'cliente@demo.it', { region: 'it', ip: nextIp() });
      const usuario = await handle.db
        .selectFrom('usuarios')
        .select('id')
        .where('email', '=', 'cliente@demo.it')
        .executeTakeFirstOrThrow();
      const token = randomToken(32);
      const now = clock.now();
      await insertReset(handle.db, {
        usuarioId: usuario.id,
        tokenHash: hashResetToken(token),
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + 600_000).toISOString(),
      });
      const reset = await new TestBrowser(app, nextIp()).post('/api/password-reset', {
        token,
        clave: 'Otra-clave-larga-2026!',
      });
      expect(reset.statusCode, reset.body).toBeLessThan(300);
      expect((await one.get('/api/clientes/menu')).statusCode).toBe(401);
      expect((await two.get('/api/clientes/menu')).statusCode).toBe(401);
    },
  );

  area.check(
    'idle and absolute session expiry',
    `a session left idle past SESSION_IDLE_MINUTES, and one kept busy past SESSION_ABSOLUTE_HOURS (fake clock)`,
    name,
    async () => {
      const { sessionIdleMinutes: idle, sessionAbsoluteHours: absolute } = app.config;
      const base = Date.parse('2030-04-01T08:00:00Z');
      setNow(base);
      const quiet = await signedIn(app, 'cliente@demo.es', { ip: nextIp() });
      setNow(base + (idle - 1) * 60_000);
      expect((await quiet.get('/api/clientes/menu')).statusCode).toBe(200);
      setNow(base + (2 * idle + 1) * 60_000);
      expect((await quiet.get('/api/clientes/menu')).statusCode).toBe(401);

      setNow(base);
      const busy = await signedIn(app, 'cliente@demo.es', { ip: nextIp() });
      const step = Math.floor(idle / 2);
      let t = 0;
      for (t = step; t < absolute * 60; t += step) {
        setNow(base + t * 60_000);
        expect((await busy.get('/api/clientes/menu')).statusCode, `${t} min`).toBe(200);
      }
      setNow(base + absolute * 3_600_000);
      expect((await busy.get('/api/clientes/menu')).statusCode).toBe(401);
    },
  );

  area.check(
    'cookie flags over HTTP',
    'login on plain HTTP: flags of the session, remember and CSRF cookies',
    name,
    async () => {
      const res = await new TestBrowser(app, nextIp()).login('cliente@demo.es');
      const sid = setCookie(res, 'sid') ?? '';
      expect(sid).toMatch(/; HttpOnly/);
      expect(sid).toMatch(/; SameSite=Lax/);
      expect(sid).toMatch(/; Path=\//);
      expect(sid).not.toMatch(/; Secure/);
      expect(sid).not.toMatch(/Max-Age|Expires/);
      const remember = setCookie(res, 'remember_clientes') ?? '';
      expect(remember).toMatch(/; HttpOnly/);
      expect(remember).toMatch(/; SameSite=Strict/);
      expect(remember).toMatch(/; Path=\/api/);
      const csrf = setCookie(res, 'csrf-token') ?? '';
      expect(csrf).not.toMatch(/HttpOnly/);
      expect(csrf).toMatch(/; SameSite=Lax/);
    },
  );

  area.check(
    'cookie flags behind HTTPS',
    'login with PUBLIC_URL=https://… and TRUST_PROXY=true, X-Forwarded-Proto: https: every cookie Secure',
    name,
    async () => {
      const db = await open();
      const https = await buildTestApp(db, {
        PUBLIC_URL: 'https://extranet.example',
        TRUST_PROXY: 'true',
      });
      try {
        await seedDemo(db.db);
        const res = await https.inject({
          method: 'POST',
          url: '/api/login',
          headers: { 'x-forwarded-proto': 'https', origin: 'https://extranet.example' },
          payload: { usuario: 'cliente@demo.es', clave: 'demo1234', dregion: 'es' },
        });
        // Without the CSRF cookie first: get it, then log in.
        const auth = await https.inject({
          method: 'GET',
          url: '/api/auth',
          headers: { 'x-forwarded-proto': 'https' },
        });
        const csrf = (setCookie(auth, 'csrf-token') ?? '').split(';')[0]?.split('=')[1] ?? '';
        expect(setCookie(auth, 'csrf-token')).toMatch(/; Secure/);
        expect(res.statusCode).toBe(403);
        const login = await https.inject({
          method: 'POST',
          url: '/api/login',
          headers: { 'x-forwarded-proto': 'https', 'x-csrf-token': csrf },
          cookies: { 'csrf-token': csrf },
          payload: { usuario: 'cliente@demo.es', clave: 'demo1234', dregion: 'es' },
        });
        expect(login.statusCode, login.body).toBe(200);
        for (const cookie of ['sid', 'remember_clientes', 'csrf-token']) {
          expect(setCookie(login, cookie), cookie).toMatch(/; Secure/);
        }
      } finally {
        await https.close();
        await db.dispose();
      }
    },
  );
});
