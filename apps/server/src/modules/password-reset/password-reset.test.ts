import { RECOVERY_MARKER } from '@extranet/contracts/auth/login';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app.js';
import { clock } from '../../lib/clock.js';
import { sha256Hex } from '../../lib/tokens.js';
import type { Mailer, MailMessage } from '../../mail/mailer.js';
import { outboxDir } from '../../mail/mailer.js';
import { buildTestApp } from '../../test/app.js';
import { testDatabases, type TestDatabaseHandle } from '../../test/databases.js';
import { outboxFiles, readEml } from '../../test/eml.js';
import { TestBrowser } from '../../test/session.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { commonPasswordCount, weakPasswordReason } from './password-policy.js';
import { maskEmail, requestPasswordRecovery } from './service.js';

const NEW_PASSWORD = 'camión azul en Zaragoza';

async function createUser(app: App, email: string, activo: 0 | 1 = 1) {
  const row = await app.db
    .insertInto('usuarios')
    .values({
      region: 'es',
      email,
      nombre: 'Usuaria de Prueba',
      codigo: 'C-1',
      clave_hash: await hashPassword('antigua-clave-larga'),
      activo,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The token of the newest recovery e-mail in the outbox (it travels in the link's fragment),
 * once the outbox worker has delivered what is due.
 */
async function lastMailedToken(app: App): Promise<{ token: string; to: string; link: string }> {
  await app.outbox.runOnce();
  const dir = outboxDir(app.config.dataDir);
  const files = outboxFiles(dir);
  const eml = readEml(dir, files[files.length - 1]!);
  const link = /https?:\/\/\S+\/nueva-clave\?portal=\w+#[\w-]+/.exec(eml.text)?.[0] ?? '';
  return { token: link.split('#')[1] ?? '', to: eml.headers['to'] ?? '', link };
}

describe('password policy (NIST 800-63B)', () => {
  it('ships a list of about a thousand common passwords, without the demo one', () => {
    expect(commonPasswordCount).toBeGreaterThan(1000);
    expect(weakPasswordReason('demo1234', 'a@b.es')).toBeNull();
  });

  it.each([
    ['1234567', 'La contraseña debe tener al menos 8 caracteres.'],
    ['12345678', 'La contraseña es demasiado común. Elija otra.'],
    ['PassWord', 'La contraseña es demasiado común. Elija otra.'],
    ['qwertyuiop', 'La contraseña es demasiado común. Elija otra.'],
    ['contraseña', 'La contraseña es demasiado común. Elija otra.'],
    ['12345678a', 'La contraseña es demasiado común. Elija otra.'],
    ['iloveyou', 'La contraseña es demasiado común. Elija otra.'],
    ['Ana.Lopez@demo.es', 'La contraseña no puede ser su e-mail.'],
    ['x'.repeat(129), 'La contraseña no puede tener más de 128 caracteres.'],
  ])('refuses %j', (password, reason) => {
    expect(weakPasswordReason(password, 'ana.lopez@demo.es')).toBe(reason);
  });

  it.each(['        ocho', 'ñandú-ñandú', 'x'.repeat(128), 'sin reglas de composición'])(
    'accepts %j: length only, no composition rules',
    (password) => {
      expect(weakPasswordReason(password, 'ana.lopez@demo.es')).toBeNull();
    },
  );

  it('masks the e-mail as the reset page shows it', () => {
    expect(maskEmail('cliente@demo.es')).toBe('c*****e@demo.es');
    expect(maskEmail('ab@demo.es')).toBe('a*@demo.es');
  });
});

describe.each(testDatabases())('password recovery on $name', ({ open }) => {
  let app: App;
  let handle: TestDatabaseHandle;
  let usuarioId: number;

  beforeAll(async () => {
    handle = await open();
    app = await buildTestApp(handle);
    usuarioId = await createUser(app, 'cliente@demo.es');
    await createUser(app, 'baja@demo.es', 0);
  });
  afterAll(async () => {
    await app.close();
    await handle.dispose();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const post = (url: string, payload: unknown) => new TestBrowser(app).post(url, payload);

  it('e-mails one single-use link to a known user, never a password', async () => {
    const before = outboxFiles(outboxDir(app.config.dataDir)).length;
    const result = await requestPasswordRecovery(app, {
      email: 'Cliente@Demo.es',
      region: 'es',
      portal: 'proveedores',
    });
    expect(result).toEqual({ recoverEmailSent: true });
    const { token, to, link } = await lastMailedToken(app);
    const files = outboxFiles(outboxDir(app.config.dataDir));
    expect(files).toHaveLength(before + 1);
    expect(to).toBe('cliente@demo.es');
    expect(link.startsWith(`${app.config.publicUrl}/nueva-clave?portal=proveedores#`)).toBe(true);
    expect(token).toMatch(/^[\w-]{43}$/);
    // Only the hash is stored.
    const rows = await app.db
      .selectFrom('password_resets')
      .selectAll()
      .where('usuario_id', '=', usuarioId)
      .execute();
    expect(rows.map((r) => r.token_hash)).toContain(sha256Hex(token));
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
  });

  it('sends nothing for an unknown or inactive e-mail, yet answers the same', async () => {
    const dir = outboxDir(app.config.dataDir);
    const before = outboxFiles(dir).length;
    for (const email of ['nadie@demo.es', 'baja@demo.es']) {
      const result = await requestPasswordRecovery(app, {
        email,
        region: 'es',
        portal: 'clientes',
      });
      expect(result).toEqual({ recoverEmailSent: true });
    }
    // The same e-mail in another region is another (unknown) account.
    await requestPasswordRecovery(app, {
      email: 'cliente@demo.es',
      region: 'it',
      portal: 'clientes',
    });
    expect(await app.outbox.runOnce()).toBe(3);
    expect(outboxFiles(dir)).toHaveLength(before);
  });

  it('answers the same when the e-mail fails: the outbox keeps it and retries', async () => {
    const failing: Mailer = {
      send: () => Promise.reject(new Error('SMTP 451: inténtelo más tarde')),
    };
    const other = await open();
    const failingApp = await buildTestApp(other, {}, { mailer: failing });
    try {
      await createUser(failingApp, 'cliente@demo.es');
      for (const email of ['cliente@demo.es', 'nadie@demo.es']) {
        expect(
          await requestPasswordRecovery(failingApp, { email, region: 'es', portal: 'clientes' }),
        ).toEqual({ recoverEmailSent: true });
      }
      expect(await failingApp.outbox.runOnce()).toBe(2);
      const entregas = await failingApp.db
        .selectFrom('entregas')
        .select(['estado', 'ultimo_error'])
        .orderBy('id')
        .execute();
      // The known user's e-mail waits for a retry; the unknown one had nothing to send.
      expect(entregas).toEqual([
        { estado: 'pendiente', ultimo_error: expect.stringContaining('SMTP 451') },
        { estado: 'entregada', ultimo_error: null },
      ]);
    } finally {
      await failingApp.close();
      await other.dispose();
    }
  });

  it('limits recovery e-mails per user, silently', async () => {
    const sent: MailMessage[] = [];
    const other = await open();
    const countingApp = await buildTestApp(
      other,
      {},
      { mailer: { send: async (m) => void sent.push(m) } },
    );
    try {
      await createUser(countingApp, 'cliente@demo.es');
      for (let i = 0; i < 5; i++) {
        expect(
          await requestPasswordRecovery(countingApp, {
            email: 'cliente@demo.es',
            region: 'es',
            portal: 'clientes',
          }),
        ).toEqual({ recoverEmailSent: true });
        await countingApp.outbox.runOnce();
      }
      expect(sent).toHaveLength(3);
      // A quarter of an hour later the user may ask again.
      const later = new Date(Date.now() + 16 * 60_000);
      vi.spyOn(clock, 'now').mockReturnValue(later);
      await requestPasswordRecovery(countingApp, {
        email: 'cliente@demo.es',
        region: 'es',
        portal: 'clientes',
      });
      await countingApp.outbox.runOnce();
      expect(sent).toHaveLength(4);
    } finally {
      await countingApp.close();
      await other.dispose();
    }
  });

  it('checks a link: valid with the masked e-mail, or not valid', async () => {
    await requestPasswordRecovery(app, {
      email: 'cliente@demo.es',
      region: 'es',
      portal: 'clientes',
    });
    const { token } = await lastMailedToken(app);
    const ok = await post('/api/password-reset/check', { token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ valid: true, email: 'c*****e@demo.es' });
    const bad = await post('/api/password-reset/check', { token: 'x'.repeat(43) });
    expect(bad.json()).toEqual({ valid: false, email: '' });
  });

  it('only the newest link works', async () => {
    await createUser(app, 'nueva@demo.es');
    await requestPasswordRecovery(app, {
      email: 'nueva@demo.es',
      region: 'es',
      portal: 'clientes',
    });
    const first = (await lastMailedToken(app)).token;
    await requestPasswordRecovery(app, {
      email: 'nueva@demo.es',
      region: 'es',
      portal: 'clientes',
    });
    const second = (await lastMailedToken(app)).token;
    expect((await post('/api/password-reset/check', { token: first })).json().valid).toBe(false);
    expect((await post('/api/password-reset/check', { token: second })).json().valid).toBe(true);
  });

  it('expires after 60 minutes', async () => {
    await createUser(app, 'caduca@demo.es');
    await requestPasswordRecovery(app, {
      email: 'caduca@demo.es',
      region: 'es',
      portal: 'clientes',
    });
    const { token } = await lastMailedToken(app);
    const sentAt = Date.now();
    vi.spyOn(clock, 'now').mockReturnValue(new Date(sentAt + 59 * 60_000));
    expect((await post('/api/password-reset/check', { token })).json().valid).toBe(true);
    vi.spyOn(clock, 'now').mockReturnValue(new Date(sentAt + 61 * 60_000));
    expect((await post('/api/password-reset/check', { token })).json().valid).toBe(false);
    const res = await post('/api/password-reset', { token, clave: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'INVALID_TOKEN',
        message: 'El enlace de recuperación no es válido o ha caducado. Solicite uno nuevo.',
      },
    });
  });

  it('refuses weak passwords without spending the link', async () => {
    await createUser(app, 'debil@demo.es');
    await requestPasswordRecovery(app, {
      email: 'debil@demo.es',
      region: 'es',
      portal: 'clientes',
    });
    const { token } = await lastMailedToken(app);
    const short = await post('/api/password-reset', { token, clave: 'corta' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      error: { code: 'WEAK_PASSWORD', message: 'La contraseña debe tener al menos 8 caracteres.' },
    });
    const common = await post('/api/password-reset', { token, clave: 'Password1' });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({
      error: { code: 'WEAK_PASSWORD', message: 'La contraseña es demasiado común. Elija otra.' },
    });
    const email = await post('/api/password-reset', { token, clave: 'debil@demo.es' });
    expect(email.json().error.code).toBe('WEAK_PASSWORD');
    expect((await post('/api/password-reset/check', { token })).json().valid).toBe(true);
  });

  it('sets the password once, ends every session and remember token, and audits it', async () => {
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    await app.db
      .insertInto('sesiones')
      .values([
        {
          id: 'sesion-a',
          usuario_id: usuarioId,
          portal: 'clientes',
          region: 'es',
          cliente_id: null,
          proveedor_id: null,
          expires_at: inAnHour,
        },
        {
          id: 'sesion-b',
          usuario_id: usuarioId,
          portal: 'proveedores',
          region: 'es',
          cliente_id: null,
          proveedor_id: null,
          expires_at: inAnHour,
        },
      ])
      .execute();
    await app.db
      .insertInto('remember_tokens')
      .values({
        usuario_id: usuarioId,
        portal: 'clientes',
        token_hash: 'recordar-1',
        expires_at: inAnHour,
      })
      .execute();

    await requestPasswordRecovery(app, {
      email: 'cliente@demo.es',
      region: 'es',
      portal: 'clientes',
    });
    const { token } = await lastMailedToken(app);
    const res = await post('/api/password-reset', { token, clave: NEW_PASSWORD });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    const user = await app.db
      .selectFrom('usuarios')
      .select('clave_hash')
      .where('id', '=', usuarioId)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(user.clave_hash, NEW_PASSWORD)).toBe(true);
    expect(user.clave_hash).toMatch(/^\$argon2id\$/);
    const sesiones = await app.db
      .selectFrom('sesiones')
      .select('id')
      .where('usuario_id', '=', usuarioId)
      .execute();
    expect(sesiones).toEqual([]);
    const remember = await app.db
      .selectFrom('remember_tokens')
      .select('revoked_at')
      .where('usuario_id', '=', usuarioId)
      .execute();
    expect(remember.every((r) => r.revoked_at !== null)).toBe(true);
    const audit = await app.db
      .selectFrom('audit_log')
      .select(['accion', 'entidad_id'])
      .where('usuario_id', '=', usuarioId)
      .where('accion', '=', 'password_reset')
      .execute();
    expect(audit).toEqual([{ accion: 'password_reset', entidad_id: String(usuarioId) }]);

    // Single use.
    const again = await post('/api/password-reset', { token, clave: 'otra contraseña distinta' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('INVALID_TOKEN');
    expect((await post('/api/password-reset/check', { token })).json()).toEqual({
      valid: false,
      email: '',
    });
  });

  it('works end to end from the login call: recovery, new password, sign-in', async () => {
    const id = await createUser(app, 'flujo@demo.es');
    const cliente = await app.db
      .insertInto('clientes')
      .values({ region: 'es', razon_social: 'Flujo S.L.', localidad: 'Huesca' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await app.db
      .insertInto('usuarios_clientes')
      .values({ usuario_id: id, cliente_id: cliente.id })
      .execute();

    const browser = new TestBrowser(app, '10.0.0.7');
    const asked = await browser.login('flujo@demo.es', { clave: RECOVERY_MARKER });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ recoverEmailSent: true });
    const unknown = await new TestBrowser(app, '10.0.0.8').login('nadie@demo.es', {
      clave: RECOVERY_MARKER,
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(asked.json());

    const { token, to, link } = await lastMailedToken(app);
    expect(to).toBe('flujo@demo.es');
    expect(link).toContain('/nueva-clave?portal=clientes#');
    expect(
      (await browser.post('/api/password-reset', { token, clave: NEW_PASSWORD })).statusCode,
    ).toBe(204);

    const old = await new TestBrowser(app, '10.0.0.9').login('flujo@demo.es', {
      clave: 'antigua-clave-larga',
    });
    expect(old.statusCode).toBe(401);
    const fresh = await new TestBrowser(app, '10.0.0.10').login('flujo@demo.es', {
      clave: NEW_PASSWORD,
    });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({ success: 1 });
  });

  it('validates the request body with the contract', async () => {
    const res = await post('/api/password-reset', { token: 'corto', clave: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
  });
});
