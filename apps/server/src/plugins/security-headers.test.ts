import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '../app.js';
import { buildTestApp } from '../test/app.js';
import { testDatabases, type TestDatabaseHandle } from '../test/databases.js';

/** The CSP header of a served page, as `{ directive: [sources] }`, and its referrer policy. */
async function pagePolicy(app: App): Promise<Record<string, string[]>> {
  const res = await app.inject({ method: 'GET', url: '/clientes/maptest' });
  expect(res.statusCode).toBe(200);
  const policy: Record<string, string[]> = { referrer: [String(res.headers['referrer-policy'])] };
  for (const part of String(res.headers['content-security-policy']).split(';')) {
    const [name = '', ...sources] = part.trim().split(/\s+/);
    if (name) policy[name] = sources;
  }
  return policy;
}

describe.each(testDatabases())('CSP de los mapas (issue 14) ($name)', ({ open }) => {
  let handle: TestDatabaseHandle | undefined;
  let app: App | undefined;

  afterEach(async () => {
    await app?.close();
    await handle?.dispose();
  });

  it('without a maps key names no Google origin and stays strict (MapLibre needs only self)', async () => {
    handle = await open();
    app = await buildTestApp(handle);
    const policy = await pagePolicy(app);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['worker-src']).toEqual(["'self'"]);
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(JSON.stringify(policy)).not.toMatch(/google|gstatic/);
    expect(policy.referrer).toEqual(['no-referrer']);
  });

  it('with a key admits what the Google Maps JavaScript API loads, from its origins only', async () => {
    handle = await open();
    app = await buildTestApp(handle, { MAPS_API_KEY: 'clave-de-prueba' });
    const policy = await pagePolicy(app);
    // The loader script itself (maps.googleapis.com) and the libraries it pulls in.
    expect(policy['script-src']).toEqual(
      expect.arrayContaining(["'self'", 'https://*.googleapis.com', 'https://*.gstatic.com']),
    );
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
    expect(policy['style-src']).toContain('https://fonts.googleapis.com');
    expect(policy['font-src']).toContain('https://fonts.gstatic.com');
    expect(policy['img-src']).toEqual(
      expect.arrayContaining(['https://*.googleapis.com', 'https://*.gstatic.com']),
    );
    expect(policy['connect-src']).toEqual(
      expect.arrayContaining(["'self'", 'https://*.googleapis.com', 'https://*.gstatic.com']),
    );
    expect(policy['worker-src']).toEqual(["'self'", 'blob:']);
    expect(policy['frame-src']).toEqual(["'self'", 'https://*.google.com']);
    // Everything else is as strict as without a key.
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    // Google checks a referrer-restricted key against the page's origin; no path ever leaves.
    expect(policy.referrer).toEqual(['strict-origin']);
    // The key itself is never part of a header.
    expect(JSON.stringify(policy)).not.toContain('clave-de-prueba');
  });
});
