import { afterAll, describe, expect, it, vi } from 'vitest';
import { startRealServer, type RealServer } from '../test/real-server.js';

/*
 * server.ts buffers log lines (4 KiB writes): a quiet server must still show each line within
 * about a second, and nothing may be lost when it exits.
 */
describe('líneas de log con búfer (proceso real)', () => {
  let server: RealServer | undefined;
  afterAll(() => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
  });

  it('llegan en un segundo aunque no haya más tráfico, y todas antes de salir', async () => {
    server = await startRealServer({ LOG_LEVEL: 'info' });
    await fetch(`${server.url}/healthz?linea=uno`);
    const { output } = server;
    await vi.waitFor(() => expect(output()).toContain('linea=uno'), {
      timeout: 3000,
      interval: 100,
    });

    await fetch(`${server.url}/healthz?linea=dos`);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('linea=dos');
    expect(server.output()).toContain('shutting down');
  });
});
