import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, vi } from 'vitest';
import type { App } from '../../app.js';
import { seedDemo } from '../../db/seed/demo.js';
import { clock } from '../../lib/clock.js';
import { securityArea } from '../../test/security/report.js';
import { accessLinkBrowser, clientesDe } from '../../test/clientes.js';
import { buildTestApp } from '../../test/app.js';
import { testDatabases, type TestDatabaseHandle } from '../../test/databases.js';
import { createProveedorConUsuario } from '../../test/proveedores.js';
import { TestBrowser, signedIn } from '../../test/session.js';
import { decryptSecret } from './totp.js';

const area = securityArea(
  'TOTP second factor',
  'Optional authenticator codes (RFC 6238, ASVS 5.0 6.3.3): enrolment from the portal, the login step after the password, required per portal with `TOTP_REQUIRED`. Secrets are AES-256-GCM encrypted at rest and shown only at enrolment. Ten single-use recovery codes (ASVS 5.0 6.5) replace the authenticator code when the phone is lost.',
);

/** Recovery codes are argon2id hashes: their checks hash and verify dozens on a loaded machine. */
const SLOW_MS = 60_000;

let ip = 0;
const nextIp = () => `10.200.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

function code(secreto: string, at: number): string {
  return new TOTP({ secret: Secret.fromBase32(secreto) }).generate({ timestamp: at });
}

describe.each(testDatabases())('TOTP ($name)', ({ name, open }) => {
  let handle: TestDatabaseHandle;
  let app: App;
  let now = Date.parse('2030-05-01T08:00:00Z');

  const setNow = (ms: number) => {
    now = ms;
    vi.spyOn(clock, 'now').mockImplementation(() => new Date(now));
  };

  beforeAll(async () => {
    handle = await open();
    app = await buildTestApp(handle, { TOTP_REQUIRED: 'proveedores' });
    await seedDemo(handle.db);
  }, 60_000);

  afterEach(() => vi.restoreAllMocks());

  afterAll(async () => {
    await app?.close();
    await handle?.dispose();
  });

  /** Enrols a customer from the portal; returns the secret and the signed-in browser. */
  async function enrol(email: string) {
    const browser = await signedIn(app, email, { ip: nextIp() });
    const alta = await browser.post('/api/totp/alta');
    expect(alta.statusCode, alta.body).toBe(200);
    const { secreto } = alta.json<{ secreto: string }>();
    const confirm = await browser.post('/api/totp/confirmar', { codigo: code(secreto, now) });
    expect(confirm.statusCode, confirm.body).toBe(200);
    return { browser, secreto, codigos: confirm.json<{ codigos: string[] }>().codigos };
  }

  /**
   * A new carrier (TOTP_REQUIRED=proveedores) enrolled during its first login; returns the
   * signed-in browser, the secret and the recovery codes of that answer.
   */
  async function enrolledCarrier() {
    const { email, usuarioId } = await createProveedorConUsuario(handle.db);
    const browser = new TestBrowser(app, nextIp());
    expect((await browser.login(email, { portal: 'proveedores' })).json().segundoFactor).toBe(
      'alta',
    );
    const { secreto } = (await browser.post('/api/auth/totp/alta')).json<{ secreto: string }>();
    const done = await browser.post('/api/auth/totp', { codigo: code(secreto, now) });
    expect(done.statusCode, done.body).toBe(200);
    const codigos = done.json<{ codigosRecuperacion: string[] }>().codigosRecuperacion;
    return { email, usuarioId, browser, secreto, codigos };
  }

  /** A new browser past the password of `email` (a carrier), waiting for its code. */
  async function atCodeStep(email: string) {
    const browser = new TestBrowser(app, nextIp());
    expect((await browser.login(email, { portal: 'proveedores' })).json().segundoFactor).toBe(
      'codigo',
    );
    return browser;
  }

  /** The user's id and TOTP secret, read back from the database for the test only. */
  async function totpDe(email: string) {
    const usuario = await handle.db
      .selectFrom('usuarios')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const row = await handle.db
      .selectFrom('usuarios_totp')
      .select('secreto_cifrado')
      .where('usuario_id', '=', usuario.id)
      .executeTakeFirstOrThrow();
    return { usuarioId: usuario.id, secreto: decryptSecret(app.config, row.secreto_cifrado) };
  }

  const auditOf = (usuarioId: number, accion: string) =>
    handle.db
      .selectFrom('audit_log')
      .select(['accion', 'detalles'])
      .where('usuario_id', '=', usuarioId)
      .where('accion', '=', accion)
      .execute();

  area.check(
    'enrolment from the portal: QR and secret once, confirmed by a first code, stored encrypted',
    'POST /api/totp/alta, a wrong then a right first code, a second alta, the database row',
    name,
    async () => {
      setNow(Date.parse('2030-05-01T08:00:00Z'));
      const browser = await signedIn(app, 'grupo@demo.es', { ip: nextIp() });
      expect((await browser.get('/api/totp')).json()).toEqual({
        activo: false,
        requerido: false,
        codigosRestantes: 0,
      });
      const alta = await browser.post('/api/totp/alta');
      const body = alta.json<{ secreto: string; uri: string; qr: string }>();
      expect(body.secreto).toMatch(/^[A-Z2-7]{32}$/);
      expect(body.uri).toMatch(/^otpauth:\/\/totp\/Extranet:grupo%40demo\.es\?/);
      expect(body.qr).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(Buffer.from(body.qr.split(',')[1]!, 'base64').toString()).toContain('<svg');
      const wrong = await browser.post('/api/totp/confirmar', {
        codigo: '000000' === code(body.secreto, now) ? '111111' : '000000',
      });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().error.code).toBe('TOTP_INVALID');
      expect((await browser.get('/api/totp')).json().activo).toBe(false);
      const confirmed = await browser.post('/api/totp/confirmar', {
        codigo: code(body.secreto, now),
      });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json().codigos).toHaveLength(10);
      expect((await browser.get('/api/totp')).json()).toMatchObject({
        activo: true,
        codigosRestantes: 10,
      });
      const again = await browser.post('/api/totp/alta');
      expect(again.statusCode).toBe(409);
      expect(again.body).not.toContain(body.secreto);
      const row = await handle.db.selectFrom('usuarios_totp').selectAll().executeTakeFirstOrThrow();
      expect(row.secreto_cifrado).not.toContain(body.secreto);
      expect(row.secreto_cifrado).toMatch(/^v1\./);
    },
  );

  area.check(
    'login with TOTP: no session before the right code; a code is never accepted twice',
    'password, then GET /api/auth, a wrong code, the right code, and the same code in a second login',
    name,
    async () => {
      setNow(Date.parse('2030-05-02T08:00:00Z'));
      const { secreto } = await enrol('dos@demo.es');
      const browser = new TestBrowser(app, nextIp());
      const first = await browser.login('dos@demo.es');
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({
        success: 0,
        segundoFactor: 'codigo',
        menus: [],
        clientes: [],
      });
      expect(browser.cookies.has('sid')).toBe(false);
      expect(browser.cookies.has('totp_pendiente')).toBe(true);
      expect((await browser.get('/api/auth')).json().success).toBe(0);
      expect((await browser.get('/api/clientes/menu')).statusCode).toBe(401);
      const bad = await browser.post('/api/auth/totp', { codigo: code(secreto, now + 600_000) });
      expect(bad.statusCode).toBe(401);
      expect(browser.cookies.has('sid')).toBe(false);

      setNow(now + 30_000);
      const good = await browser.post('/api/auth/totp', { codigo: code(secreto, now) });
      expect(good.statusCode, good.body).toBe(200);
      expect(good.json()).toMatchObject({ success: 1 });
      expect(good.json().clientes.length).toBe(2);
      expect(browser.cookies.has('sid')).toBe(true);
      expect((await browser.get('/api/auth')).json().success).toBe(1);

      const replay = new TestBrowser(app, nextIp());
      expect((await replay.login('dos@demo.es')).json().segundoFactor).toBe('codigo');
      const reused = await replay.post('/api/auth/totp', { codigo: code(secreto, now) });
      expect(reused.statusCode).toBe(401);
      expect(replay.cookies.has('sid')).toBe(false);
      setNow(now + 30_000);
      expect((await replay.post('/api/auth/totp', { codigo: code(secreto, now) })).statusCode).toBe(
        200,
      );
    },
  );

  area.check(
    'pending login expires after 5 minutes',
    'password, then the right code 5 min 1 s later (fake clock)',
    name,
    async () => {
      setNow(Date.parse('2030-05-03T08:00:00Z'));
      const { secreto } = await enrol('cliente@demo.es');
      const browser = new TestBrowser(app, nextIp());
      expect((await browser.login('cliente@demo.es')).json().segundoFactor).toBe('codigo');
      setNow(now + 5 * 60_000 + 1000);
      const late = await browser.post('/api/auth/totp', { codigo: code(secreto, now) });
      expect(late.statusCode).toBe(401);
      expect(late.json().error.code).toBe('TOTP_PENDING_EXPIRED');
      expect(browser.cookies.has('sid')).toBe(false);
    },
  );

  area.check(
    'codes are throttled per pending login and per user',
    '5 wrong codes then the right one in one pending login; then wrong codes across new logins until refused',
    name,
    async () => {
      setNow(Date.parse('2030-05-04T08:00:00Z'));
      // grupo@demo.es enrolled in the first check.
      const email = 'grupo@demo.es';
      const wrongCode = '999999';
      const browser = new TestBrowser(app, nextIp());
      expect((await browser.login(email)).json().segundoFactor).toBe('codigo');
      for (let i = 0; i < 5; i += 1) {
        expect((await browser.post('/api/auth/totp', { codigo: wrongCode })).statusCode).toBe(401);
      }
      const gone = await browser.post('/api/auth/totp', { codigo: wrongCode });
      expect(gone.json().error.code).toBe('TOTP_PENDING_EXPIRED');

      let refused = 0;
      for (let attempt = 0; attempt < 20 && refused === 0; attempt += 1) {
        const again = new TestBrowser(app, nextIp());
        await again.login(email);
        const res = await again.post('/api/auth/totp', { codigo: wrongCode });
        if (res.statusCode === 429) refused = attempt;
      }
      expect(refused).toBeGreaterThan(0);
      expect(refused).toBeLessThan(10);
    },
  );

  area.check(
    'required per portal: carriers without TOTP enrol after the password',
    'TOTP_REQUIRED=proveedores: a carrier logs in, enrols in the login step, then tries to disable it; a customer without TOTP logs in directly',
    name,
    async () => {
      setNow(Date.parse('2030-05-05T08:00:00Z'));
      const proveedor = await createProveedorConUsuario(handle.db);
      const browser = new TestBrowser(app, nextIp());
      const first = await browser.login(proveedor.email, { portal: 'proveedores' });
      expect(first.json()).toMatchObject({ success: 0, segundoFactor: 'alta' });
      expect(browser.cookies.has('sid')).toBe(false);
      const alta = await browser.post('/api/auth/totp/alta');
      expect(alta.statusCode, alta.body).toBe(200);
      const { secreto } = alta.json<{ secreto: string }>();
      const done = await browser.post('/api/auth/totp', { codigo: code(secreto, now) });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().proveedores).toHaveLength(1);
      // The first code confirmed the enrolment: the recovery codes come with it, once.
      expect(done.json().codigosRecuperacion).toHaveLength(10);
      expect((await browser.get('/api/totp')).json()).toEqual({
        activo: true,
        requerido: true,
        codigosRestantes: 10,
      });
      setNow(now + 30_000);
      const off = await browser.post('/api/totp/desactivar', { codigo: code(secreto, now) });
      expect(off.statusCode).toBe(409);
      expect(off.json().error.code).toBe('TOTP_REQUIRED');

      const cliente = new TestBrowser(app, nextIp());
      expect((await cliente.login('cliente@demo.it', { region: 'it' })).json().success).toBe(1);
    },
  );

  area.check(
    'disable with a code; access links are not affected',
    'POST /api/totp/desactivar with a wrong then a right code, a login afterwards; an access-link session of a client whose user has TOTP',
    name,
    async () => {
      setNow(Date.parse('2030-05-06T08:00:00Z'));
      // cliente@demo.es enrolled in the expiry check.
      const { usuarioId, secreto } = await totpDe('cliente@demo.es');
      const browser = new TestBrowser(app, nextIp());
      expect((await browser.login('cliente@demo.es')).json().segundoFactor).toBe('codigo');
      expect(
        (await browser.post('/api/auth/totp', { codigo: code(secreto, now) })).statusCode,
      ).toBe(200);
      setNow(now + 30_000);
      const wrong = await browser.post('/api/totp/desactivar', {
        codigo: code(secreto, now + 3_600_000),
      });
      expect(wrong.statusCode).toBe(401);
      expect((await browser.get('/api/totp')).json().activo).toBe(true);
      expect(
        (await browser.post('/api/totp/desactivar', { codigo: code(secreto, now) })).statusCode,
      ).toBe(204);
      expect((await browser.get('/api/totp')).json().activo).toBe(false);
      const left = await handle.db
        .selectFrom('totp_codigos_recuperacion')
        .select('id')
        .where('usuario_id', '=', usuarioId)
        .execute();
      expect(left).toEqual([]);
      expect((await new TestBrowser(app, nextIp()).login('cliente@demo.es')).json().success).toBe(
        1,
      );

      // Enrolled again, then opened through an access link: no code asked, no TOTP section.
      setNow(now + 30_000);
      await enrol('cliente@demo.es');
      const [clienteId] = await clientesDe(handle, 'cliente@demo.es');
      const link = await accessLinkBrowser(app, clienteId!);
      expect((await link.get('/api/clientes/menu')).statusCode).toBe(200);
      expect((await link.get('/api/totp')).statusCode).toBe(403);
    },
  );
  area.check(
    'a user deactivated during the code step gets no session',
    'password of a user with TOTP, the user deactivated, then the right code',
    name,
    async () => {
      setNow(Date.parse('2030-05-07T08:00:00Z'));
      // dos@demo.es enrolled in the login check.
      const { usuarioId, secreto } = await totpDe('dos@demo.es');
      const browser = new TestBrowser(app, nextIp());
      expect((await browser.login('dos@demo.es')).json().segundoFactor).toBe('codigo');
      await handle.db
        .updateTable('usuarios')
        .set({ activo: 0 })
        .where('id', '=', usuarioId)
        .execute();
      const res = await browser.post('/api/auth/totp', { codigo: code(secreto, now) });
      expect(res.statusCode).toBe(401);
      expect(browser.cookies.has('sid')).toBe(false);
    },
  );

  area.check(
    'recovery codes: ten at enrolment, stored as salted hashes, each signs in once',
    'enrolment answer, the stored rows, a login with a recovery code (typed in capitals with spaces), the same code again, an unknown one',
    name,
    async () => {
      setNow(Date.parse('2030-05-08T08:00:00Z'));
      const { email, usuarioId, codigos } = await enrolledCarrier();
      expect(codigos).toHaveLength(10);
      expect(new Set(codigos).size).toBe(10);
      for (const c of codigos)
        expect(c).toMatch(/^[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{2}$/);
      const rows = await handle.db
        .selectFrom('totp_codigos_recuperacion')
        .select(['codigo_hash', 'usado_at'])
        .where('usuario_id', '=', usuarioId)
        .execute();
      expect(rows).toHaveLength(10);
      for (const row of rows) {
        expect(row.codigo_hash).toMatch(/^\$argon2id\$/);
        expect(row.usado_at).toBeNull();
      }
      // Hashed with a salt each: no two rows alike, no code in the clear.
      expect(new Set(rows.map((r) => r.codigo_hash)).size).toBe(10);
      const stored = JSON.stringify(rows);
      for (const c of codigos) expect(stored).not.toContain(c.replace(/-/g, ''));

      const first = await atCodeStep(email);
      const typed = ` ${codigos[0]!.toUpperCase().replace(/-/g, ' ')} `;
      const ok = await first.post('/api/auth/totp/codigo-recuperacion', { codigo: typed });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ success: 1 });
      expect(ok.json().codigosRecuperacion).toBeUndefined();
      expect(first.cookies.has('sid')).toBe(true);
      expect((await first.get('/api/totp')).json().codigosRestantes).toBe(9);
      const audit = await auditOf(usuarioId, 'login.totp_recuperacion');
      expect(audit).toHaveLength(1);
      expect(JSON.parse(audit[0]!.detalles ?? '{}')).toEqual({ restantes: 9 });

      const wrongTotp = await (
        await atCodeStep(email)
      ).post('/api/auth/totp', { codigo: '000000' });
      for (const attempt of [codigos[0]!, 'zzzz-zzzz-zz']) {
        const again = await atCodeStep(email);
        const refused = await again.post('/api/auth/totp/codigo-recuperacion', {
          codigo: attempt,
        });
        expect(refused.statusCode).toBe(401);
        expect(refused.json()).toEqual(wrongTotp.json());
        expect(again.cookies.has('sid')).toBe(false);
      }
      expect(
        (await auditOf(usuarioId, 'login.totp_fallido')).filter((a) =>
          a.detalles?.includes('codigoRecuperacion'),
        ),
      ).toHaveLength(2);
    },
    SLOW_MS,
  );

  area.check(
    'a recovery code used twice at once signs in only once',
    'two pending logins sending the same recovery code concurrently',
    name,
    async () => {
      setNow(Date.parse('2030-05-09T08:00:00Z'));
      const { email, codigos } = await enrolledCarrier();
      const browsers = [await atCodeStep(email), await atCodeStep(email), await atCodeStep(email)];
      const answers = await Promise.all(
        browsers.map((b) => b.post('/api/auth/totp/codigo-recuperacion', { codigo: codigos[3] })),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401, 401]);
      expect(browsers.filter((b) => b.cookies.has('sid'))).toHaveLength(1);
    },
    SLOW_MS,
  );

  area.check(
    'recovery codes are throttled like authenticator codes',
    '5 wrong recovery codes in one pending login; then wrong authenticator codes across new logins until the per-user count is spent: a right recovery code is refused until the wait is over',
    name,
    async () => {
      setNow(Date.parse('2030-05-10T08:00:00Z'));
      const { email, codigos } = await enrolledCarrier();
      const wrong = 'zzzz-zzzz-zz';
      const browser = await atCodeStep(email);
      for (let i = 0; i < 5; i += 1) {
        const res = await browser.post('/api/auth/totp/codigo-recuperacion', { codigo: wrong });
        expect(res.statusCode).toBe(401);
      }
      const gone = await browser.post('/api/auth/totp/codigo-recuperacion', {
        codigo: codigos[0],
      });
      expect(gone.json().error.code).toBe('TOTP_PENDING_EXPIRED');

      // One count per user: the 5 wrong recovery codes above and wrong app codes add up.
      let refused = 0;
      for (let attempt = 1; attempt < 20 && refused === 0; attempt += 1) {
        const again = await atCodeStep(email);
        const res = await again.post('/api/auth/totp', { codigo: '999999' });
        if (res.statusCode === 429) refused = attempt;
      }
      expect(refused).toBe(6);
      const right = await (
        await atCodeStep(email)
      ).post('/api/auth/totp/codigo-recuperacion', { codigo: codigos[0] });
      expect(right.statusCode).toBe(429);

      setNow(now + 15 * 60_000 + 1000);
      const later = await (
        await atCodeStep(email)
      ).post('/api/auth/totp/codigo-recuperacion', { codigo: codigos[0] });
      expect(later.statusCode, later.body).toBe(200);
    },
    SLOW_MS,
  );

  area.check(
    'new recovery codes need a current code and replace the old set',
    'POST /api/totp/codigos-recuperacion without CSRF token, with a wrong code, with a right one; then an old and a new code at login',
    name,
    async () => {
      setNow(Date.parse('2030-05-11T08:00:00Z'));
      const { email, usuarioId, browser, secreto, codigos } = await enrolledCarrier();
      setNow(now + 30_000);
      const noCsrf = await browser.request('POST', '/api/totp/codigos-recuperacion', {
        payload: { codigo: code(secreto, now) },
        csrf: false,
      });
      expect(noCsrf.statusCode).toBe(403);
      const wrong = await browser.post('/api/totp/codigos-recuperacion', {
        codigo: code(secreto, now + 3_600_000),
      });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().error.code).toBe('TOTP_INVALID');
      const fresh = await browser.post('/api/totp/codigos-recuperacion', {
        codigo: code(secreto, now),
      });
      expect(fresh.statusCode, fresh.body).toBe(200);
      expect(fresh.headers['cache-control']).toContain('no-store');
      const nuevos = fresh.json<{ codigos: string[] }>().codigos;
      expect(nuevos).toHaveLength(10);
      expect(nuevos.some((c) => codigos.includes(c))).toBe(false);
      expect(await auditOf(usuarioId, 'totp.codigos_regenerados')).toHaveLength(1);
      expect((await browser.get('/api/totp')).json().codigosRestantes).toBe(10);

      const old = await (
        await atCodeStep(email)
      ).post('/api/auth/totp/codigo-recuperacion', { codigo: codigos[1] });
      expect(old.statusCode).toBe(401);
      const renewed = await (
        await atCodeStep(email)
      ).post('/api/auth/totp/codigo-recuperacion', { codigo: nuevos[1] });
      expect(renewed.statusCode, renewed.body).toBe(200);

      const anonymous = new TestBrowser(app, nextIp());
      expect(
        (await anonymous.post('/api/totp/codigos-recuperacion', { codigo: '123456' })).statusCode,
      ).toBe(401);
    },
    SLOW_MS,
  );
});
