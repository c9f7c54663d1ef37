import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPoller } from './poller.js';

/** A run that ends only when the test says so. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('createPoller', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ejecuta al arrancar y después cada intervalo contado desde el final de la anterior', async () => {
    const run = vi.fn(async () => undefined);
    const poller = createPoller({ intervalMs: 1000, run, onError: vi.fn() });
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(2);
    poller.start(); // already started: no second loop
    await vi.advanceTimersByTimeAsync(3000);
    expect(run).toHaveBeenCalledTimes(5);
    await poller.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run).toHaveBeenCalledTimes(5);
  });

  it('no solapa ejecuciones: una lenta retrasa la siguiente', async () => {
    const slow = deferred();
    const run = vi.fn(() => slow.promise);
    const poller = createPoller({ intervalMs: 100, run, onError: vi.fn() });
    poller.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run).toHaveBeenCalledTimes(1);
    slow.resolve();
    await vi.advanceTimersByTimeAsync(99);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(2);
    await poller.stop();
  });

  it('stop espera a la ejecución en curso y un nuevo start no la solapa', async () => {
    let slow = deferred();
    let active = 0;
    let maxActive = 0;
    const run = vi.fn(async () => {
      active += 1;
      maxActive = Math.max(maxActive, active);
      await slow.promise;
      active -= 1;
    });
    const poller = createPoller({ intervalMs: 100, run, onError: vi.fn() });
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    let stopped = false;
    const stopping = poller.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(1000);
    expect(stopped).toBe(false);

    // Restarted before the stopped run ends: the new loop waits for it.
    poller.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(1);
    const first = slow;
    slow = deferred();
    first.resolve();
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(2);
    slow.resolve();
    await poller.stop();
    expect(maxActive).toBe(1);
  });

  it('stop durante la pausa termina sin esperar al intervalo', async () => {
    const run = vi.fn(async () => undefined);
    const poller = createPoller({ intervalMs: 3_600_000, run, onError: vi.fn() });
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    await poller.stop();
    expect(run).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('un fallo se notifica y el sondeo sigue tras la pausa habitual', async () => {
    const error = new Error('caída');
    const run = vi.fn().mockRejectedValueOnce(error).mockResolvedValue(undefined);
    const onError = vi.fn();
    const poller = createPoller({ intervalMs: 500, run, onError });
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(onError).toHaveBeenCalledWith(error);
    await vi.advanceTimersByTimeAsync(499);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(2);
    expect(onError).toHaveBeenCalledTimes(1);
    await poller.stop();
  });

  it('si la ejecución pide más, la siguiente va sin pausa', async () => {
    const run = vi
      .fn<() => Promise<boolean>>()
      .mockResolvedValueOnce(true)
      .mockResolvedValueOnce(true)
      .mockResolvedValue(false);
    const poller = createPoller({ intervalMs: 5000, run, onError: vi.fn() });
    poller.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(run).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(4980);
    expect(run).toHaveBeenCalledTimes(3);
    await poller.stop();
  });

  it('el temporizador pendiente no mantiene vivo el proceso', async () => {
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
    const poller = createPoller({ intervalMs: 1000, run: async () => undefined, onError: vi.fn() });
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    const timer = setTimeoutSpy.mock.results.at(-1)?.value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
    await poller.stop();
  });
});
