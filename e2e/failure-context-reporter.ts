import { readFileSync } from 'node:fs';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** How much of a failed test's page snapshot is printed (the top of the page tells most). */
const MAX_CHARS = 6_000;

/**
 * CI keeps only what the run prints, not test-results/: for each failed test this prints the
 * page as it was when the test failed (Playwright's "error context", the page's accessibility
 * snapshot), so a failure seen only on CI's busy machine can still be read afterwards.
 */
export default class FailureContextReporter implements Reporter {
  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'passed' || result.status === 'skipped') return;
    for (const attachment of result.attachments) {
      if (attachment.name !== 'error-context') continue;
      const context = attachment.body?.toString('utf8') ?? readIfThere(attachment.path) ?? '';
      // The error and the test's source are printed already; the page's snapshot is not.
      const text = [...context.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]).join('\n');
      if (!text) continue;
      const shown = text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS)}\n…` : text;
      console.log(
        `\n── Page when "${test.titlePath().slice(1).join(' › ')}" failed ──\n${shown}\n`,
      );
    }
  }

  printsToStdio(): boolean {
    return true;
  }
}

function readIfThere(path: string | undefined): string | undefined {
  if (!path) return undefined;
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}
