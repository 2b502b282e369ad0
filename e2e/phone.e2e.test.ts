import { describe, expect, it } from 'vitest';
import { PAGE_KINDS, browserSkipReason, openPage, screenshot, siteSuite } from './helpers/index.ts';

const skip = browserSkipReason();

/**
 * On a phone (390 px) no page scrolls sideways as a whole: wide code, tables and snippets
 * scroll or wrap inside their own box. Every kind of page, at its widest (collapsed parts
 * opened, the check tool's result shown).
 */
describe.skipIf(skip !== null)('a phone-sized screen', () => {
  const site = siteSuite();

  it('never scrolls a page sideways', async () => {
    const { page, errors, close } = await openPage(site.browser, site.server.url, { viewport: { width: 390, height: 844 } });
    const wide: string[] = [];
    for (const kind of PAGE_KINDS) {
      await page.goto(site.server.url + kind.path);
      await kind.ready?.(page);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 390) wide.push(`${kind.name} (${kind.path}): ${width} px`);
      await screenshot(page, `phone-${kind.name.replace(/\s+/g, '-')}`);
    }
    expect(wide).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  it('scrolls a wide code block inside its own box, with nothing cut off', async () => {
    const { page, close } = await openPage(site.browser, site.server.url, { viewport: { width: 390, height: 844 } });
    await page.goto(`${site.server.url}rev/2026-07-28/schema/`);
    const boxes = await page.$$eval('.prose pre', (els) => els.map((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, overflow: getComputedStyle(el).overflowX })));
    const wideOnes = boxes.filter((b) => b.scroll > b.client);
    expect(wideOnes.length).toBeGreaterThan(0);
    for (const box of wideOnes) expect(box.overflow).toBe('auto');
    await close();
  });
});
