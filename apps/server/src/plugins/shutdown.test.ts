import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../test/databases.js';
import { buildTestApp } from '../test/app.js';

describe('graceful shutdown', () => {
  it('lets in-flight requests finish and answers new ones with a Spanish 503', async () => {
    const [sqlite] = testDatabases();
    const handle = await sqlite!.open();
    const app = await buildTestApp(handle);
    app.get('/api/test/slow', async () => {
      await sleep(300);
      return { done: true };
    });
    await app.ready();

    const inFlight = app.inject({ method: 'GET', url: '/api/test/slow' });
    await sleep(50);
    const closing = app.shutdown();
    const late = await app.inject({ method: 'GET', url: '/healthz' });

    expect(late.statusCode).toBe(503);
    expect(late.json()).toEqual({
      error: {
        code: 'SHUTTING_DOWN',
        message: 'El servidor se está reiniciando. Vuelva a intentarlo en unos segundos.',
      },
    });
    const finished = await inFlight;
    expect(finished.statusCode).toBe(200);
    expect(finished.json()).toEqual({ done: true });
    await closing;
    expect(app.isShuttingDown()).toBe(true);
    await handle.dispose();
  });
});
