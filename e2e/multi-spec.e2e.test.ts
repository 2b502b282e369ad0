import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLock } from '../scraper/lock.ts';
import { browserSkipReason, buildSpecsSite, checkLinks, e2eRoot, e2eSnapshotsDir, ensureSiteBuilt, hostileRevisions, launchBrowser, openPage, repoRoot, serveDist, type DistServer } from './helpers/index.ts';

/**
 * A site of two specifications (`npm run build:specs -- --config site/specs.other.json`):
 * MCP at the root, the other spec of that config under /<name>/. Built into a temporary
 * folder from the e2e snapshots (two MCP revisions) and the other spec's last two
 * revisions, so it builds in about a minute.
 */
const config = JSON.parse(readFileSync(join(repoRoot, 'site/specs.other.json'), 'utf8')) as { specs: Record<string, unknown>[] };
const other = config.specs[1]!;
const name = other['name'] as string;
const revisions = (other['revisions'] as string[]).slice(-2);
const [OLD, NEW] = revisions as [string, string];

describe(`a site of two specifications (MCP and ${other['label'] as string})`, () => {
  let dir: string;
  let dist: string;
  let server: DistServer;
  let browser: Browser | null = null;
  let mcp: { old: string; new: string };

  beforeAll(async () => {
    await ensureSiteBuilt(); // the e2e snapshots of MCP
    dir = mkdtempSync(join(tmpdir(), 'specdelta-multi-'));
    dist = join(dir, 'dist');
    mcp = hostileRevisions(parseLock(readFileSync(join(e2eSnapshotsDir, 'snapshots.lock.json'), 'utf8')));
    const file = join(dir, 'specs.json');
    writeFileSync(file, JSON.stringify({
      specs: [
        { ...config.specs[0], source: e2eSnapshotsDir, revisions: [mcp.old, mcp.new] },
        { ...other, source: resolve(repoRoot, 'site', other['source'] as string), revisions },
      ],
    }));
    await buildSpecsSite({ config: file, outDir: dist, cacheDir: join(e2eRoot, 'cache') });
    server = await serveDist(dist);
    if (!browserSkipReason()) browser = await launchBrowser();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('builds the first spec at the root and the second under its name, without the detector pages it has no use for', () => {
    expect(existsSync(join(dist, 'index.html'))).toBe(true);
    expect(existsSync(join(dist, 'diff', mcp.old, mcp.new, 'index.html'))).toBe(true);
    expect(existsSync(join(dist, name, 'index.html'))).toBe(true);
    expect(existsSync(join(dist, name, 'diff', OLD, NEW, 'index.html'))).toBe(true);
    expect(existsSync(join(dist, name, 'pagefind', 'pagefind.js'))).toBe(true);
    for (const page of ['badges', 'badge', 'check']) expect(existsSync(join(dist, name, page)), page).toBe(false);
  });

  it(`has no broken internal links anywhere under /${name}/`, () => {
    const report = checkLinks(join(dist, name), { base: `/${name}/` });
    // The header's link to the first spec's home is the only one that leaves /<name>/, and it exists.
    const broken = report.broken.filter((b) => !(b.href === '/' && existsSync(join(dist, 'index.html'))));
    expect(report.pages).toBeGreaterThan(20);
    expect(broken.slice(0, 20)).toEqual([]);
  });

  /** Opens a page of the built site (it must answer 200), runs `body` on it, and expects no script error there. */
  const visit = async (path: string, body: (page: Page) => Promise<void>): Promise<void> => {
    const { page, errors, close } = await openPage(browser!, server.url);
    try {
      const response = await page.goto(new URL(path, server.url).href);
      expect(response?.status(), path).toBe(200);
      await body(page);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  };

  /** Every same-site link of the page, requested: each must answer 200, and a fragment must name an element there. */
  const expectLinksResolve = async (page: Page) => {
    const hrefs = await page.$$eval('a[href], link[href], script[src]', (els) => els.map((el) => (el as HTMLAnchorElement).href || (el as HTMLScriptElement).src));
    const internal = [...new Set(hrefs.filter((h) => new URL(h).origin === new URL(server.url).origin))];
    expect(internal.length).toBeGreaterThan(10);
    const bodies = new Map<string, string>();
    for (const link of internal) {
      const url = new URL(link);
      const target = url.origin + url.pathname;
      if (!bodies.has(target)) {
        const response = await fetch(target);
        expect(response.status, target).toBe(200);
        bodies.set(target, await response.text());
      }
      const id = decodeURIComponent(url.hash.slice(1));
      if (id) expect(bodies.get(target)!.includes(`id="${id}"`), link).toBe(true);
    }
  };

  it(`shows the ${other['label'] as string} home with real changes, page titles and a way back to MCP`, async (context) => {
    if (!browser) return context.skip(browserSkipReason() ?? 'no browser');
    await visit(`${name}/`, async (page) => {
      await expect(page.title()).resolves.toMatch(/specdelta/);
      const specs = await page.$$eval('.spec-nav a', (links) => links.map((a) => ({ label: a.textContent, href: a.getAttribute('href'), current: a.getAttribute('aria-current') })));
      expect(specs).toEqual([
        { label: 'MCP', href: '/', current: null },
        { label: other['label'], href: `/${name}/`, current: 'true' },
      ]);
      // Each spec's home names its own spec, by the config's title (else its label).
      expect(await page.textContent('h1')).toBe(`What changed in the ${(other['title'] ?? other['label']) as string} specification`);
      expect(await page.textContent('h2#sd-latest-h')).toContain(`${NEW} (since ${OLD})`);
      // Real changes: the headline counts more than none.
      const headline = await page.textContent('#sd-latest .headline');
      expect(Number(/(\d+) changes? on/.exec(headline ?? '')?.[1] ?? 0)).toBeGreaterThan(0);
      // Pages are named by their titles, not by the page ids made from file names.
      const most = await page.$$eval('.most-changed a', (links) => links.map((a) => a.textContent ?? ''));
      expect(most.length).toBeGreaterThan(0);
      for (const label of most) expect(label, 'a title, not a page id').not.toMatch(/^[a-z0-9-]+(\/[a-z0-9-]+)*$/);
      expect(await page.$('a[href*="/badges/"], a[href*="/check/"]')).toBeNull();
      await expectLinksResolve(page);
    });
  });

  it('shows a diff page of the spec with annotated changes, side by side, under its title', async (context) => {
    if (!browser) return context.skip(browserSkipReason() ?? 'no browser');
    // The pair page's first changed page with a breaking change, by its row.
    let row: { href: string; label: string; breaking: number } | undefined;
    await visit(`${name}/diff/${OLD}/${NEW}/`, async (page) => {
      row = await page.$$eval('#sd-pages tbody tr', (rows) => rows.map((tr) => ({ href: tr.querySelector('a')?.getAttribute('href') ?? '', label: tr.querySelector('a')?.textContent ?? '', breaking: Number(tr.querySelectorAll('td')[1]?.textContent ?? 0) })).find((r) => r.breaking > 0));
    });
    expect(row, 'a page with breaking changes').toBeTruthy();
    await visit(row!.href, async (page) => {
      const heading = await page.textContent('h1');
      expect(heading).toContain(row!.label);
      expect(heading).toContain(`${OLD} → ${NEW}`);
      expect(row!.label).not.toMatch(/^[a-z0-9-]+$/);
      // Annotated records, and word-level changes in the side-by-side text.
      expect(await page.locator('[id^="c-"]').count()).toBeGreaterThan(0);
      expect(await page.locator('.cell.new ins, .cell.old del').count()).toBeGreaterThan(0);
      await expectLinksResolve(page);
    });
  });

  it('finds the spec\'s changes in its own search', async (context) => {
    if (!browser) return context.skip(browserSkipReason() ?? 'no browser');
    await visit(`${name}/search/?q=type`, async (page) => {
      await page.waitForFunction(() => /result/.test(document.getElementById('sd-search-status')?.textContent ?? ''), undefined, { timeout: 30_000 });
      const hrefs = await page.$$eval('#sd-search-results a', (links) => links.map((a) => a.getAttribute('href') ?? ''));
      expect(hrefs.length).toBeGreaterThan(0);
      for (const href of hrefs) expect(href.startsWith(`/${name}/`), href).toBe(true);
    });
  });
});
