import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserSkipReason, ensureSiteBuilt, openPage, screenshot, siteSuite } from './helpers/index.ts';

const PAIR = 'diff/2025-11-25/2026-07-28';

interface Records {
  changes: { level: string; fingerprint: string }[];
}

const read = async (path: string): Promise<Records> => JSON.parse(readFileSync(join(await ensureSiteBuilt(), path), 'utf8'));

describe.skipIf(browserSkipReason() !== null)('triage first', () => {
  const site = siteSuite();

  it('opens a diff page with its breaking changes, grouped by who must act, each linked to its annotation', async () => {
    const records = await read(`${PAIR}/client/elicitation.json`);
    const { page, close } = await openPage(site.browser, site.server.url);
    await page.goto(`${site.server.url}${PAIR}/client/elicitation/`);
    const order = await page.$$eval('main h2', (els) => els.map((el) => el.id));
    expect(order.indexOf('sd-act-h')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('sd-act-h')).toBeLessThan(order.indexOf('sd-changes-h'));
    const groups = await page.$$eval('.triage details', (els) => els.map((el) => ({
      role: (el as HTMLElement).dataset['role'],
      heading: el.querySelector('summary')?.textContent ?? '',
      links: [...el.querySelectorAll('li a')].map((a) => (a as HTMLAnchorElement).hash.slice(1)),
    })));
    expect(groups.length).toBeGreaterThan(1);
    for (const g of groups) expect(g.heading).toMatch(/^(\w+s|Both sides) must act \(\d+\)$/);
    const linked = groups.flatMap((g) => g.links);
    expect(linked.sort()).toEqual(records.changes.filter((c) => c.level === 'breaking').map((c) => `c-${c.fingerprint}`).sort());
    for (const id of linked) expect(await page.$(`#${id}.chg.lvl-breaking`), id).not.toBeNull();
    await screenshot(page, 'triage-diff-wide');
    await close();
  });

  it('opens the pair page with the breaking changes its headline counts, and ranks pages by what breaks', async () => {
    const { page, close } = await openPage(site.browser, site.server.url);
    await page.goto(`${site.server.url}${PAIR}/`);
    const listed = await page.$$eval('.triage li', (els) => els.length);
    const perPage = await page.$$eval('#sd-pages-h + table tbody tr', (rows) => rows.map((r) => Number(r.querySelectorAll('td')[1]?.textContent)));
    // The list is the headline's: the revision read as a whole, as specdelta diff OLD NEW counts it.
    const pairJson = (await (await fetch(`${site.server.url}${PAIR}.json`)).json()) as { summary: { breaking: number } };
    expect(listed).toBe(pairJson.summary.breaking);
    expect(await page.textContent('#sd-act-h')).toContain(`${pairJson.summary.breaking} breaking`);
    expect(perPage).toEqual([...perPage].sort((a, b) => b - a));
    await screenshot(page, 'triage-pair-wide');
    await close();
  });

  it('offers a migration checklist per party whose ticks survive a reload', async () => {
    const { page, close } = await openPage(site.browser, site.server.url);
    await page.goto(`${site.server.url}${PAIR}/`);
    const counts = await page.$$eval('.triage details', (els) => Object.fromEntries(els.map((el) => [(el as HTMLElement).dataset['role'], el.querySelectorAll('li').length])));
    await page.click('.checklists a[href$="/server/"]');
    await page.waitForURL('**/migrate/2025-11-25/2026-07-28/server/');
    const boxes = page.locator('#sd-checklist input[type="checkbox"]');
    expect(await boxes.count()).toBe((counts['server'] ?? 0) + (counts['both'] ?? 0));
    await boxes.nth(0).check();
    await boxes.nth(2).check();
    await page.reload();
    expect(await page.$$eval('#sd-checklist input:checked', (els) => els.map((el) => (el as HTMLInputElement).value))).toHaveLength(2);
    expect(await boxes.nth(0).isChecked()).toBe(true);
    expect(await boxes.nth(1).isChecked()).toBe(false);
    expect(await page.textContent('#sd-checklist-progress')).toContain('2 of ');
    // Each party's list is its own: the client's starts empty.
    await page.goto(`${site.server.url}migrate/2025-11-25/2026-07-28/client/`);
    expect(await page.$$eval('#sd-checklist input:checked', (els) => els.length)).toBe(0);
    await screenshot(page, 'checklist-client-wide');
    await close();
  });
});
