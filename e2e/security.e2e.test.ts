import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLock } from '../scraper/lock.ts';
import {
  HOSTILE_PAGE, browserSkipReason, e2eSnapshotsDir, ensureSiteBuilt, hostileRevisions, launchBrowser, openPage, screenshot, serveDist, type DistServer,
} from './helpers/index.ts';

const skip = browserSkipReason();

/**
 * Everything a page could do to run a script, checked in the DOM the browser built:
 * scripts other than the site's own bundles, event-handler attributes, javascript:/data:
 * URLs, active elements (iframe, object, embed, a form other than search, base, meta refresh), style attributes.
 */
async function activeContent(page: Page, base: string): Promise<string[]> {
  return page.evaluate((basePath) => {
    const found: string[] = [];
    for (const script of document.querySelectorAll('script')) {
      const src = script.getAttribute('src');
      if (!src || !src.startsWith(`${basePath}_astro/`)) found.push(`script: ${script.outerHTML.slice(0, 120)}`);
    }
    for (const el of document.querySelectorAll('*')) {
      for (const attr of el.attributes) {
        if (/^on/i.test(attr.name)) found.push(`${el.tagName.toLowerCase()}[${attr.name}]`);
        if (attr.name === 'style' && el.closest('main')) found.push(`${el.tagName.toLowerCase()}[style]`);
        if (['href', 'src', 'action', 'formaction', 'data', 'xlink:href'].includes(attr.name) && /^\s*(javascript|data|vbscript):/i.test(attr.value)) {
          found.push(`${el.tagName.toLowerCase()}[${attr.name}=${attr.value.slice(0, 40)}]`);
        }
      }
    }
    // The site's own search forms (header, search page) are role="search", which the sanitiser never lets spec text set.
    for (const selector of ['iframe', 'object', 'embed', 'form:not([role="search"])', 'base', 'meta[http-equiv="refresh" i]', 'main style', 'main link', 'svg script']) {
      for (const el of document.querySelectorAll(selector)) found.push(`element ${selector}: ${el.outerHTML.slice(0, 80)}`);
    }
    if (document.querySelectorAll('#sd-content').length !== 1 || document.getElementById('sd-content')?.tagName !== 'MAIN') found.push('a page element took the id sd-content');
    return found;
  }, base);
}

describe.skipIf(skip !== null)('hostile spec text renders inert', () => {
  let dist: string;
  let server: DistServer;
  let browser: Browser;
  let revisions: { old: string; new: string };

  beforeAll(async () => {
    dist = await ensureSiteBuilt();
    server = await serveDist(dist);
    browser = await launchBrowser();
    revisions = hostileRevisions(parseLock(readFileSync(join(e2eSnapshotsDir, 'snapshots.lock.json'), 'utf8')));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const pages = () => [
    { name: 'revision page (old)', path: `rev/${revisions.old}/${HOSTILE_PAGE}/` },
    { name: 'revision page (new)', path: `rev/${revisions.new}/${HOSTILE_PAGE}/` },
    { name: 'diff page', path: `diff/${revisions.old}/${revisions.new}/${HOSTILE_PAGE}/` },
    { name: 'pair overview', path: `diff/${revisions.old}/${revisions.new}/` },
    { name: 'revision index', path: `rev/${revisions.new}/` },
    { name: 'home', path: '' },
    // Search results quote the hostile records and page text in their excerpts.
    { name: 'search results', path: 'search/?q=pwned', waitFor: '#sd-search-results > li' },
  ];

  it('runs no script on any page that shows the hostile text', async () => {
    for (const { name, path, waitFor } of pages()) {
      const { page, dialogs, errors, close } = await openPage(browser, server.url);
      const response = await page.goto(server.url + path);
      expect(response?.status(), name).toBe(200);
      if (waitFor) await page.waitForSelector(waitFor, { timeout: 30_000 });
      // Give delayed handlers (image errors, toggles, refreshes) a chance to fire.
      await page.waitForTimeout(300);
      await page.hover('main').catch(() => undefined);
      for (const details of await page.$$('main details')) await details.evaluate((d) => ((d as HTMLDetailsElement).open = !(d as HTMLDetailsElement).open));
      await page.waitForTimeout(100);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned), name).toBeUndefined();
      expect(dialogs, name).toEqual([]);
      expect(errors, name).toEqual([]);
      expect(await activeContent(page, new URL(server.url).pathname), name).toEqual([]);
      expect(new URL(page.url()).pathname, `${name}: no redirect`).toBe(new URL(server.url + path).pathname);
      if (path.includes(HOSTILE_PAGE)) await screenshot(page, `hostile-${name.replace(/\W+/g, '-')}`, true);
      await close();
    }
  });

  it('shows the hostile text as text instead of dropping it silently', async () => {
    const { page, close } = await openPage(browser, server.url);
    await page.goto(`${server.url}rev/${revisions.new}/${HOSTILE_PAGE}/`);
    const text = await page.textContent('main');
    expect(text).toContain("<script>window.__pwned = 'code-span'</script>");
    expect(text).toContain("<script>window.__pwned = 'title'</script>");
    await page.goto(`${server.url}diff/${revisions.old}/${revisions.new}/${HOSTILE_PAGE}/`);
    const diffText = await page.textContent('main');
    expect(diffText).toContain("<script>window.__pwned = 'code-span'</script>");
    expect(diffText).toContain('"method": "</code><script>');
    await page.goto(`${server.url}search/?q=pwned`);
    await page.waitForSelector('#sd-search-results > li', { timeout: 30_000 });
    expect(await page.$$eval('#sd-search-results .search-excerpt', (els) => els.map((el) => el.textContent ?? '').join('\n'))).toMatch(/<script>window\.__pwned/);
    await page.goBack();
    // The differ saw changes in it, and they are annotated like any other.
    expect(await page.$$eval('#sd-side-by-side .chg', (els) => els.length)).toBeGreaterThan(2);
    await close();
  });

  it('keeps the filters working under the content security policy', async () => {
    const { page, errors, close } = await openPage(browser, server.url);
    await page.goto(`${server.url}diff/${revisions.old}/${revisions.new}/${HOSTILE_PAGE}/`);
    expect(await page.isVisible('#sd-filters')).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });
});
