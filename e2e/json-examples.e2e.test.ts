import { describe, expect, it } from 'vitest';
import { browserSkipReason, openPage, screenshot, siteSuite } from './helpers/index.ts';

const skip = browserSkipReason();

/**
 * JSON examples on diff pages are diffed as data: between 2025-11-25 and 2026-07-28 the
 * resources capability example only reorders its keys, so nothing in it is marked; "show
 * whitespace changes" swaps in the line diff, where the moved lines show as deleted and added.
 */
describe.skipIf(skip !== null)('JSON examples on a diff page', () => {
  const site = siteSuite();
  const path = 'diff/2025-11-25/2026-07-28/server/resources/';

  it('marks no re-ordered or re-indented line; the toggle shows the line diff and back', async () => {
    const { page, errors, close } = await openPage(site.browser, site.server.url);
    await page.goto(site.server.url + path);
    const toggle = page.locator('#sd-ws-toggle input');
    expect(await page.isVisible('#sd-ws-toggle')).toBe(true);
    expect(await toggle.isChecked()).toBe(false);
    const row = page.locator('.row', { has: page.locator('pre.code-struct') }).filter({ hasText: '"subscribe"' }).first();
    const marks = (selector: string) => row.locator(selector).evaluateAll((els) => els.filter((el) => (el as HTMLElement).offsetParent !== null).length);
    await row.scrollIntoViewIfNeeded();
    expect(await row.locator('pre.code-struct').first().isVisible()).toBe(true);
    expect(await marks('pre.code-struct ins, pre.code-struct del, pre.code-struct .op-ins, pre.code-struct .op-del')).toBe(0);
    expect(await row.locator('pre.code-lines').first().isVisible()).toBe(false);
    await screenshot(page, 'json-example-as-data');

    await toggle.check();
    expect(await row.locator('pre.code-struct').first().isVisible()).toBe(false);
    expect(await row.locator('pre.code-lines').first().isVisible()).toBe(true);
    expect(await marks('pre.code-lines .ln.op-del')).toBeGreaterThan(0);
    expect(await marks('pre.code-lines .ln.op-ins')).toBeGreaterThan(0);
    await screenshot(page, 'json-example-whitespace-changes');

    await toggle.uncheck();
    expect(await row.locator('pre.code-lines').first().isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await close();
  });

  it('shows the data view, without a toggle, when JavaScript is off', async () => {
    const { page, close } = await openPage(site.browser, site.server.url, { javaScriptEnabled: false });
    await page.goto(site.server.url + path);
    expect(await page.isVisible('#sd-ws-toggle')).toBe(false);
    expect(await page.locator('pre.code-struct').first().isVisible()).toBe(true);
    await close();
  });
});
