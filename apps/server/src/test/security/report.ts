import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { afterAll, test, vi } from 'vitest';

/** One check of the security suite, as docs/security.md lists it. */
export interface SecurityCheck {
  name: string;
  /** What was tried, in a sentence. */
  tried: string;
  /** The dialects (or variants) it passed and failed on. */
  passed: string[];
  failed: { variant: string; reason: string }[];
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
// A test run writes to the (ignored) build folder, never over the committed docs: a partial run
// (one file, or without PostgreSQL) would otherwise rewrite docs/security.md with less.
// `npm run reports:publish` copies it into docs/ on purpose.
const REPORT_DIR = path.join(repoRoot, 'build/reports');
const REPORT = path.join(REPORT_DIR, 'security.md');
const LOCK = path.join(REPORT_DIR, '.security.md.lock');

const TITLE = '# Security checks';
/** Standing decisions the checks rely on; the results below are always the suite's own. */
const DECISIONS = `## Decisions

- **Ownership is a 404.** A row of another customer or carrier answers exactly like a missing
  one (STYLE rule 4). Choosing a company that is not yours (\`PUT /api/clientes/cliente\`,
  \`/api/proveedores/proveedor\`) is a 403; a section outside an access link's fixed menu is a
  403. Both say nothing about the row.
- **Coverage follows OpenAPI.** The access matrix and the CSRF and no-store checks enumerate
  \`GET /api/openapi.json\`. A new route that takes an id (path parameter, \`…Id\`/\`…_id\`/\`q\`
  query parameter, body property) or a write whose body OpenAPI does not describe fails the
  suite until a fixture (or a reasoned exemption) is added in \`access-matrix.test.ts\`.
- **Polyglots are refused.** An upload whose first bytes are an accepted type (PDF, JPEG, PNG)
  but which contains HTML, SVG or script markup, a \`javascript:\` URL or the PDF actions
  \`/JavaScript\` or \`/Launch\` anywhere is refused with 415 \`ACTIVE_CONTENT\`
  (\`storage/active-content.ts\`). Markup hidden in compressed PDF streams is not found: downloads
  are therefore always \`Content-Disposition\` with the sniffed type, \`nosniff\` and the strict CSP.
- **File names are neutralised, not refused.** \`../\`, \`\\\`, control and bidi characters are
  stripped to a display name; storage keys are the content's SHA-256, so a name never reaches
  the file system. Refusing would break browsers that send full Windows paths.
- **Throttling without lockout.** 5 failures per account and IP, then doubling waits up to 60 s;
  50 per account from any IP, then waits of at most 5 s; 30 login calls per IP and minute. A
  user on another machine is never kept out longer than 5 s.
- **Secure cookies follow \`PUBLIC_URL\`.** Cookies are \`Secure\` when the public URL is https;
  HSTS is sent only on requests that arrived over HTTPS (directly or per \`X-Forwarded-Proto\`
  with \`TRUST_PROXY=true\`).
- **TOTP secrets** are AES-256-GCM encrypted with a key derived (HKDF) from \`SESSION_SECRET\`:
  changing that secret invalidates every enrolment (users enrol again). The secret is shown
  only in the enrolment answer; a code's 30-second step is spent once accepted.
- **TOTP recovery codes** (ten per user, \`xxxx-xxxx-xx\`, 50 bits from the CSPRNG) are shown
  once, in the answer that confirms the enrolment or replaces the set (which needs a current
  code). 50 bits is below the 112 that would allow a plain hash (ASVS 5.0 6.5.2), so each is
  stored as an argon2id hash with its own salt. A code is spent by a conditional update (two
  concurrent uses: one wins), counts with the wrong authenticator codes for throttling, and an
  unknown or used code gets the wrong-code answer. Disabling the factor deletes them.
- **Several instances share the security state.** Sessions, remember tokens and spent TOTP steps
  live in the database; login throttling and the per-IP login limit live in Redis when
  \`REDIS_URL\` is set, so N instances count together; every instance needs the same
  \`SESSION_SECRET\`. The scale-out test (\`npm run test:scale-out\`, docs/operations.md) kills
  one of three instances under load: sessions made on one instance keep working on the others
  and on the restarted one, and no acknowledged write or file is lost. Its last published run:

<!-- scale-out-report:begin -->
<!-- scale-out-report:end -->`;

const INTRO = [
  'Written by the security suite (`apps/server/src/security/*.test.ts`) at the end of each run',
  'into `build/reports/security.md`: every row is the outcome of a test that ran, never a',
  'hand-written result. Rerun with `TZ=UTC npx vitest run apps/server/src/security` (with',
  '`TEST_DATABASE_URL` set, so both dialects run), then `npm run reports:publish` to copy it here.',
].join('\n');

/**
 * The checks of one test file (an "area" of docs/security.md). `check` declares a Vitest test
 * and records whether it passed; the file's `afterAll` rewrites the area's section.
 */
export function securityArea(area: string, summary: string) {
  const checks = new Map<string, SecurityCheck>();
  afterAll(() => writeArea(area, summary, [...checks.values()]));

  function record(name: string, tried: string, variant: string, error?: unknown) {
    const entry = checks.get(name) ?? { name, tried, passed: [], failed: [] };
    if (error === undefined) entry.passed.push(variant);
    else entry.failed.push({ variant, reason: reasonOf(error) });
    checks.set(name, entry);
  }

  return {
    /** A test whose outcome becomes a row of the report; `variant` is e.g. the dialect. */
    check(
      name: string,
      tried: string,
      variant: string,
      fn: () => Promise<void> | void,
      timeout?: number,
    ) {
      test(
        name,
        async () => {
          try {
            await fn();
          } catch (error) {
            record(name, tried, variant, error);
            throw error;
          }
          record(name, tried, variant);
        },
        timeout,
      );
    },
    /** Records a sub-check run inside a test (e.g. one row per OpenAPI path). */
    async measure(name: string, tried: string, variant: string, fn: () => Promise<void>) {
      try {
        await fn();
        record(name, tried, variant);
        return undefined;
      } catch (error) {
        record(name, tried, variant, error);
        return error;
      }
    },
  };
}

function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (message.split('\n')[0] ?? '').slice(0, 200);
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function renderArea(area: string, summary: string, checks: SecurityCheck[]): string {
  const rows = checks.map((c) => {
    const result =
      c.failed.length === 0
        ? `passed (${c.passed.join(', ')})`
        : `**FAILED** (${c.failed.map((f) => `${f.variant}: ${f.reason}`).join('; ')})` +
          (c.passed.length ? `; passed (${c.passed.join(', ')})` : '');
    return `| ${cell(c.name)} | ${cell(c.tried)} | ${cell(result)} |`;
  });
  return [
    `<!-- area:${area} -->`,
    `## ${area}`,
    '',
    summary,
    '',
    '| Check | What was tried | Result |',
    '| --- | --- | --- |',
    ...rows,
    `<!-- /area:${area} -->`,
  ].join('\n');
}

function commitOf(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: repoRoot,
      encoding: 'utf8',
    }).trim();
  } catch {
    return 'unknown';
  }
}

/** Sections of the other areas are kept; test files run in parallel workers, hence the lock. */
async function writeArea(area: string, summary: string, checks: SecurityCheck[]): Promise<void> {
  if (checks.length === 0) return;
  mkdirSync(REPORT_DIR, { recursive: true });
  await withLock(async () => {
    const current = existsSync(REPORT) ? readFileSync(REPORT, 'utf8') : '';
    const sections = new Map<string, string>();
    for (const match of current.matchAll(/<!-- area:(.+?) -->[\s\S]*?<!-- \/area:\1 -->/g)) {
      sections.set(match[1] ?? '', match[0]);
    }
    sections.set(area, renderArea(area, summary, checks));
    const stamp = `Last run: ${new Date().toISOString().slice(0, 10)}, commit \`${commitOf()}\`, ${area} updated.`;
    const body = [...sections.keys()]
      .sort()
      .map((key) => sections.get(key))
      .join('\n\n');
    const text = `${TITLE}\n\n${INTRO}\n\n${stamp}\n\n${DECISIONS}\n\n${body}\n`;
    // Formatted as the repository's `prettier --check .` expects it once published.
    const docsOptions = await resolveConfig(path.join(repoRoot, 'docs/security.md'));
    writeFileSync(REPORT, await format(text, { ...docsOptions, parser: 'markdown' }));
  });
}

async function withLock(work: () => Promise<void>): Promise<void> {
  const acquire = () => {
    try {
      mkdirSync(LOCK);
      return true;
    } catch {
      return false;
    }
  };
  // A lock older than the whole wait is a crashed writer's: take it over.
  await vi.waitUntil(acquire, { timeout: 5000, interval: 50 }).catch(() => undefined);
  try {
    await work();
  } finally {
    try {
      rmdirSync(LOCK);
    } catch {
      // already gone
    }
  }
}
