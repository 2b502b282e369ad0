import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserSkipReason, ensureSiteBuilt, filterRepaintMs, largestHtml, openPage, screenshot, siteSuite } from './helpers/index.ts';

/** The longest page of the site: the generated schema reference, diffed across the revisions that rewrote it. */
const PAIR = 'diff/2025-11-25/2026-07-28';
const PAGE = 'schema';
const PAGE_BUDGET = 400 * 1024;

describe('long pages', () => {
  it('keeps every HTML page under 400 KB', async () => {
    const dist = await ensureSiteBuilt();
    const largest = largestHtml(dist);
    expect(largest.path).not.toBe('');
    expect(largest.bytes, largest.path).toBeLessThanOrEqual(PAGE_BUDGET);
  });
});

describe.skipIf(browserSkipReason() !== null)(`the schema reference diff (${PAIR}/${PAGE})`, () => {
  const site = siteSuite();

  it('lists its changes by changelog item, collapsed, with counts that add up to the changes it counts', async () => {
    const dist = await ensureSiteBuilt();
    const report = JSON.parse(readFileSync(join(dist, `${PAIR}/${PAGE}.json`), 'utf8')) as { grouped: { page: string }[] };
    const { page, errors, close } = await openPage(site.browser, site.server.url);
    await page.goto(`${site.server.url}${PAIR}/${PAGE}/`);
    const groups = await page.$$eval('#sd-change-list details.change-group', (els) => els.map((el) => ({
      open: (el as HTMLDetailsElement).open,
      items: el.querySelectorAll('li.change').length,
      counted: [...el.querySelectorAll('summary .lvl')].reduce((n, lvl) => n + Number.parseInt(lvl.textContent ?? '0', 10), 0),
    })));
    expect(groups.length).toBeGreaterThan(3);
    expect(groups.every((g) => !g.open)).toBe(true);
    for (const g of groups) expect(g.counted).toBe(g.items);
    expect(groups.reduce((n, g) => n + g.items, 0)).toBe(report.grouped.filter((c) => c.page === PAGE).length);
    // The list is short to scroll past: the side-by-side view starts within a few screens (it was 50,000 px).
    const start = await page.$eval('#sd-side-by-side', (el) => el.getBoundingClientRect().top + scrollY);
    expect(start).toBeLessThan(6 * 900);
    await screenshot(page, 'schema-diff-wide');
    expect(errors).toEqual([]);
    await close();
  });

  it('shows every record of the page once across its parts (the schema\'s own on the pair page), and a record link on part 1 opens the part that shows it', async () => {
    const dist = await ensureSiteBuilt();
    const records = JSON.parse(readFileSync(join(dist, `${PAIR}/${PAGE}.json`), 'utf8')) as { changes: { fingerprint: string; source?: string }[] };
    const pairPage = readFileSync(join(dist, PAIR, 'index.html'), 'utf8');
    for (const record of records.changes.filter((c) => c.source === 'schema')) expect(pairPage).toContain(`id="c-${record.fingerprint}"`);
    const { page, close } = await openPage(site.browser, site.server.url);
    await page.goto(`${site.server.url}${PAIR}/${PAGE}/`);
    const parts = await page.$$eval('nav.parts a', (els) => els.map((a) => (a as HTMLAnchorElement).href));
    expect(parts.length).toBeGreaterThan(1);
    const shown: string[] = [];
    for (const url of parts) {
      await page.goto(url);
      shown.push(...(await page.$$eval('#sd-side-by-side .chg', (els) => els.map((el) => el.id))));
    }
    expect(shown.sort()).toEqual(records.changes.filter((c) => c.source !== 'schema').map((c) => `c-${c.fingerprint}`).sort());

    // A permanent link names the page, not the part: it still lands on the annotation.
    const lastPart = await page.$$eval('#sd-side-by-side .chg', (els) => els.at(-1)!.id);
    await page.goto(`${site.server.url}${PAIR}/${PAGE}/#${lastPart}`);
    await page.waitForFunction((id) => document.getElementById(id) !== null, lastPart, { timeout: 10_000 });
    expect(new URL(page.url()).pathname).toBe(new URL(parts.at(-1)!).pathname);
    expect(await page.$eval(`#${lastPart}`, (el) => el.matches(':target'))).toBe(true);
    await close();
  });

  it('repaints after a filter click on the largest page with filters, and the time is measured', async () => {
    const { page, close } = await openPage(site.browser, site.server.url);
    await page.goto(`${site.server.url}${PAIR}/${PAGE}/`);
    const total = await page.$$eval('#sd-change-list li.change', (els) => els.length);
    // One count: the list's total says how many of its changes this page counts (its heading) and how many another page does.
    const here = Number(/\((\d+)\)/.exec((await page.textContent('#sd-changes-h')) ?? '')?.[1]);
    if (total > here) expect(await page.textContent('#sd-filter-status')).toContain(`(${here} counted here, ${total - here} on their own page)`);
    else expect(await page.textContent('#sd-filter-status')).not.toContain('counted here');
    const ms = await filterRepaintMs(page);
    // The figure is printed here and held to its 100 ms target by `npm run bench`, not asserted on a shared machine.
    console.log(`filter repaint on ${PAIR}/${PAGE}/: ${ms.toFixed(1)} ms`);
    expect(ms).toBeGreaterThan(0);
    await page.check('#sd-filters input[name="breaking-only"]');
    const shown = await page.$$eval('#sd-change-list li.change:not([hidden])', (els) => els.length);
    expect(shown).toBeLessThan(total);
    expect(await page.textContent('#sd-filter-status')).toContain(`Showing ${shown} of ${total}`);
    // Groups without a breaking change step aside.
    const groups = await page.$$eval('#sd-change-list details.change-group', (els) => els.map((el) => ({ hidden: (el as HTMLElement).hidden, breaking: el.querySelector('li.change[data-impact="breaking"]') !== null })));
    for (const g of groups) expect(g.hidden).toBe(!g.breaking);
    await close();
  });
});

describe.skipIf(browserSkipReason() !== null)('the largest diff page with filters', () => {
  const site = siteSuite();

  it('lays out only the sections near the viewport, and a filter click paints every section it brings into view in that frame', async () => {
    const dist = await ensureSiteBuilt();
    // A page with a breaking change beside its text: "breaking only" must leave something to paint (which page is largest moves with the impacts).
    const path = largestHtml(join(dist, 'diff'), (html) => html.includes('id="sd-filters"') && /<div class="chg[^>]*data-impact="breaking"/.test(html)).path.replace(/index\.html$/, '');
    const { page, errors, close } = await openPage(site.browser, site.server.url);
    await page.goto(`${site.server.url}diff/${path}`);
    await page.waitForSelector('#sd-filters:not([hidden])');
    // A section's heading is "skipped" while the browser leaves the section unrendered (content-visibility: auto).
    const result = await page.evaluate(`(async () => {
      const frame = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
      // The sections a reader could scroll to: not filtered out, not inside a closed <details>.
      const sections = () => [...document.querySelectorAll('#sd-side-by-side .sec')].filter((s) => s.checkVisibility());
      const skipped = (s) => !s.querySelector('.sec-head').checkVisibility({ contentVisibilityAuto: true });
      const inView = (s) => { const r = s.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; };
      const input = document.querySelector('#sd-filters input[name="breaking-only"]');
      // Far enough into the side-by-side view that "breaking only" pulls sections from well below into view.
      window.scrollTo(0, document.getElementById('sd-side-by-side').getBoundingClientRect().top + scrollY + 2 * innerHeight);
      await frame(); await frame();
      const skippedAtLoad = sections().filter(skipped).length;
      const clicks = [];
      for (const step of ['on', 'off']) {
        input.click();
        await frame();
        const shown = sections().filter(inView);
        clicks.push({ step, inView: shown.length, blank: shown.filter(skipped).map((s) => s.id) });
        await frame();
      }
      return { total: sections().length, skippedAtLoad, clicks };
    })()`) as { total: number; skippedAtLoad: number; clicks: { step: string; inView: number; blank: string[] }[] };
    expect(result.skippedAtLoad).toBeGreaterThan(0);
    expect(result.skippedAtLoad).toBeLessThan(result.total);
    for (const click of result.clicks) {
      expect(click.inView, click.step).toBeGreaterThan(0);
      expect(click.blank, click.step).toEqual([]);
    }
    expect(errors).toEqual([]);
    await close();
  });
});
