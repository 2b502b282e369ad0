import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../harness/run-cli.ts';
import { browserSkipReason, e2eSnapshotsDir, ensureSiteBuilt, launchBrowser, openPage, screenshot, serveDist, siteSuite, type DistServer } from './helpers/index.ts';

/** The pair and page the issue names: elicitation changed the most between these two. */
const OLD = '2025-11-25';
const NEW = '2026-07-28';
const PAGE = 'client/elicitation';
const path = `diff/${OLD}/${NEW}/${PAGE}/`;

interface Record {
  id: string;
  kind: string;
  level: string;
  fingerprint: string;
}

interface Grouped {
  id: string;
  impact: string;
  page: string;
  records: string[];
}

const skip = browserSkipReason();

describe.skipIf(skip !== null)(`diff page ${OLD} → ${NEW} ${PAGE}`, () => {
  let dist: string;
  let server: DistServer;
  let browser: Browser;
  let cli: { changes: Record[]; grouped: Grouped[]; summary: { breaking: number; 'non-breaking': number; editorial: number } };
  /** The impact of the change each record belongs to: what the page's filters go by. */
  const impactOf = (record: Record) => cli.grouped.find((c) => c.records.includes(record.fingerprint))!.impact;

  beforeAll(async () => {
    dist = await ensureSiteBuilt();
    server = await serveDist(dist);
    browser = await launchBrowser();
    const result = await runCli(['diff', `${OLD}:${PAGE}`, `${NEW}:${PAGE}`, '--format', 'json', '--snapshots', e2eSnapshotsDir]);
    expect(result.code, result.stderr).toBe(0);
    cli = JSON.parse(result.stdout);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('annotates exactly the changes the CLI reports, each at its fingerprint anchor', async () => {
    const { page, errors, close } = await openPage(browser, server.url);
    await page.goto(server.url + path);
    const anchors = await page.$$eval('#sd-side-by-side .chg', (els) => els.map((el) => el.id));
    expect(cli.changes.length).toBeGreaterThan(10);
    expect(anchors).toHaveLength(cli.changes.length);
    expect(new Set(anchors)).toEqual(new Set(cli.changes.map((c) => `c-${c.fingerprint}`)));
    // Every annotation names its level in words and its catalog id.
    const notes = await page.$$eval('#sd-side-by-side .chg', (els) => els.map((el) => ({ level: el.querySelector('.lvl')?.textContent, id: el.querySelector('.cid')?.textContent, data: (el as HTMLElement).dataset['level'] })));
    for (const note of notes) {
      expect(note.level?.toLowerCase()).toBe(note.data);
      expect(note.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
    }
    // The list shows changes (each with its records as evidence): those counted here, then those counted on their own page.
    expect(await page.$$eval('#sd-change-list li.change', (els) => els.length)).toBe(cli.grouped.length);
    for (const record of cli.changes) expect(cli.grouped.some((c) => c.records.includes(record.fingerprint)), record.fingerprint).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it('publishes beside the page exactly what `specdelta diff OLD:PAGE NEW:PAGE --format json` prints', () => {
    const published = JSON.parse(readFileSync(join(dist, `diff/${OLD}/${NEW}/${PAGE}.json`), 'utf8'));
    expect(published.old).toMatchObject({ revision: OLD, page: PAGE });
    expect(published.new).toMatchObject({ revision: NEW, page: PAGE });
    // Each side's source is where it was read from: the CLI names the path it was given, the site its snapshot folder.
    const sourceless = (report: { old: object; new: object }) => ({ ...report, old: { ...report.old, source: null }, new: { ...report.new, source: null } });
    expect(sourceless(published)).toEqual(sourceless(cli as never));
    expect(published.grouped.length).toBeGreaterThan(5);
  });

  it('filters without reloading: breaking only, by keyboard, then hide editorial and kinds', async () => {
    const { page, close } = await openPage(browser, server.url);
    await page.goto(server.url + path);
    let loads = 0;
    page.on('load', () => loads++);
    const visible = () => page.$$eval('#sd-side-by-side .chg', (els) => els.filter((el) => (el as HTMLElement).offsetParent !== null).map((el) => (el as HTMLElement).dataset['level']));
    expect(await visible()).toHaveLength(cli.changes.length);

    // Keyboard only: focus the checkbox and press Space.
    await page.focus('#sd-filters input[name="breaking-only"]');
    await page.keyboard.press('Space');
    expect(await page.isChecked('#sd-filters input[name="breaking-only"]')).toBe(true);
    // Breaking only: the breaking changes, and every record of theirs (whatever its own level).
    const breakingChanges = cli.grouped.filter((c) => c.impact === 'breaking').length;
    expect(await visible()).toHaveLength(cli.changes.filter((r) => impactOf(r) === 'breaking').length);
    expect(await page.$$eval('#sd-change-list li.change:not([hidden])', (els) => els.length)).toBe(breakingChanges);
    expect(await page.textContent('#sd-filter-status')).toContain(`Showing ${breakingChanges} of ${cli.grouped.length}`);
    await screenshot(page, 'diff-elicitation-breaking-only');

    await page.keyboard.press('Space');
    await page.check('#sd-filters input[name="hide-editorial"]');
    expect(await visible()).toHaveLength(cli.changes.filter((r) => impactOf(r) !== 'editorial').length);
    await page.uncheck('#sd-filters input[name="hide-editorial"]');

    for (const kind of ['rule', 'schema-field', 'message']) {
      await page.check(`#sd-filters input[name="kind"][value="${kind}"]`);
      expect(await visible(), kind).toHaveLength(cli.changes.filter((c) => c.kind === kind).length);
      await page.uncheck(`#sd-filters input[name="kind"][value="${kind}"]`);
    }
    expect(await visible()).toHaveLength(cli.changes.length);
    expect(loads).toBe(0);
    await close();
  });

  it('follows a change from the list to the record it is titled after', async () => {
    const { page, close } = await openPage(browser, server.url);
    await page.goto(server.url + path);
    const change = cli.grouped.find((c) => c.impact === 'breaking' && c.page === PAGE)!;
    const target = cli.changes.find((r) => r.fingerprint === change.records[0])!;
    await page.click(`#sd-change-list li.change[data-change="${change.id}"] a.ctitle`);
    await page.waitForFunction((hash) => location.hash === hash, `#c-${target.fingerprint}`, { timeout: 5000 });
    expect(new URL(page.url()).hash).toBe(`#c-${target.fingerprint}`);
    const state = await page.$eval(`#c-${target.fingerprint}`, (el) => {
      const box = el.getBoundingClientRect();
      return { matches: el.matches(':target'), top: box.top, bottom: box.bottom, height: innerHeight };
    });
    expect(state.matches).toBe(true);
    expect(state.top).toBeGreaterThanOrEqual(0);
    expect(state.bottom).toBeLessThanOrEqual(state.height);
    // The permanent link works from a fresh load too.
    await page.goto(`${server.url}${path}#c-${target.fingerprint}`);
    expect(await page.$eval(`#c-${target.fingerprint}`, (el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().top < innerHeight)).toBe(true);
    await screenshot(page, 'diff-elicitation-anchor');
    await close();
  });

  it('is readable without JavaScript: every annotation shown, filters absent', async () => {
    const { page, close } = await openPage(browser, server.url, { javaScriptEnabled: false });
    await page.goto(server.url + path);
    expect(await page.isVisible('#sd-filters')).toBe(false);
    const shown = await page.$$eval('#sd-side-by-side .chg', (els) => els.filter((el) => (el as HTMLElement).offsetParent !== null).length);
    expect(shown).toBe(cli.changes.length);
    // Unchanged sections are collapsed, with a count.
    const summaries = await page.$$eval('details.unchanged > summary', (els) => els.map((el) => el.textContent ?? ''));
    expect(summaries.length).toBeGreaterThan(0);
    for (const s of summaries) expect(s).toMatch(/^\d+ unchanged sections?: /);
    await close();
  });

  it('puts the columns side by side when wide and stacks them when narrow (screenshots)', async () => {
    const { page, close } = await openPage(browser, server.url);
    const firstChangedRow = '.row.row-changed';
    await page.goto(server.url + path);
    const wide = await page.$eval(firstChangedRow, (row) => {
      const [a, b] = [row.querySelector('.cell.old')!.getBoundingClientRect(), row.querySelector('.cell.new')!.getBoundingClientRect()];
      return { sameRow: Math.abs(a.top - b.top) < 2, oldLeft: a.left, newLeft: b.left };
    });
    expect(wide.sameRow).toBe(true);
    expect(wide.newLeft).toBeGreaterThan(wide.oldLeft);
    await screenshot(page, 'diff-elicitation-wide-light');
    await page.locator('#sd-sbs-h').scrollIntoViewIfNeeded();
    await screenshot(page, 'diff-elicitation-wide-side-by-side');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(server.url + path);
    const narrow = await page.$eval(firstChangedRow, (row) => {
      const [a, b] = [row.querySelector('.cell.old')!.getBoundingClientRect(), row.querySelector('.cell.new')!.getBoundingClientRect()];
      return { stacked: b.top >= a.bottom - 1, sameLeft: Math.abs(a.left - b.left) < 2 };
    });
    expect(narrow).toEqual({ stacked: true, sameLeft: true });
    // Nothing makes the narrow page scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth + 1)).toBe(true);
    await screenshot(page, 'diff-elicitation-narrow-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.locator(firstChangedRow).first().scrollIntoViewIfNeeded();
    await screenshot(page, 'diff-elicitation-narrow-dark');
    await close();
  });
});

describe.skipIf(skip !== null)(`filters in the URL (${PAGE})`, () => {
  const site = siteSuite();

  it('keeps the filter state in the address: a reload and a shared link show the same view', async () => {
    const { page, close } = await openPage(site.browser, site.server.url);
    await page.goto(site.server.url + path);
    await page.check('#sd-filters input[name="breaking-only"]');
    await page.check('#sd-filters input[name="kind"][value="rule"]');
    const url = new URL(page.url());
    expect(url.searchParams.get('breaking-only')).toBe('1');
    expect(url.searchParams.getAll('kind')).toEqual(['rule']);
    const shown = await page.$$eval('#sd-change-list li.change:not([hidden])', (els) => els.length);
    expect(shown).toBeGreaterThan(0);
    await page.reload();
    await page.waitForSelector('#sd-filters:not([hidden])');
    expect(await page.isChecked('#sd-filters input[name="breaking-only"]')).toBe(true);
    expect(await page.isChecked('#sd-filters input[name="kind"][value="rule"]')).toBe(true);
    expect(await page.$$eval('#sd-change-list li.change:not([hidden])', (els) => els.length)).toBe(shown);
    // Unchecking everything leaves a clean address.
    await page.uncheck('#sd-filters input[name="breaking-only"]');
    await page.uncheck('#sd-filters input[name="kind"][value="rule"]');
    expect(new URL(page.url()).search).toBe('');
    await close();
  });
});
