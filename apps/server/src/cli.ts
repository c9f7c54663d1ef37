import { accessLinkCommand } from './cli/access-link.js';
import { apiKeyCommand } from './cli/api-key.js';
import { CliUsageError } from './cli/command.js';
import { empresaCommand } from './cli/empresa.js';
import { importCommand } from './cli/import.js';
import type { CliCommand, CliContext } from './cli/command.js';
import { usuarioCommand } from './cli/usuario.js';
import { rutaDemoCommand } from './cli/ruta-demo.js';
import { viajeDemoCommand } from './cli/viaje-demo.js';
import { outboxCommand, webhookCommand } from './cli/webhook.js';
import { loadConfig } from './config.js';
import type { AppConfig } from './config.js';
import { openDatabase, resolveSqliteFile } from './db/connection.js';
import type { DatabaseHandle } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';

/** Every command, by name. A new command: one file under src/cli/ and one line here. */
export const commands: CliCommand[] = [
  accessLinkCommand,
  apiKeyCommand,
  webhookCommand,
  outboxCommand,
  usuarioCommand,
  empresaCommand,
  importCommand,
  viajeDemoCommand,
  rutaDemoCommand,
];

function help(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    'Uso: npm run cli -- <orden> [opciones]   (npm run cli -- <orden> --help para más)',
    '',
    'Órdenes:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
  ].join('\n');
}

/** node:util parseArgs rejects unknown or malformed options with ERR_PARSE_ARGS_* codes. */
function isParseArgsError(error: unknown): error is Error {
  return (
    error instanceof Error &&
    String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS')
  );
}

/** Runs the CLI with these arguments; returns the exit code. Exported for tests. */
export async function runCli(argv: string[], partial: Partial<CliContext> = {}): Promise<number> {
  const out = partial.out ?? ((line: string) => console.log(line));
  const err = partial.err ?? ((line: string) => console.error(line));
  const [name, ...args] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    out(help());
    return name ? 0 : 2;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    err(`Orden desconocida: ${name}\n\n${help()}`);
    return 2;
  }
  if (args.includes('--help') || args.includes('-h')) {
    out(command.usage);
    return 0;
  }
  let config: AppConfig | undefined;
  let handle: DatabaseHandle | undefined;
  const context: CliContext = {
    out,
    err,
    config: partial.config ?? (() => (config ??= loadConfig())),
    db:
      partial.db ??
      (async () => {
        if (!handle) {
          const c = context.config();
          handle = openDatabase({
            databaseUrl: c.databaseUrl,
            sqliteFile: resolveSqliteFile(c.dataDir),
          });
          await migrateToLatest(handle.db);
        }
        return handle.db;
      }),
  };
  try {
    return await command.run(args, context);
  } catch (error) {
    if (error instanceof CliUsageError || isParseArgsError(error)) {
      err(`${error.message}\n\n${command.usage}`);
      return 2;
    }
    err(error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    await handle?.close();
  }
}

// Run only when executed directly (`tsx src/cli.ts`, `node dist/cli.js`), not when imported.
if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runCli(process.argv.slice(2));
}
