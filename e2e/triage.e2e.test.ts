import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserSkipReason, ensureSiteBuilt, openPage, screenshot, siteSuite } from './helpers/index.ts';

const PAIR = 'diff/2025-11-25/2026-07-28';

interface Records {
  changes: { level: string; fingerprint: string }[];
  grouped: { id: string; impact: string; page: string; records: string[]; informative?: boolean }[];
  summary: { impact: Record<string, number> };
}

const read = async (path: string): Promise<Records> => JSON.parse(readFileSync(join(await ensureSiteBuilt(), path), 'utf8'));

describe.skipIf(browserSkipReason() !== null)('triage first', () => {
  const site = siteSuite();

  it('opens a diff page with its breaking changes, grouped by who must act, each linked to the record it is titled after', async () => {
    const records = await read(`${PAIR}/client/elicitation.json`);
    const { page, close } = await openPage(site.browser, site.server.url);
    await page.goto(`${site.server.url}${PAIR}/client/elicitation/`);
    const order = await page.$$eval('main h2', (els) => els.map((el) => el.id));
    expect(order.indexOf('sd-act-h')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('sd-act-h')).toBeLessThan(order.indexOf('sd-changes-h'));
    const groups = await page.$$eval('.triage details.triage-group', (els) => els.map((el) => ({
      role: (el as HTMLElement).dataset['role'],
      heading: el.querySelector('summary')?.textContent ?? '',
      changes: [...el.querySelectorAll('li.change')].map((li) => ({ id: (li as HTMLElement).dataset['change']!, link: (li.querySelector('a.ctitle') as HTMLAnchorElement).hash.slice(1), path: (li.querySelector('a.ctitle') as HTMLAnchorElement).pathname })),
    })));
    expect(groups.length).toBeGreaterThan(1);
    for (const g of groups) expect(g.heading).toMatch(/^(\w+s|Both sides) must act \(\d+\)$/);
    // Exactly the breaking changes this page counts (at home here), as its JSON and its headline say.
    const listed = groups.flatMap((g) => g.changes);
    const home = records.grouped.filter((c) => c.page === 'client/elicitation' && c.impact === 'breaking' && !c.informative);
    expect(listed.map((c) => c.id).sort()).toEqual(home.map((c) => c.id).sort());
    expect(listed.length).toBe(records.summary.impact['breaking']);
    expect(await page.textContent('#sd-act-h')).toBe(`What you must change: ${listed.length} breaking changes`);
    // Each links to the record it is titled after, where it is annotated: on this page, or (the schema's own) on the pair page.
    const dist = await ensureSiteBuilt();
    for (const c of listed) {
      expect(c.link).toBe(`c-${home.find((h) => h.id === c.id)!.records[0]}`);
      if (c.path === `/${PAIR}/client/elicitation/`) expect(await page.$(`#${c.link}.chg`), c.link).not.toBeNull();
      else expect(readFileSync(join(dist, c.path, 'index.html'), 'utf8'), `${c.path}#${c.link}`).toContain(`id="${c.link}"`);
    }
    await screenshot(page, 'triage-diff-wide');
    await close();
  });

  it('opens the pair page with the breaking changes its headline counts, and ranks pages by what breaks', async () => {
    const { page, close } = await openPage(site.browser, site.server.url);
    await page.goto(`${site.server.url}${PAIR}/`);
    const listed = await page.$$eval('.triage li.change', (els) => els.length);
    const rows = await page.$$eval('#sd-pages tbody tr', (trs) => trs.map((r) => [...r.querySelectorAll('td.num')].slice(0, 4).map((td) => Number(td.textContent))));
    const headline = await page.$$eval('.headline .counts li', (lis) => Object.fromEntries(lis.map((li) => [(li as HTMLElement).dataset['impact'], Number((li as HTMLElement).dataset['count'])])));
    // The list is the headline's: the revision read as a whole, as specdelta diff OLD NEW counts it.
    const pairJson = (await (await fetch(`${site.server.url}${PAIR}.json`)).json()) as Records;
    expect(headline).toEqual(pairJson.summary.impact);
    expect(listed).toBe(pairJson.summary.impact['breaking']);
    expect(await page.textContent('#sd-act-h')).toContain(`${pairJson.summary.impact['breaking']} breaking`);
    // Each change is counted once, on its home page: the rows add up to the headline, most breaking first.
    const sums = [0, 1, 2, 3].map((i) => rows.reduce((n, r) => n + r[i]!, 0));
    expect(sums).toEqual([headline['breaking'], headline['opt-in'], headline['non-breaking'], headline['editorial']]);
    const breakingPerRow = rows.map((r) => r[0]!);
    expect(breakingPerRow).toEqual([...breakingPerRow].sort((a, b) => b - a));
    await screenshot(page, 'triage-pair-wide');
    await close();
  });

  it('offers a migration checklist per party whose ticks survive a reload', async () => {
    const { page, close } = await openPage(site.browser, site.server.url);
    await page.goto(`${site.server.url}${PAIR}/`);
    const counts = await page.$$eval('.triage details.triage-group', (els) => Object.fromEntries(els.map((el) => [(el as HTMLElement).dataset['role'], el.querySelectorAll('li.change').length])));
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
