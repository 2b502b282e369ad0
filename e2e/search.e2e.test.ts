import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DiffReport } from '../src/index.ts';
import { browserSkipReason, ensureSiteBuilt, openPage, screenshot, siteSuite } from './helpers/index.ts';

/** The pair and page where URL-mode elicitation's `elicitationId` was taken out again. */
const PAIR = 'diff/2025-11-25/2026-07-28';
const TERM = 'elicitationId';

interface ShownResult {
  href: string;
  title: string;
  where: string;
  excerpt: string;
}

/** Every result of the search page's current query, "Show more results" followed to the end. */
async function allResults(page: Page): Promise<ShownResult[]> {
  await page.waitForFunction(() => /result|No results/.test(document.getElementById('sd-search-status')?.textContent ?? ''), undefined, { timeout: 30_000 });
  while (await page.isVisible('#sd-search-more')) {
    const before = await page.locator('#sd-search-results > li').count();
    await page.click('#sd-search-more');
    await page.waitForFunction((n) => document.querySelectorAll('#sd-search-results > li').length > n, before, { timeout: 10_000 });
  }
  return page.$$eval('#sd-search-results > li', (items) => items.map((li) => ({
    href: (li.querySelector('a') as HTMLAnchorElement).href,
    title: li.querySelector('a')?.textContent ?? '',
    where: li.querySelector('.search-where')?.textContent ?? '',
    excerpt: li.querySelector('.search-excerpt')?.innerHTML ?? '',
  })));
}

describe.skipIf(browserSkipReason() !== null)('search', () => {
  const site = siteSuite();

  it(`finds each change to ${TERM} once, at the step that made it, linked to its record, from the header of any page`, async () => {
    const dist = await ensureSiteBuilt();
    const report = JSON.parse(readFileSync(join(dist, `${PAIR}.json`), 'utf8')) as DiffReport;
    const named = report.grouped.filter((c) => c.title.includes(TERM) && !c.informative);
    expect(named.length).toBeGreaterThan(0);

    const { page, errors, close } = await openPage(site.browser, site.server.url);
    await page.goto(`${site.server.url}rev/2025-11-25/`);
    await page.fill('header input[type="search"]', TERM);
    await page.press('header input[type="search"]', 'Enter');
    await page.waitForURL(/\/search\/\?q=elicitationId$/, { timeout: 10_000 });
    const results = await allResults(page);
    expect(await page.textContent('#sd-search-status')).toBe(`${results.length} results for “${TERM}”.`);

    for (const change of named) {
      const shown = results.filter((r) => r.href.endsWith(`#c-${change.records[0]}`));
      // One result per change: the catch-up pairs that repeat it add none.
      expect(shown, `one result for ${change.title}`).toHaveLength(1);
      // The title renders code as text: no backticks.
      expect(shown[0]!.title).toBe(change.title.replace(/`/g, ''));
      expect(shown[0]!.where).toBe(`${change.impact.charAt(0).toUpperCase()}${change.impact.slice(1)} 2025-11-25 → 2026-07-28 · ${change.page}`);
      expect(shown[0]!.excerpt).toMatch(new RegExp(`<mark>[^<]*${TERM}[^<]*</mark>`, 'i'));
    }
    expect(new Set(results.map((r) => r.href)).size).toBe(results.length);
    expect(results.filter((r) => /→ 2026-07-28/.test(r.where) && !r.where.includes('2025-11-25 →'))).toEqual([]);

    // Following a result lands on the record's annotation (the schema's own records are on the pair page).
    const first = named[0]!;
    await page.click(`#sd-search-results a[href$="#c-${first.records[0]}"]`);
    await page.waitForURL(`**/${PAIR}/**#c-${first.records[0]}`, { timeout: 10_000 });
    const target = await page.$eval(`#c-${first.records[0]}`, (el) => ({ target: el.matches(':target'), text: el.textContent ?? '' }));
    expect(target.target).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it('narrows to breaking changes, keeps the query in the address, and fits a phone in dark mode', async () => {
    const { page, errors, close } = await openPage(site.browser, site.server.url, { viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    await page.goto(`${site.server.url}search/?q=${TERM}&type=change&level=breaking`);
    const results = await allResults(page);
    expect(results.length).toBeGreaterThan(0);
    for (const r of results) {
      expect(r.href).toMatch(/\/diff\/[^/]+\/[^/]+\/(.+\/)?#c-[0-9a-f]+(-\d+)?$/);
      expect(r.where).toMatch(/^Breaking /);
    }
    expect(await page.isChecked('input[name="type"][value="change"]')).toBe(true);
    expect(await page.isChecked('input[name="level"][value="breaking"]')).toBe(true);
    // Clearing a filter widens the search and updates the address.
    await page.uncheck('input[name="level"][value="breaking"]');
    await page.waitForFunction(() => !location.search.includes('level='), undefined, { timeout: 10_000 });
    expect(new URL(page.url()).searchParams.get('type')).toBe('change');
    expect((await allResults(page)).length).toBeGreaterThan(results.length);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'search-phone-dark');
    expect(errors).toEqual([]);
    await close();
  });
});
