import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/database.js';

/** What a command may use; the database opens only when a command asks for it. */
export interface CliContext {
  out: (line: string) => void;
  err: (line: string) => void;
  config: () => AppConfig;
  /** The migrated database of the configuration (closed by the CLI at the end). */
  db: () => Promise<Kysely<Database>>;
}

/** One CLI command: one file under src/cli/, listed in src/cli.ts. */
export interface CliCommand {
  name: string;
  /** One line for `--help`. */
  summary: string;
  usage: string;
  /** Returns the process exit code. */
  run(args: string[], context: CliContext): Promise<number>;
}

/** A usage error: printed with the command's usage, exit code 2. */
export class CliUsageError extends Error {}

/**
 * Joins `--name value` into `--name=value` for options whose values may start with a dash
 * (base64url tokens do: node's parseArgs would take them for an option).
 */
export function bindOptionValues(args: readonly string[], names: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const next = args[i + 1];
    if (names.includes(arg) && next !== undefined) {
      out.push(`${arg}=${next}`);
      i++;
    } else {
      out.push(arg);
    }
  }
  return out;
}
