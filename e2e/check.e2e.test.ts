import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../harness/run-cli.ts';
import { readFileSync } from 'node:fs';
import { corpusDir, corpusLabels, detectFixtures, expectations } from '../harness/detect-corpus.ts';
import { realDir, realLabels } from '../harness/real-corpus.ts';
import { browserSkipReason, e2eSnapshotsDir, ensureSiteBuilt, launchBrowser, openPage, screenshot, serveDist, type DistServer, type WatchedPage } from './helpers/index.ts';

const skip = browserSkipReason();

/**
 * The "check a page" tool runs the detector in the browser, with the fingerprints the site
 * publishes; `specdelta which` runs it in Node, building the fingerprints from the same
 * snapshots. On every fixture text they must give the same answer.
 */
describe.skipIf(skip !== null)('check a page: the browser agrees with `specdelta which`', () => {
  let server: DistServer;
  let browser: Browser;
  let watched: WatchedPage;

  beforeAll(async () => {
    server = await serveDist(await ensureSiteBuilt());
    browser = await launchBrowser();
    watched = await openPage(browser, server.url);
    await watched.page.goto(new URL('check/', server.url).href);
    await watched.page.waitForSelector('body[data-fingerprints="ready"]', { timeout: 30_000 });
  });

  afterAll(async () => {
    await watched?.close();
    await browser?.close();
    await server?.close();
  });

  /** Pastes a text, presses Check, and reads the JSON the page shows. */
  async function checkInBrowser(text: string): Promise<Record<string, unknown>> {
    const { page } = watched;
    const before = Number((await page.getAttribute('body', 'data-checked')) ?? '0');
    await page.fill('#sd-check-input', text);
    await page.click('#sd-check-run');
    await page.waitForFunction((n) => Number(document.body.dataset['checked'] ?? '0') > n, before);
    return JSON.parse((await page.textContent('#sd-check-json')) ?? 'null') as Record<string, unknown>;
  }

  it('uses the fingerprints the CLI builds from the same snapshots', async () => {
    const published = (await (await fetch(new URL('check/fingerprints.json', server.url))).json()) as { source: { digest: string } };
    const cli = await runCli(['which', join(detectFixtures, 'no-elicitation.md'), '--format', 'json', '--snapshots', e2eSnapshotsDir]);
    expect(cli.code).toBe(0);
    expect(published.source.digest).toBe(JSON.parse(cli.stdout).fingerprints.digest);
  });

  /** Every fixture text, every text of the labelled corpus and of the real-text corpus. */
  const texts = [...expectations().map(([name]) => join(detectFixtures, name)), ...corpusLabels().map(([name]) => join(corpusDir, name)), ...realLabels().map(([name]) => join(realDir, name))];

  it.each(texts.map((path) => [path.slice(detectFixtures.length + 1), path]))('%s', async (name, path) => {
    const browserResult = await checkInBrowser(readFileSync(path, 'utf8'));
    const cli = await runCli(['which', path, '--format', 'json', '--snapshots', e2eSnapshotsDir]);
    expect(cli.code).toBe(0);
    const cliResult = JSON.parse(cli.stdout) as Record<string, unknown>;
    for (const key of ['revision', 'revisions', 'confidence', 'evidence', 'outdated', 'compatible', 'background', 'alsoValid', 'runnerUp', 'decidedBy', 'explanation', 'steps', 'eras']) {
      expect(browserResult[key], `${name}: ${key}`).toEqual(cliResult[key]);
    }
    expect((browserResult['input'] as { kind: string }).kind).toBe((cliResult['input'] as { kind: string }).kind);
    // And the page says it in words.
    const headline = await watched.page.textContent('#sd-check-headline');
    const revision = cliResult['revision'];
    expect(headline).toMatch(revision === null ? /No MCP revision recognised/ : revision === 'mixed' ? /^Mixed: / : new RegExp(`^Teaches MCP ${String(revision)} `));
  });

  it('shows the result readably, and runs without errors', async () => {
    await checkInBrowser(readFileSync(join(detectFixtures, 'elicitation-2025-11-25.md'), 'utf8'));
    const { page } = watched;
    expect(await page.isVisible('#sd-check-evidence-box')).toBe(true);
    expect(await page.isVisible('#sd-check-outdated-box')).toBe(true);
    expect(await page.locator('#sd-check-evidence tr').count()).toBeGreaterThan(3);
    expect(await page.textContent('#sd-check-outdated')).toContain('elicitationId, removed in 2026-07-28');
    await screenshot(page, 'check-2025-11-25', true);
    expect(watched.errors).toEqual([]);
    expect(watched.dialogs).toEqual([]);
  });

  it('explains its confidence as the CLI does, and links each outdated name to the change record that removed it', async () => {
    const path = join(detectFixtures, 'elicitation-2025-11-25.md');
    const result = await checkInBrowser(readFileSync(path, 'utf8'));
    const { page } = watched;
    const cli = await runCli(['which', path, '--snapshots', e2eSnapshotsDir, '--no-color']);
    // The explanation and the "decided by" title and lines are the CLI's sentences.
    const explanation = (await page.textContent('#sd-check-explanation'))!;
    expect(explanation.length).toBeGreaterThan(40);
    expect(cli.stdout).toContain(explanation);
    expect(result['runnerUp']).not.toBeNull();
    expect(cli.stdout).toContain(`${await page.textContent('#sd-check-decided-h')}:`);
    expect(await page.locator('#sd-check-decided li').count()).toBe((result['decidedBy'] as unknown[]).length);

    const links = await page.$$eval('#sd-check-outdated li', (items) => items.map((li) => ({ text: li.textContent ?? '', href: li.querySelector('a')?.getAttribute('href') ?? null })));
    expect(links.length).toBe((result['outdated'] as unknown[]).length);
    const removed = links.find((l) => l.text.includes('elicitationId, removed in 2026-07-28'))!;
    // The record the pair's report has for it: on its diff page, or (the schema's own) on the pair page.
    expect(removed.href).toMatch(/^\/diff\/2025-11-25\/2026-07-28\/(client\/elicitation\/)?#c-[0-9a-f]{12}$/);
    // Every exact link resolves to an element of its diff page; the removed field's record names it.
    const exact = links.filter((l) => l.href?.includes('#'));
    expect(exact.length).toBeGreaterThan(links.length / 2);
    const other = await watched.page.context().newPage();
    for (const { href } of exact) {
      await other.goto(new URL(href!, server.url).href);
      const id = decodeURIComponent(new URL(href!, server.url).hash.slice(1));
      expect(await other.locator(`[id="${id}"]`).count(), href!).toBe(1);
      if (href === removed.href) expect(await other.locator(`[id="${id}"]`).textContent()).toContain('elicitationId');
    }
    await other.close();
    await page.locator('#sd-check-outdated-box').scrollIntoViewIfNeeded();
    await screenshot(page, 'check-outdated-links');
    await page.click(`#sd-check-outdated a[href="${removed.href}"]`);
    await page.waitForURL((url) => url.hash.length > 1);
    expect(await page.evaluate(() => document.querySelector(':target')?.id)).toBe(removed.href!.split('#')[1]);
    await page.goto(new URL('check/', server.url).href);
    await page.waitForSelector('body[data-fingerprints="ready"]', { timeout: 30_000 });
  });

  it('publishes a removal record for every marker a released revision removed, each resolving to an id on its diff page', async () => {
    const dist = await ensureSiteBuilt();
    const links = JSON.parse(readFileSync(join(dist, 'check/records.json'), 'utf8')) as Record<string, { url: string; label: string; exact: boolean }>;
    const data = JSON.parse(readFileSync(join(dist, 'check/fingerprints.json'), 'utf8')) as { revisions: { id: string; status: string }[]; markers: { key: string; span: string[] }[] };
    const ids = data.revisions.map((r) => r.id);
    const removed = data.markers.filter((m) => ids[ids.indexOf(m.span.at(-1)!) + 1] !== undefined);
    expect(Object.keys(links).sort()).toEqual(removed.map((m) => m.key).sort());
    const exact = Object.values(links).filter((l) => l.exact);
    expect(exact.length).toBeGreaterThan(0.9 * removed.length);
    const pages = new Map<string, string>();
    for (const link of Object.values(links)) {
      const [path, fragment] = link.url.split('#');
      const html = pages.get(path!) ?? readFileSync(join(dist, path!, 'index.html'), 'utf8');
      pages.set(path!, html);
      expect(fragment === undefined, link.url).toBe(!link.exact);
      if (fragment) expect(html, link.url).toContain(`id="${fragment}"`);
    }
  });

  it('treats pasted text as text: markup in it never runs', async () => {
    const hostile = '<img src=x onerror="alert(1)"><script>alert(2)</script>\n\n# `<b>elicitationId</b>`\n\nUse `elicitationId`.\n';
    await checkInBrowser(hostile);
    expect(watched.dialogs).toEqual([]);
    expect(await watched.page.locator('#sd-check-result img, #sd-check-result script, #sd-check-result b').count()).toBe(0);
  });
});
