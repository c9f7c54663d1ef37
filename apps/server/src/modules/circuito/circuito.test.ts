import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app.js';
import { DEMO_USERS, seedDemo } from '../../db/seed/demo.js';
import { clock } from '../../lib/clock.js';
import { buildTestApp } from '../../test/app.js';
import { testDatabases, type TestDatabaseHandle } from '../../test/databases.js';
import { CIRCUITO_ORIGINS_TTL_MS, httpOrigins, withFormActionSources } from './service.js';

// The page touches no table: one dialect is enough.
const [sqlite] = testDatabases();

describe('Circuito Seguridad demo page', () => {
  let handle: TestDatabaseHandle;
  let app: App;

  beforeAll(async () => {
    handle = await sqlite!.open();
    app = await buildTestApp(handle);
  });
  afterAll(async () => {
    await app.close();
    await handle.dispose();
  });

  it('shows the email and code posted by the portal form, HTML-escaped', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/demo/circuito-seguridad',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://localhost:3000',
      },
      payload: new URLSearchParams({
        email: 'cliente@demo.es',
        code: '<script>alert("x")</script>&1',
      }).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('Circuito Seguridad — datos recibidos');
    expect(res.body).toContain('cliente@demo.es');
    expect(res.body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;1');
    expect(res.body).not.toContain('<script>');
  });

  it('shows empty values when a field is missing', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/demo/circuito-seguridad',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40b.es',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('a@b.es');
  });

  it('explains itself on GET', async () => {
    const res = await app.inject({ method: 'GET', url: '/demo/circuito-seguridad' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Circuito Seguridad (demostración)');
  });

  it('accepts form posts only on its own path', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/password-reset/check',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'token=abcdefghijklmnop',
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('form-action sources of the Security Circuit', () => {
  it('keeps only the origins of absolute http(s) URLs, distinct and sorted', () => {
    expect(
      httpOrigins([
        'https://circuito.example.com/entrada?x=1',
        'https://circuito.example.com/otra',
        'http://127.0.0.1:3999/c',
        'https://user:pw@seguridad.example.org:8443/p',
        '/demo/circuito-seguridad',
        'javascript:alert(1)',
        'data:text/html,x',
        'ftp://ftp.example.com/',
        'no es una url',
        '*',
        "https://a.example.com/'; script-src *",
      ]),
    ).toEqual([
      'http://127.0.0.1:3999',
      'https://a.example.com',
      'https://circuito.example.com',
      'https://seguridad.example.org:8443',
    ]);
  });

  it('adds the sources to form-action only, once each', () => {
    const csp = "default-src 'self';form-action 'self';frame-ancestors 'none'";
    expect(withFormActionSources(csp, ['https://a.example.com', "'self'"])).toBe(
      "default-src 'self';form-action 'self' https://a.example.com;frame-ancestors 'none'",
    );
    expect(withFormActionSources(csp, [])).toBe(csp);
    expect(withFormActionSources("default-src 'self'", ['https://a.example.com'])).toBe(
      "default-src 'self'",
    );
  });
});

describe.each(testDatabases())('CSP form-action of the portal page ($name)', ({ open }) => {
  let handle: TestDatabaseHandle;
  let app: App;

  beforeAll(async () => {
    handle = await open();
    app = await buildTestApp(handle);
    await seedDemo(handle.db);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await handle?.dispose();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const formAction = async (url = '/clientes/tracking') => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    return { csp, formAction: /(?:^|;)\s*form-action ([^;]*)/.exec(csp)?.[1] };
  };

  /** Moves the clock past the origins' cache lifetime. */
  const later = (ms = CIRCUITO_ORIGINS_TTL_MS + 1) => {
    const now = clock.now().getTime() + ms;
    vi.spyOn(clock, 'now').mockImplementation(() => new Date(now));
  };

  const usuarioId = async (email: string) =>
    (
      await handle.db
        .selectFrom('usuarios')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).id;

  it('allows exactly the origins of the configured URLs, kept current, nothing else', async () => {
    // The demo's URL is relative: our own origin.
    expect((await formAction()).formAction).toBe("'self'");

    const cliente = await usuarioId(DEMO_USERS.cliente.email);
    await handle.db
      .updateTable('recursos')
      .set({ api: 'https://circuito.example.com/entrada?origen=extranet' })
      .where('usuario_id', '=', cliente)
      .where('recurso', '=', 'Circuitoseguridad')
      .execute();
    const otros = [
      [DEMO_USERS.grupo.email, 'http://127.0.0.1:3999/circuito'],
      [DEMO_USERS.dos.email, 'javascript:alert(1)'],
      [DEMO_USERS.italia.email, 'no es una url; script-src *'],
    ] as const;
    for (const [email, api] of otros) {
      await handle.db
        .insertInto('recursos')
        .values({
          usuario_id: await usuarioId(email),
          portal: 'clientes',
          recurso: 'Circuitoseguridad',
          api,
          menu: 7,
        })
        .execute();
    }
    // Within the cache lifetime the page still has the policy it read.
    expect((await formAction()).formAction).toBe("'self'");

    later();
    const page = await formAction();
    expect(page.formAction).toBe("'self' http://127.0.0.1:3999 https://circuito.example.com");
    // Nothing else of the policy moves.
    expect(page.csp).toContain("script-src 'self'");
    expect(page.csp).toContain("frame-ancestors 'none'");
    expect(page.csp).not.toContain('*');
    expect(page.csp).not.toContain('javascript');
    // The API answers are not a page the form is posted from: their policy stays strict.
    const api = await app.inject({ method: 'GET', url: '/api/auth' });
    expect(String(api.headers['content-security-policy'])).toContain("form-action 'self';");

    // A URL taken away is no longer allowed once the cache has expired.
    await handle.db
      .deleteFrom('recursos')
      .where('api', '=', 'http://127.0.0.1:3999/circuito')
      .execute();
    later(2 * (CIRCUITO_ORIGINS_TTL_MS + 1));
    expect((await formAction('/')).formAction).toBe("'self' https://circuito.example.com");
  });
});
