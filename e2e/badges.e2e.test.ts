import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAll, parseXml } from '../test/badge/svg.ts';
import { browserSkipReason, e2eSnapshotsDir, ensureSiteBuilt, launchBrowser, openPage, screenshot, serveDist, type DistServer, type WatchedPage } from './helpers/index.ts';

const skip = browserSkipReason();

function svgFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.svg')) out.push(path);
    }
  };
  walk(dir);
  return out.sort();
}

describe('the site\'s static badges', () => {
  let dist: string;
  beforeAll(async () => {
    dist = await ensureSiteBuilt();
  });

  it('exist for every revision and page, and every one is well-formed SVG whose size matches its content', () => {
    const files = svgFiles(join(dist, 'badge'));
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const svg = parseXml(readFileSync(file, 'utf8'));
      const name = relative(dist, file);
      expect(svg.uri, name).toBe('http://www.w3.org/2000/svg');
      const width = Number(svg.attributes['width']);
      const rects = findAll(svg, 'rect').filter((r) => r.attributes['height'] === '20' && r.attributes['rx'] === undefined && r.attributes['fill'] !== 'url(#s)');
      expect(rects.map((r) => Number(r.attributes['width'])).reduce((a, b) => a + b), name).toBe(width);
      expect(findAll(svg, 'title')[0]?.text, name).toMatch(/^(MCP .+|The MCP specification): written for /);
    }
  });
});

describe.skipIf(skip !== null)('badges in a real browser', () => {
  let server: DistServer;
  let browser: Browser;
  let watched: WatchedPage;

  beforeAll(async () => {
    server = await serveDist(await ensureSiteBuilt());
    browser = await launchBrowser();
    watched = await openPage(browser, server.url);
  });

  afterAll(async () => {
    await watched?.close();
    await browser?.close();
    await server?.close();
  });

  it('render at their declared size as images, with text that fits its box', async () => {
    const { page } = watched;
    await page.goto(new URL('badges/', server.url).href);
    await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
    const images = await page.$$eval('img[src*="/badge/"]', (imgs) => imgs.slice(0, 40).map((img) => (img as HTMLImageElement).src));
    expect(images.length).toBeGreaterThan(5);
    for (const src of images) {
      const result = await page.evaluate(async (url) => {
        const text = await (await fetch(url)).text();
        const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
        const error = doc.querySelector('parsererror')?.textContent ?? null;
        const root = doc.documentElement;
        const img = new Image();
        img.src = url;
        await img.decode();
        // Measure the text as drawn: the SVG placed inline in this document.
        const holder = document.createElement('div');
        holder.append(document.importNode(root, true));
        document.body.append(holder);
        const svg = holder.querySelector('svg')!;
        const texts = [...svg.querySelectorAll('text:not([aria-hidden])')].map((t) => {
          const box = (t as SVGTextElement).getBBox();
          return { scaledWidth: box.width / 10, scaledX: box.x / 10, declared: Number(t.getAttribute('textLength')) / 10 };
        });
        const rects = [...svg.querySelectorAll('g[clip-path] > rect')].slice(0, 2).map((r) => ({ x: Number(r.getAttribute('x') ?? 0), width: Number(r.getAttribute('width')) }));
        holder.remove();
        return { error, ns: root.namespaceURI, width: Number(root.getAttribute('width')), height: Number(root.getAttribute('height')), natural: [img.naturalWidth, img.naturalHeight], texts, rects, title: root.querySelector('title')?.textContent ?? '' };
      }, src);
      expect(result.error, src).toBeNull();
      expect(result.ns).toBe('http://www.w3.org/2000/svg');
      expect(result.natural, src).toEqual([result.width, result.height]);
      expect(result.height).toBe(20);
      expect(result.title.length).toBeGreaterThan(10);
      result.texts.forEach((t, i) => {
        const box = result.rects[i]!;
        expect(Math.abs(t.scaledWidth - t.declared), `${src} text ${i}`).toBeLessThan(1.5);
        expect(t.scaledX, `${src} text ${i} starts inside its box`).toBeGreaterThanOrEqual(box.x);
        expect(t.scaledX + t.scaledWidth, `${src} text ${i} ends inside its box`).toBeLessThanOrEqual(box.x + box.width);
      });
    }
    await screenshot(page, 'badges-page');
  });

  it('look right', async () => {
    const { page } = watched;
    await page.goto(new URL('badge/2025-11-25/client/elicitation.svg', server.url).href);
    await page.setViewportSize({ width: 400, height: 60 });
    await screenshot(page, 'badge-2025-11-25-elicitation');
    expect(await page.evaluate(() => document.documentElement.tagName)).toBe('svg');
  });

  it('offers Markdown and HTML snippets with absolute URLs that resolve', async () => {
    const { page } = watched;
    await page.goto(new URL('badges/', server.url).href);
    const snippets = await page.$$eval('code.snippet', (codes) => codes.map((c) => ({ kind: (c as HTMLElement).dataset['kind'], text: c.textContent ?? '' })));
    expect(snippets.length).toBeGreaterThan(20);
    const origin = new URL(server.url).origin;
    for (const s of snippets.slice(0, 12)) {
      const urls = s.kind === 'markdown' ? [...s.text.matchAll(/\]\((\S+?)[\s)]/g)].map((m) => m[1]!) : [...s.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
      expect(urls.length, s.text).toBe(2);
      for (const url of urls) {
        expect(url.startsWith(`${origin}/`), url).toBe(true);
        expect((await fetch(url)).status, url).toBe(200);
      }
    }
    expect(watched.errors).toEqual([]);
  });

  it('makes a badge: a revision and page picker with a live preview and snippets that copy, none cut off at 390 px', async () => {
    const { page } = watched;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(server.url).origin });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(new URL('badges/', server.url).href);
    await page.waitForSelector('#sd-badge-maker:not([hidden])');
    const [revision, pageId] = ['2025-06-18', 'client/elicitation'];
    await page.selectOption('#sd-badge-revision', revision);
    // The page picker lists every page of the chosen revision, and only those.
    const options = await page.$$eval('#sd-badge-page option', (os) => os.map((o) => (o as HTMLOptionElement).value));
    const pagesOfRevision = readdirSync(join(e2eSnapshotsDir, revision), { recursive: true }).map(String).filter((f) => f.endsWith('.mdx')).map((f) => f.replace(/\.mdx$/, ''));
    expect(options.filter(Boolean).sort()).toEqual([...new Set(pagesOfRevision)].sort());
    await page.selectOption('#sd-badge-page', pageId);
    const origin = new URL(server.url).origin;
    const image = `${origin}/badge/${revision}/${pageId}.svg`;
    expect(await page.getAttribute('#sd-badge-preview', 'src')).toBe(image);
    // The preview loads the badge (waited for: the image arrives after the change event).
    await page.waitForFunction(() => { const img = document.getElementById('sd-badge-preview') as HTMLImageElement; return img.complete && img.naturalWidth > 0; }, undefined, { timeout: 10_000 });
    const markdown = (await page.textContent('#sd-badge-markdown'))!;
    const html = (await page.textContent('#sd-badge-html'))!;
    expect(markdown).toContain(`](${image} "`);
    // The badge says how far behind, and links to what changed since (an address that keeps its meaning).
    expect(markdown).toMatch(new RegExp(`^\\[!\\[MCP elicitation: ${revision} · 2 revisions behind · \\d+ breaking since\\]`));
    expect(markdown).toContain(`(${origin}/since/${revision}/${pageId}/)`);
    expect(html).toContain(`src="${image}"`);
    expect(await page.textContent('#sd-badge-url')).toBe(image);
    // No snippet is cut off: each fits its box (it wraps), and the page does not scroll sideways.
    for (const kind of ['markdown', 'html', 'url']) {
      const fits = await page.$eval(`#sd-badge-${kind}`, (code) => { const pre = code.parentElement!; return pre.scrollWidth <= pre.clientWidth + 1; });
      expect(fits, kind).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth + 1)).toBe(true);
    await screenshot(page, 'badges-maker-phone');

    await page.click('button[data-copy="markdown"]');
    await page.waitForFunction(() => document.querySelector('button[data-copy="markdown"]')?.textContent === 'Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(markdown);
    expect(await page.textContent('#sd-badge-copy-status')).toContain('Markdown copied');
    await page.click('button[data-copy="url"]');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(image);

    // Another revision: the preview and the snippets follow, the page kept when it has it.
    await page.selectOption('#sd-badge-revision', '2025-11-25');
    expect(await page.inputValue('#sd-badge-page')).toBe(pageId);
    expect(await page.getAttribute('#sd-badge-preview', 'src')).toBe(`${origin}/badge/2025-11-25/${pageId}.svg`);
    expect(await page.textContent('button[data-copy="markdown"]')).toBe('Copy');
    expect(watched.errors).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});
