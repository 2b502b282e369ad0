import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_KINDS, axeViolations, browserSkipReason, ensureSiteBuilt, launchBrowser, openPage, screenshot, serveDist, type DistServer } from './helpers/index.ts';

const skip = browserSkipReason();

/** Every kind of page the site builds (helpers/page-kinds.ts), the diff page third. */
const PAGES = PAGE_KINDS;

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
    for (const label of labels) expect(label).toMatch(/^(\d+ )?(breaking|opt-in|non-breaking|editorial)$/i);
    await close();
  });

  // axe-core on every kind of page, in both colour schemes: contrast, names, roles, ARIA.
  for (const colorScheme of ['light', 'dark'] as const) {
    describe(`axe in ${colorScheme} mode`, () => {
      for (const { name, path, ready } of PAGES) {
        it(`finds nothing serious or critical: ${name} (${path || '/'})`, async () => {
          const { page, close } = await openPage(browser, server.url, { colorScheme });
          await page.goto(server.url + path);
          await ready?.(page);
          // Collapsed parts open, so their text is checked too.
          await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
          const violations = await axeViolations(page);
          if (name === 'home') await screenshot(page, `home-${colorScheme}`, true);
          expect(violations, violations.join('\n')).toEqual([]);
          await close();
        });
      }
    });
  }
});
