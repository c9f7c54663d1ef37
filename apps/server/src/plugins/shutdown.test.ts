import { describe, expect, it } from 'vitest';
import { testDatabases } from '../test/databases.js';
import { buildTestApp } from '../test/app.js';

describe('graceful shutdown', () => {
  it('lets in-flight requests finish and answers new ones with a Spanish 503', async () => {
    const [sqlite] = testDatabases();
    const handle = await sqlite!.open();
    const app = await buildTestApp(handle);
    // The slow request runs until the test lets it finish, after the shutdown has begun.
    let markStarted!: () => void;
    const started = new Promise<void>((resolve) => (markStarted = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    app.get('/api/test/slow', async () => {
      markStarted();
      await released;
      return { done: true };
    });
    await app.ready();

    const inFlight = app.inject({ method: 'GET', url: '/api/test/slow' });
    await started;
    const closing = app.shutdown();
    const late = await app.inject({ method: 'GET', url: '/healthz' });

    expect(late.statusCode).toBe(503);
    expect(late.json()).toEqual({
      error: {
        code: 'SHUTTING_DOWN',
        message: 'El servidor se está reiniciando. Vuelva a intentarlo en unos segundos.',
      },
    });
    release();
    const finished = await inFlight;
    expect(finished.statusCode).toBe(200);
    expect(finished.json()).toEqual({ done: true });
    await closing;
    expect(app.isShuttingDown()).toBe(true);
    await handle.dispose();
  });
});
