import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { App } from '../app.js';
import { seedDemo } from '../db/seed/demo.js';
import { CSRF_EXEMPT_PREFIXES } from '../plugins/csrf.js';
import { buildTestApp } from '../test/app.js';
import { testDatabases, type TestDatabaseHandle } from '../test/databases.js';
import { createProveedorConUsuario } from '../test/proveedores.js';
import { TestBrowser, signedIn } from '../test/session.js';
import { openApiOperations, type Operation } from '../test/security/openapi.js';
import { securityArea } from '../test/security/report.js';

const area = securityArea(
  'Headers and CSRF',
  'Response headers of pages and API, and the CSRF check of every state-changing portal operation, enumerated from `GET /api/openapi.json`.',
);

/** Browser-facing pages reached from token links (spec §2): no Referer may carry the token. */
const TOKEN_PAGES = [
  '/clientes/tracking/123/abcdefTOKEN',
  '/clientes/portes/123/abcdefTOKEN',
  '/clientes/file/9/123/abcdefTOKEN',
  '/proveedores/cargas/45/abcdefTOKEN',
  '/proveedores/subir-albaranes-entrega/45/abcdefTOKEN',
];

/** Routes no cookie authenticates (ERP key, driver link token): no CSRF check by design. */
function csrfExempt(path: string): boolean {
  return CSRF_EXEMPT_PREFIXES.some((prefix) => path.startsWith(prefix));
}

function fill(op: Operation): string {
  return op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const example = op.parameters.find((p) => p.in === 'path' && p.name === name)?.schema?.example;
    // Path parameter examples are scalars (ids, codes).
    return encodeURIComponent(String((example as string | number | undefined) ?? 1));
  });
}

function portalOf(path: string): 'clientes' | 'proveedores' | undefined {
  if (path.startsWith('/api/proveedores/')) return 'proveedores';
  if (path.startsWith('/api/clientes/') || path.startsWith('/api/push-')) return 'clientes';
  return undefined;
}

describe.each(testDatabases())('cabeceras y CSRF ($name)', ({ name, open }) => {
  let handle: TestDatabaseHandle;
  let app: App;
  let ops: Operation[];
  let browsers: Record<'clientes' | 'proveedores' | 'anonimo', TestBrowser>;
  let proveedorEmail: string;

  beforeAll(async () => {
    handle = await open();
    app = await buildTestApp(handle);
    await seedDemo(handle.db);
    const proveedor = await createProveedorConUsuario(handle.db);
    proveedorEmail = proveedor.email;
    browsers = {
      clientes: await signedIn(app, 'cliente@demo.es'),
      proveedores: await signedIn(app, proveedor.email, { portal: 'proveedores' }),
      anonimo: new TestBrowser(app),
    };
    ops = await openApiOperations(app);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await handle?.dispose();
  });

  area.check(
    'strict CSP, frame-ancestors none, nosniff on pages and API',
    'GET of the SPA index, a deep page and an API answer',
    name,
    async () => {
      for (const url of ['/', '/clientes/portes', '/api/auth']) {
        const res = await app.inject({ method: 'GET', url });
        const csp = String(res.headers['content-security-policy']);
        const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
        expect(scriptSrc, url).toBe("'self'");
        expect(csp).not.toMatch(/default-src[^;]*unsafe-inline/);
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).toContain("object-src 'none'");
        expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      }
    },
  );

  area.check(
    'Referrer-Policy no-referrer on token-link pages',
    `GET ${TOKEN_PAGES.join(', ')}`,
    name,
    async () => {
      for (const url of TOKEN_PAGES) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      }
    },
  );

  area.check(
    'HSTS only over HTTPS',
    'GET / over plain HTTP, then with X-Forwarded-Proto: https behind a trusted proxy',
    name,
    async () => {
      const plain = await app.inject({ method: 'GET', url: '/' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      // Its own database: closing an app closes its database.
      const proxiedDb = await open();
      const proxied = await buildTestApp(proxiedDb, { TRUST_PROXY: 'true' });
      try {
        const viaHttps = await proxied.inject({
          method: 'GET',
          url: '/',
          headers: { 'x-forwarded-proto': 'https' },
        });
        expect(viaHttps.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
        const viaHttp = await proxied.inject({
          method: 'GET',
          url: '/',
          headers: { 'x-forwarded-proto': 'http' },
        });
        expect(viaHttp.headers['strict-transport-security']).toBeUndefined();
      } finally {
        await proxied.close();
        await proxiedDb.dispose();
      }
    },
  );

  area.check(
    'Cache-Control: no-store on every API GET (private, no-cache on the conditional reads)',
    'every GET /api/ operation of OpenAPI, signed in on its portal (any status)',
    name,
    async () => {
      const gets = ops.filter((op) => op.method === 'GET' && op.path.startsWith('/api/'));
      expect(gets.length).toBeGreaterThan(30);
      const missing: string[] = [];
      for (const op of gets) {
        const portal = portalOf(op.path);
        const browser = portal ? browsers[portal] : browsers.anonimo;
        const res = await browser.get(fill(op));
        const header = String(res.headers['cache-control'] ?? '');
        // The conditional reads (issue 21.4) are kept by the browser alone and revalidated on
        // every use: `private, no-cache` with their ETag; everything else is never stored.
        const revalidated = header.includes('private') && header.includes('no-cache');
        if (!header.includes('no-store') && !revalidated) {
          missing.push(`${op.path} ${res.statusCode} "${header}"`);
        }
      }
      expect(missing).toEqual([]);
    },
  );

  area.check(
    'CSRF refused on every state-changing portal operation',
    'every POST/PUT/PATCH/DELETE outside /api/integration/ and /api/conductor/, signed in, without the token, with a token of another session and with a foreign Origin',
    name,
    async () => {
      const writes = ops.filter((op) => op.method !== 'GET' && !csrfExempt(op.path));
      expect(writes.length).toBeGreaterThan(25);
      const otherToken =
        browsers.anonimo.cookies.get('csrf-token') ?? (await csrfOf(browsers.anonimo));
      const wrong: string[] = [];
      for (const op of writes) {
        const browser = browsers[portalOf(op.path) ?? 'clientes'];
        const attempts: [string, Record<string, string>, boolean][] = [
          ['sin token', {}, false],
          ['token de otra sesión', { 'x-csrf-token': otherToken }, false],
          ['origen ajeno', { origin: 'https://evil.example' }, true],
        ];
        for (const [label, headers, csrf] of attempts) {
          const res = await browser.request(op.method, fill(op), {
            headers,
            csrf,
            payload: op.consumes.includes('application/json') ? {} : undefined,
          });
          const code =
            res.statusCode === 403 ? res.json<{ error: { code: string } }>().error.code : '';
          if (code !== 'CSRF')
            wrong.push(
              `${op.method} ${op.path} (${label}): ${res.statusCode} ${code} ${res.body.slice(0, 200)}`,
            );
        }
      }
      expect(wrong).toEqual([]);
    },
  );

  area.check(
    'a write without a session answers 401, not the CSRF 403; the pre-session writes keep CSRF',
    'every POST/PUT/PATCH/DELETE outside /api/integration/ and /api/conductor/ from a browser that signed in and then lost its session cookie (its CSRF token bound to the old session)',
    name,
    async () => {
      const writes = ops.filter((op) => op.method !== 'GET' && !csrfExempt(op.path));
      // One login per portal (the login limit counts per IP); each write from a copy of its
      // cookies without the session one, so no answer's cookies reach the next write.
      const lost = {} as Record<'clientes' | 'proveedores', Map<string, string>>;
      for (const portal of ['clientes', 'proveedores'] as const) {
        const browser = new TestBrowser(app);
        const email = portal === 'clientes' ? 'cliente@demo.es' : proveedorEmail;
        expect((await browser.login(email, { portal })).statusCode).toBe(200);
        browser.cookies.delete('sid');
        lost[portal] = new Map(browser.cookies);
      }
      const wrong: string[] = [];
      for (const op of writes) {
        const browser = new TestBrowser(app);
        for (const [cookie, value] of lost[portalOf(op.path) ?? 'clientes']) {
          browser.cookies.set(cookie, value);
        }
        const res = await browser.request(op.method, fill(op), {
          payload: op.consumes.includes('application/json') ? {} : undefined,
        });
        const code =
          res.statusCode >= 400 ? res.json<{ error: { code: string } }>().error.code : '';
        const expected = PRE_SESSION_WRITES.includes(op.path) ? 'CSRF' : 'UNAUTHENTICATED';
        const status = expected === 'CSRF' ? 403 : 401;
        if (res.statusCode !== status || code !== expected) {
          wrong.push(
            `${op.method} ${op.path}: ${res.statusCode} ${code}, expected ${status} ${expected}`,
          );
        }
      }
      expect(wrong).toEqual([]);
    },
  );
});

/**
 * Writes that work without a session, so the CSRF check must come first (login CSRF): login,
 * logout, password recovery, access links and the TOTP step of a login.
 */
const PRE_SESSION_WRITES = [
  '/api/login',
  '/api/proveedores/login',
  '/api/logout',
  '/api/proveedores/logout',
  '/api/password-reset/check',
  '/api/password-reset',
  '/api/clientes/access',
  '/api/proveedores/access',
  '/api/auth/totp',
  '/api/auth/totp/codigo-recuperacion',
  '/api/auth/totp/alta',
];

async function csrfOf(browser: TestBrowser): Promise<string> {
  await browser.get('/api/auth');
  return browser.cookies.get('csrf-token') ?? '';
}
