import { AxeBuilder } from '@axe-core/playwright';
import type { Result } from 'axe-core';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.2 AA as axe-core tags it (issue 7). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** One line per violation: rule, impact and the first few offending elements. */
function describe(violations: Result[]): string[] {
  return violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes
        .slice(0, 3)
        .map(
          (node) =>
            `${node.target.join(' ')}: ${node.any[0]?.message ?? node.failureSummary ?? ''}`,
        )
        .join(' | ')}`,
  );
}

/** Runs axe on the page (or on `include`) and expects no WCAG 2.2 AA violation. */
export async function expectNoViolations(page: Page, label: string, include?: string) {
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  expect.soft(describe(violations), `axe en ${label}`).toEqual([]);
}
