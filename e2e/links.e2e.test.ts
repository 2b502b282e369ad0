import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PART_SEGMENT } from '../site/lib/urls.ts';
import { runCli } from '../harness/run-cli.ts';
import { browserSkipReason, buildSite, checkLinks, e2eRoot, e2eSnapshotsDir, ensureSiteBuilt, launchBrowser, openPage, serveDist } from './helpers/index.ts';

describe('the built site', () => {
  let dist: string;

  beforeAll(async () => {
    dist = await ensureSiteBuilt();
  });

  it('has no broken internal links or anchors', () => {
    const report = checkLinks(dist);
    expect(report.pages).toBeGreaterThan(300);
    expect(report.links).toBeGreaterThan(5000);
    expect(report.broken.slice(0, 20)).toEqual([]);
  });

  it('leaves no stray script modules at the root of the built site', () => {
    expect(strayScripts(dist)).toEqual([]);
  });

  it('publishes a JSON file beside every diff page, in the contract shape', () => {
    const walk = (dir: string): string[] => readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
    const pages = walk(join(dist, 'diff')).filter((f) => f.endsWith('/index.html'));
    let checked = 0;
    for (const html of pages) {
      const rel = html.slice(join(dist, 'diff').length + 1, -'/index.html'.length);
      const parts = rel.split('/');
      if (parts.length < 3) continue; // a pair overview, with its JSON at diff/OLD/NEW.json
      // Part 2, 3… of a long page: its JSON is the page's own, beside part 1.
      if (new RegExp(`^${PART_SEGMENT}\\d+$`).test(parts.at(-1)!) && existsSync(`${join(dist, 'diff', ...parts.slice(0, -1))}.json`)) continue;
      // A comparison the site built while its newer revision was the latest only says where its changes are now.
      if (readFileSync(html, 'utf8').includes('data-retired')) continue;
      const json = `${join(dist, 'diff', rel)}.json`;
      expect(existsSync(json), json).toBe(true);
      const data = JSON.parse(readFileSync(json, 'utf8'));
      expect(Object.keys(data).slice(0, 4)).toEqual(['old', 'new', 'summary', 'changes']);
      expect(data.old.revision).toBe(parts[0]);
      expect(data.new.revision).toBe(parts[1]);
      for (const change of data.changes) expect(change.fingerprint).toMatch(/^[0-9a-f]{12}$/);
      checked++;
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('publishes each revision pair\'s records exactly as `specdelta diff OLD NEW` lists them', async () => {
    const [OLD, NEW] = ['2025-11-25', '2026-07-28'];
    const site = JSON.parse(readFileSync(join(dist, 'diff', OLD, `${NEW}.json`), 'utf8'));
    const cli = await runCli(['diff', OLD, NEW, '--format', 'json', '--snapshots', e2eSnapshotsDir]);
    expect(cli.code, cli.stderr).toBe(0);
    const records = (report: { changes: { page?: string; id: string; fingerprint: string; level: string }[] }) => report.changes.map((c) => `${c.page} ${c.id} ${c.level} ${c.fingerprint}`);
    const expected = JSON.parse(cli.stdout);
    expect(site.summary).toEqual(expected.summary);
    expect(records(site)).toEqual(records(expected));
    // The pair moves pages (a folder's index, a page under a new folder) and rules between them.
    expect(site.changes.some((c: { id: string }) => c.id === 'page-moved')).toBe(true);
    expect(site.changes.some((c: { id: string; before?: { page?: string } }) => c.id === 'rule-moved' && c.before?.page)).toBe(true);
  });
});

/** Script files at the root of a built site: the site's own scripts all live in _astro/ and pagefind/. */
function strayScripts(dist: string): string[] {
  return readdirSync(dist).filter((name) => /\.m?js$/.test(name));
}

// Built outside the working directory, where Astro 5 used to copy its content-sync files
// (content-assets.mjs, content-modules.mjs) into the site's root (site/lib/astro-leftovers.ts).
describe('a build under a base path, into a folder outside the project', () => {
  const base = '/sub/specdelta/';
  let dist: string;
  let browser: Browser | null = null;

  beforeAll(async () => {
    await ensureSiteBuilt();
    dist = join(mkdtempSync(join(tmpdir(), 'specdelta-e2e-')), 'dist');
    await buildSite({ snapshotsDir: e2eSnapshotsDir, outDir: dist, base, cacheDir: join(e2eRoot, 'cache') });
  });

  afterAll(async () => {
    await browser?.close();
    if (dist) rmSync(dirname(dist), { recursive: true, force: true });
  });

  it('leaves no stray script modules at its root either', () => {
    expect(readdirSync(dist)).toContain('index.html');
    expect(strayScripts(dist)).toEqual([]);
  });

  it('links only inside the base path, with no broken links', () => {
    const report = checkLinks(dist, { base });
    expect(report.broken.slice(0, 20)).toEqual([]);
    const home = readFileSync(join(dist, 'index.html'), 'utf8');
    const hrefs = [...home.matchAll(/(?:href|src)="(\/[^"]*)"/g)].map((m) => m[1]!);
    expect(hrefs.length).toBeGreaterThan(10);
    for (const href of hrefs) expect(href.startsWith(base), href).toBe(true);
  });

  it.skipIf(browserSkipReason() !== null)('serves and filters from the sub-path', async () => {
    const server = await serveDist(dist, { base });
    browser = await launchBrowser();
    const { page, errors, close } = await openPage(browser, server.url);
    await page.goto(server.url);
    await page.click('a[href*="/diff/2025-11-25/2026-07-28/"]');
    await page.waitForURL(`**${base}diff/2025-11-25/2026-07-28/`, { timeout: 10_000 });
    await page.click('a[href$="/client/elicitation/"]');
    await page.waitForURL(`**${base}diff/2025-11-25/2026-07-28/client/elicitation/`, { timeout: 10_000 });
    expect(new URL(page.url()).pathname).toBe(`${base}diff/2025-11-25/2026-07-28/client/elicitation/`);
    // The filter script (a module, from the base path's _astro/) shows the filters once it runs.
    await page.waitForSelector('#sd-filters', { state: 'visible', timeout: 10_000 });
    // Search loads its index from the base path's pagefind/ and links results under the base path.
    await page.fill('header input[type="search"]', 'elicitationId');
    await page.press('header input[type="search"]', 'Enter');
    await page.waitForSelector('#sd-search-results > li a', { timeout: 30_000 });
    const found = await page.$$eval('#sd-search-results > li a', (links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    for (const path of found) expect(path.startsWith(base), path).toBe(true);
    expect(errors).toEqual([]);
    await close();
    await server.close();
  });
});
