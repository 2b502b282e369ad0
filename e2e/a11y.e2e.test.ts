import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_KINDS, browserSkipReason, ensureSiteBuilt, launchBrowser, openPage, screenshot, serveDist, type DistServer } from './helpers/index.ts';

const skip = browserSkipReason();

/** Every kind of page the site builds (helpers/page-kinds.ts), the diff page third. */
const PAGES = PAGE_KINDS;

/** Text elements whose contrast against their (composited) background must reach 4.5:1. */
const CONTRAST_SELECTORS = [
  'main p', 'main li', 'a', '.lvl-breaking', '.lvl-non-breaking', '.lvl-editorial', '.kw-must', '.kw-should', '.kw-may', 'ins', 'del',
  '.status-latest', '.status-superseded', '.status-draft', '.muted', '.cid', '.sec-head', '.sec-head .path', '.ln.op-ins', '.ln.op-del',
  'tr.op-ins td', 'tr.op-del td', '.chg .msg', '.site-nav a', '.site-footer p', 'th', 'details > summary', '.mdx-label', 'pre code', '.filters label', 'button',
];

async function contrastProblems(page: Page): Promise<string[]> {
  return page.evaluate((selectors) => {
    const parse = (value: string): [number, number, number, number] => {
      const m = /rgba?\(([^)]+)\)/.exec(value);
      if (!m) return [0, 0, 0, 0];
      const parts = m[1]!.split(/[,\s/]+/).filter(Boolean).map(Number);
      return [parts[0]!, parts[1]!, parts[2]!, parts[3] ?? 1];
    };
    const over = (top: number[], bottom: number[]) => [0, 1, 2].map((i) => top[i]! * top[3]! + bottom[i]! * (1 - top[3]!)).concat(1);
    const background = (el: Element | null): number[] => {
      const stack: number[][] = [];
      for (let node = el; node; node = node.parentElement) stack.push(parse(getComputedStyle(node).backgroundColor));
      let colour = [255, 255, 255, 1];
      const root = parse(getComputedStyle(document.documentElement).backgroundColor);
      if (root[3] > 0) colour = over(root, colour);
      for (const layer of stack.reverse()) if (layer[3]! > 0) colour = over(layer, colour);
      return colour;
    };
    const luminance = (c: number[]) => {
      const [r, g, b] = c.slice(0, 3).map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const problems: string[] = [];
    for (const selector of selectors) {
      const elements = [...document.querySelectorAll(selector)].filter((el) => (el as HTMLElement).offsetParent !== null && (el.textContent ?? '').trim()).slice(0, 25);
      for (const el of elements) {
        const bg = background(el);
        const fg = over(parse(getComputedStyle(el).color), bg);
        const [a, b] = [luminance(fg), luminance(bg)].sort((x, y) => y - x);
        const ratio = (a! + 0.05) / (b! + 0.05);
        if (ratio < 4.5) problems.push(`${selector} "${(el.textContent ?? '').trim().slice(0, 30)}": ${ratio.toFixed(2)}:1`);
      }
    }
    return [...new Set(problems)];
  }, CONTRAST_SELECTORS);
}

describe.skipIf(skip !== null)('accessibility', () => {
  let server: DistServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await serveDist(await ensureSiteBuilt());
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('has landmarks, a language, a title and one h1 with headings in order on every kind of page', async () => {
    const { page, close } = await openPage(browser, server.url);
    for (const { name, path, ready } of PAGES) {
      await page.goto(server.url + path);
      await ready?.(page);
      const facts = await page.evaluate(() => ({
        lang: document.documentElement.lang,
        title: document.title,
        banner: document.querySelectorAll('body > header').length,
        main: document.querySelectorAll('main').length,
        contentinfo: document.querySelectorAll('body > footer').length,
        navLabels: [...document.querySelectorAll('nav')].map((n) => n.getAttribute('aria-label')),
        headings: [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1])),
      }));
      expect(facts.lang, name).toBe('en');
      expect(facts.title, name).toMatch(/specdelta$/);
      expect([facts.banner, facts.main, facts.contentinfo], name).toEqual([1, 1, 1]);
      expect(facts.navLabels.every((l) => l && l.length > 0), `${name}: every nav is labelled`).toBe(true);
      expect(facts.headings.filter((h) => h === 1), name).toHaveLength(1);
      expect(facts.headings[0], name).toBe(1);
      facts.headings.forEach((level, i) => {
        if (i > 0) expect(level, `${name}: heading ${i} (h${level}) after h${facts.headings[i - 1]}`).toBeLessThanOrEqual(facts.headings[i - 1]! + 1);
      });
    }
    await close();
  });

  it('offers a skip link as the first stop of the keyboard', async () => {
    const { page, close } = await openPage(browser, server.url);
    await page.goto(server.url + PAGES[2]!.path);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    // Following an in-page link is asynchronous: wait for the hash instead of reading it at once.
    await page.waitForFunction(() => location.hash === '#sd-content', undefined, { timeout: 5000 });
    expect(new URL(page.url()).hash).toBe('#sd-content');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('sd-content');
    await close();
  });

  it('labels every level with a word, not only a colour', async () => {
    const { page, close } = await openPage(browser, server.url);
    await page.goto(server.url + PAGES[2]!.path);
    const labels = await page.$$eval('.lvl', (els) => els.map((el) => el.textContent?.trim() ?? ''));
    expect(labels.length).toBeGreaterThan(10);
    for (const label of labels) expect(label).toMatch(/^(\d+ )?(breaking|non-breaking|editorial)$/i);
    await close();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`has text contrast of at least 4.5:1 in ${colorScheme} mode`, async () => {
      const { page, close } = await openPage(browser, server.url, { colorScheme });
      const problems: string[] = [];
      for (const { name, path, ready } of PAGES) {
        await page.goto(server.url + path);
        await ready?.(page);
        // Open collapsed parts so their text is measured too.
        await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
        problems.push(...(await contrastProblems(page)).map((p) => `${name}: ${p}`));
      }
      await page.goto(server.url + PAGES[0]!.path);
      await screenshot(page, `home-${colorScheme}`, true);
      expect(problems).toEqual([]);
      await close();
    });
  }
});
