import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { buildTestApp } from '../../test/app.js';
import { testDatabases, type TestDatabaseHandle } from '../../test/databases.js';

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
