import { afterAll, beforeAll } from 'vitest';
import type { App } from '../app.js';
import { runCli } from '../cli.js';
import { buildTestApp } from './app.js';
import type { TestDatabaseHandle } from './databases.js';

/** In-process CLI runs and what they wrote, line by line (a test may empty the arrays). */
export interface CliCapture {
  readonly out: string[];
  readonly err: string[];
  /** Runs one command line; resolves to its exit code. */
  cli(...args: string[]): Promise<number>;
}

/** Runs the CLI on `app()`, read at each run so that it may be set in a `beforeAll`. */
export function captureCli(app: () => App): CliCapture {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    cli: (...args) =>
      runCli(args, {
        out: (line) => out.push(line),
        err: (line) => err.push(line),
        config: () => app().config,
        db: async () => app().db,
      }),
  };
}

/**
 * For a `describe` block: the app on a fresh migrated database from `open`, closed after the
 * block, and the CLI captured on it.
 */
export function cliTestApp(
  open: () => Promise<TestDatabaseHandle>,
): CliCapture & { readonly app: App } {
  let handle: TestDatabaseHandle | undefined;
  let built: App | undefined;
  beforeAll(async () => {
    handle = await open();
    built = await buildTestApp(handle);
  }, 60_000);
  afterAll(async () => {
    await built?.close();
    await handle?.dispose();
  });
  const app = (): App => {
    if (!built) throw new Error('La app de la CLI se crea en beforeAll.');
    return built;
  };
  return {
    ...captureCli(app),
    get app() {
      return app();
    },
  };
}
