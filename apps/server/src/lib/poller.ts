export interface PollerOptions {
  /** Pause between the end of one run and the start of the next. */
  intervalMs: number;
  /** One run; resolving to `true` asks for the next one at once (there may be more work). */
  run: () => Promise<boolean | void>;
  /** Called with what a run threw; polling carries on after the usual pause. */
  onError: (err: unknown) => void;
}

export interface Poller {
  /** Runs now, then `intervalMs` after each run ends; does nothing while already started. */
  start: () => void;
  /** Stops polling and waits for the run in progress. */
  stop: () => Promise<void>;
}

interface Loop {
  stopped: boolean;
  /** Ends the current pause early (on stop). */
  wake?: () => void;
  done: Promise<void>;
}

/**
 * A periodic task with no overlapping runs: the next run is scheduled when the previous one
 * ends, never on a fixed beat. The outbox worker and the job scheduler both poll with it.
 */
export function createPoller({ intervalMs, run, onError }: PollerOptions): Poller {
  let current: Loop | undefined;

  function pause(loop: Loop, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      // A pending poll never keeps the process alive on its own.
      timer.unref();
      loop.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  async function poll(loop: Loop, previous: Promise<void> | undefined): Promise<void> {
    // Restarted while the stopped loop still runs: wait for it, so runs never overlap.
    await previous;
    while (!loop.stopped) {
      let again = false;
      try {
        again = (await run()) === true;
      } catch (err) {
        onError(err);
      }
      if (loop.stopped) break;
      // Even when there is more work, yield to the event loop between runs.
      await pause(loop, again ? 0 : intervalMs);
      loop.wake = undefined;
    }
  }

  return {
    start() {
      if (current && !current.stopped) return;
      const loop: Loop = { stopped: false, done: Promise.resolve() };
      loop.done = poll(loop, current?.done);
      current = loop;
    },
    async stop() {
      if (!current) return;
      current.stopped = true;
      current.wake?.();
      await current.done;
    },
  };
}
