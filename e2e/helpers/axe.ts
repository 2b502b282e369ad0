import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { AxeResults, ImpactValue } from 'axe-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The impacts a page must not have: axe's two highest. */
export const BLOCKING_IMPACTS: readonly ImpactValue[] = ['serious', 'critical'];

/**
 * Runs axe-core on the page as it is now and returns its serious and critical violations,
 * one readable line per rule and element: `rule (impact) on SELECTOR: what to fix`.
 * axe is evaluated through the DevTools protocol, which the pages' Content-Security-Policy
 * (scripts from 'self' only) does not block, so the page under test stays as served.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.evaluate(axeSource);
  const results = (await page.evaluate(`window.axe.run(document, { resultTypes: ['violations'] })`)) as AxeResults;
  return results.violations
    .filter((v) => BLOCKING_IMPACTS.includes(v.impact ?? null))
    .flatMap((v) => v.nodes.map((node) => `${v.id} (${v.impact}) on ${node.target.join(' ')}: ${(node.failureSummary ?? v.help).replace(/\s+/g, ' ').trim()}`));
}
