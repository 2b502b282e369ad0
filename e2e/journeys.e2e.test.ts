import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { parsePage } from '../src/site-entry.ts';
import { findAll, parseXml } from '../test/badge/svg.ts';
import { runCli } from '../harness/run-cli.ts';
import { browserSkipReason, e2eSnapshotsDir, ensureSiteBuilt, openPage, screenshot, siteSuite } from './helpers/index.ts';

/**
 * Issue 29: a reader's journeys. What changed (the home page), one feature's story (its
 * timeline), what changed since the revision a text was written for (the "since" view its
 * badge links to), since when each rule holds (the revision pages' marks), and search that
 * finds the spec first. Each is opened as a reader would, at phone and desktop width.
 */
const PAGE = 'client/elicitation';
const [OLDEST, PREVIOUS, LATEST] = ['2025-06-18', '2025-11-25', '2026-07-28'];

type Impact = 'breaking' | 'opt-in' | 'non-breaking' | 'editorial';
interface Report {
  summary: { impact: Record<Impact, number> };
  grouped: { id: string; title: string; impact: Impact; page: string; records: string[]; roles: string[]; informative?: boolean; changelog: { section: string; number: number } | null }[];
}

const countsOn = (page: Page, selector: string) => page.$$eval(`${selector} li[data-impact]`, (lis) => Object.fromEntries(lis.map((li) => [(li as HTMLElement).dataset['impact'], Number((li as HTMLElement).dataset['count'])])));

/** Both widths a reader has: a phone and a desktop window. */
async function atBothWidths(page: Page, name: string, check?: () => Promise<void>): Promise<void> {
  for (const [width, height, tag] of [[390, 844, 'phone'], [1280, 800, 'desktop']] as const) {
    await page.setViewportSize({ width, height });
    await page.reload();
    // Nothing scrolls sideways at either width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth + 1), `${name} at ${width}px`).toBe(true);
    await check?.();
    await screenshot(page, `${name}-${tag}`);
  }
}

describe.skipIf(browserSkipReason() !== null)('readers\' journeys', () => {
  const site = siteSuite();
  let dist: string;
  let latestStep: Report;
  beforeAll(async () => {
    dist = await ensureSiteBuilt();
    latestStep = JSON.parse(readFileSync(join(dist, `diff/${PREVIOUS}/${LATEST}.json`), 'utf8'));
  });

  it('the home page says what changed: the latest revision, the draft, the latest step by changelog item, the checklists, the pages that changed most', async () => {
    const { page, errors, close } = await openPage(site.browser, site.server.url);
    await page.goto(site.server.url);
    expect(await page.textContent('#sd-status')).toMatch(new RegExp(`The latest revision is ${LATEST}.*draft`, 's'));
    expect(await page.textContent('#sd-latest-h')).toBe(`What changed in ${LATEST} (since ${PREVIOUS})`);
    expect(await countsOn(page, '#sd-latest > .headline')).toEqual(latestStep.summary.impact);
    // The changelog's items, each with its changes counted by impact, and the changes no item
    // announces: together, every change of the step, each once. (The pair's JSON is the CLI's
    // without --changelog, so it names no item; the split itself is the site's reading.)
    const countOf = (kind: string) => page.$$eval(`#sd-latest .home-item[data-kind="${kind}"]`, (els) => els.map((el) => [...el.querySelectorAll('.counts li')].reduce((n, li) => n + Number((li as HTMLElement).dataset['count']), 0)));
    const announced = await countOf('announced');
    expect(announced.length).toBeGreaterThan(0);
    expect(announced.every((n) => n > 0)).toBe(true);
    const unannounced = await countOf('unannounced');
    expect([...announced, ...unannounced].reduce((a, b) => a + b, 0)).toBe(latestStep.grouped.filter((c) => !c.informative).length);
    expect(await page.$$eval('#sd-latest .home-item h3', (hs) => hs.some((h) => h.textContent?.includes('`')))).toBe(false);
    // Checklists for clients and for servers, each landing on its checklist.
    const checklists = await page.$$eval('#sd-home-checklists a', (as) => as.map((a) => (a as HTMLAnchorElement).getAttribute('href')));
    expect(checklists).toEqual([`/migrate/${PREVIOUS}/${LATEST}/client/`, `/migrate/${PREVIOUS}/${LATEST}/server/`]);
    // The timelines of the pages that changed most.
    const timelines = await page.$$eval('.most-changed a', (as) => as.map((a) => (a as HTMLAnchorElement).getAttribute('href')));
    expect(timelines.length).toBeGreaterThan(3);
    expect(timelines).toContain(`/feature/${PAGE}/`);
    await atBothWidths(page, 'journey-home');
    expect(errors).toEqual([]);
    await close();
  });

  it('a timeline tells one page\'s story: every revision it is in, each step\'s changes by changelog item, where it stands now', async () => {
    const { page, errors, close } = await openPage(site.browser, site.server.url);
    await page.goto(`${site.server.url}feature/${PAGE}/`);
    expect(await page.textContent('h1')).toContain('Elicitation: timeline');
    expect(await page.$eval('.standing-list li[data-standing="latest"]', (li) => li.textContent)).toContain(`In the latest revision, ${LATEST}`);
    const revisions = await page.$$eval('.standing p a', (as) => as.map((a) => a.textContent));
    expect(revisions).toEqual([OLDEST, PREVIOUS, LATEST, 'draft']);
    // Each step, newest first, links to its side-by-side diff and counts what that diff counts.
    const steps = await page.$$eval('.steps > .step', (els) => els.map((el) => ({ id: el.id, href: el.querySelector('h2 a')!.getAttribute('href') })));
    expect(steps.map((s) => s.id)).toEqual([`step-${LATEST}-draft`, `step-${PREVIOUS}-${LATEST}`, `step-${OLDEST}-${PREVIOUS}`, `step-2025-03-26-${OLDEST}`]);
    const pageReport = JSON.parse(readFileSync(join(dist, `diff/${PREVIOUS}/${LATEST}/${PAGE}.json`), 'utf8')) as Report;
    expect(await countsOn(page, `#step-${PREVIOUS}-${LATEST} > .headline`)).toEqual(pageReport.summary.impact);
    expect(steps[1]!.href).toBe(`/diff/${PREVIOUS}/${LATEST}/${PAGE}/`);
    // Grouped by the changelog's items first.
    const groups = await page.$$eval(`#step-${PREVIOUS}-${LATEST} .step-group h3`, (hs) => hs.map((h) => h.textContent ?? ''));
    expect(groups[0]).toMatch(/^Changelog, /);
    expect(groups.at(-1)).toMatch(/^(Changelog, |Not in the changelog)/);
    const listed = await page.$$eval(`#step-${PREVIOUS}-${LATEST} li.change`, (lis) => lis.map((li) => (li as HTMLElement).dataset['change']));
    expect(listed.sort()).toEqual(pageReport.grouped.filter((c) => c.page === PAGE).map((c) => c.id).sort());
    await atBothWidths(page, 'journey-timeline');
    expect(errors).toEqual([]);
    await close();
  });

  it(`a badge says how far behind its revision is and links to the "since" view, which lists every change since, each once, with its checklist`, async () => {
    const svg = parseXml(readFileSync(join(dist, `badge/${OLDEST}/${PAGE}.svg`), 'utf8'));
    const message = findAll(svg, 'text').map((t) => t.text)[3]!;
    const link = findAll(svg, 'a')[0]!.attributes['href']!;
    expect(link).toBe(`/since/${OLDEST}/${PAGE}/`);
    const cli = await runCli(['diff', `${OLDEST}:${PAGE}`, `${LATEST}:${PAGE}`, '--format', 'json', '--snapshots', e2eSnapshotsDir]);
    expect(cli.code, cli.stderr).toBe(0);
    const since = JSON.parse(cli.stdout) as Report;
    expect(message).toBe(`${OLDEST} · 2 revisions behind · ${since.summary.impact.breaking} breaking since`);

    const { page, errors, close } = await openPage(site.browser, site.server.url);
    const response = await page.goto(`${site.server.url}${link.slice(1)}`);
    expect(response?.status()).toBe(200);
    expect(await page.textContent('h1')).toBe(`${PAGE} since ${OLDEST}`);
    expect(await page.textContent('.since-head .status')).toBe('2 revisions behind');
    // The numbers are those of the two revisions compared in one go, as the CLI compares them.
    expect(await countsOn(page, '.since-head .headline')).toEqual(since.summary.impact);
    const listed = await page.$$eval('#sd-since-changes-h ~ .step-group li.change', (lis) => lis.map((li) => (li as HTMLElement).dataset['change']));
    const counted = since.grouped.filter((c) => c.page === PAGE && !c.informative);
    expect(listed.sort()).toEqual(counted.map((c) => c.id).sort());
    expect(new Set(listed).size).toBe(listed.length);
    // Each change says the step that made it, when one did.
    const made = await page.$$eval('#sd-since-changes-h ~ .step-group h3', (hs) => hs.map((h) => h.textContent ?? ''));
    expect(made).toContain(`Made in ${PREVIOUS} → ${LATEST}`);
    expect(made).toContain(`Made in ${OLDEST} → ${PREVIOUS}`);
    // A checklist per party: its breaking changes and those for every side.
    for (const role of ['client', 'server']) {
      const boxes = await page.$$eval(`#sd-checklist-${role} input[type="checkbox"]`, (els) => els.length);
      expect(boxes, role).toBe(counted.filter((c) => c.impact === 'breaking' && (c.roles.length !== 1 || c.roles[0] === role)).length);
    }
    await atBothWidths(page, 'journey-since');

    // The latest revision's badge says so, and its "since" view says nothing changed yet.
    const latest = parseXml(readFileSync(join(dist, `badge/${LATEST}/${PAGE}.svg`), 'utf8'));
    expect(findAll(latest, 'text').map((t) => t.text)[3]).toBe(`${LATEST} · latest`);
    await page.goto(`${site.server.url}${findAll(latest, 'a')[0]!.attributes['href']!.slice(1)}`);
    expect(await page.textContent('.since-head')).toContain(`${LATEST} is the latest revision: nothing has changed`);

    // A comparison with a revision that was the latest once (linked by older badges) still answers, and says where its changes are now.
    const retired = await page.goto(`${site.server.url}diff/2025-03-26/${PREVIOUS}/server/tools/`);
    expect(retired?.status()).toBe(200);
    const ways = await page.$$eval('[data-retired] a', (as) => as.map((a) => a.getAttribute('href')));
    expect(ways).toEqual([`/diff/2025-03-26/${OLDEST}/server/tools/`, `/diff/${OLDEST}/${PREVIOUS}/server/tools/`, '/since/2025-03-26/server/tools/', '/feature/server/tools/']);
    expect(errors).toEqual([]);
    await close();
  });

  it('a revision page shows, beside every rule and method, the revision that introduced it and the one that last changed it, linked to that step', async () => {
    const { page, errors, close } = await openPage(site.browser, site.server.url);
    await page.goto(`${site.server.url}rev/${LATEST}/${PAGE}/`);
    const doc = parsePage(readFileSync(join(e2eSnapshotsDir, LATEST, `${PAGE}.mdx`), 'utf8'));
    const marks = await page.$$eval('article .sw', (els) => els.map((el) => ({ text: el.textContent ?? '', links: [...el.querySelectorAll('a')].map((a) => a.getAttribute('href')!) })));
    expect(marks.length).toBeGreaterThanOrEqual(doc.rules.length);
    for (const mark of marks) expect(mark.text).toMatch(/since \d{4}-\d{2}-\d{2}( · changed \d{4}-\d{2}-\d{2})?$/);
    // A rule URL mode brought in 2025-11-25, and one the first elicitation page had, reworded since.
    const rule = (words: string) => page.$eval(`xpath=//article//li[contains(., "${words}")]`, (li) => li.querySelector('.sw')?.textContent ?? '');
    expect(await rule('Servers MUST use URL mode for interactions')).toContain(`since ${PREVIOUS}`);
    expect(await rule('Respect user privacy and provide clear decline')).toContain(`since ${OLDEST}`);
    // Every link of a mark lands on its step's record (or diff page), on a page the site has.
    const links = [...new Set(marks.flatMap((m) => m.links))].slice(0, 25);
    expect(links.length).toBeGreaterThan(5);
    for (const href of links) {
      const [path, hash] = href.split('#');
      const html = readFileSync(join(dist, path!, 'index.html'), 'utf8');
      if (hash) expect(html.includes(`id="${hash}"`) || html.includes(`#${hash}"`), href).toBe(true);
    }
    await atBothWidths(page, 'journey-since-when', async () => {
      await page.locator('article .sw').first().scrollIntoViewIfNeeded();
    });
    expect(errors).toEqual([]);
    await close();
  });

  it('searching a feature\'s name finds its page and its timeline first; a field\'s name finds the change of that field before its rewordings', async () => {
    const { page, errors, close } = await openPage(site.browser, site.server.url);
    const top = async (q: string) => {
      await page.goto(`${site.server.url}search/?q=${q}`);
      await page.waitForSelector('#sd-search-results > li', { timeout: 30_000 });
      return page.$$eval('#sd-search-results > li', (lis) => lis.map((li) => ({ href: li.querySelector('a')!.getAttribute('href')!, where: li.querySelector('.search-where')?.textContent ?? '', title: li.querySelector('a')?.textContent ?? '' })));
    };
    const feature = await top('elicitation');
    expect(feature.slice(0, 3).map((r) => r.href)).toEqual(expect.arrayContaining([`/rev/${LATEST}/${PAGE}/`, `/feature/${PAGE}/`]));
    await atBothWidths(page, 'journey-search');
    const field = await top('requestedSchema');
    const first = field.findIndex((r) => /requestedSchema/.test(r.title) && !/^Editorial/.test(r.where));
    const rewording = field.findIndex((r) => /^Editorial/.test(r.where));
    expect(first).toBe(0);
    if (rewording >= 0) expect(rewording).toBeGreaterThan(first);
    expect(errors).toEqual([]);
    await close();
  });

  it('every link of every checklist lands on an anchor that exists', async () => {
    const files = [
      ...['client', 'server'].map((role) => `migrate/${PREVIOUS}/${LATEST}/${role}`),
      ...['client', 'server'].map((role) => `migrate/${OLDEST}/${LATEST}/${role}`),
      `since/${OLDEST}/${PAGE}`,
    ];
    let checked = 0;
    for (const file of files) {
      const html = readFileSync(join(dist, file, 'index.html'), 'utf8');
      const links = [...html.matchAll(/<form class="checklist"[\s\S]*?<\/form>/g)].flatMap((form) => [...form[0].matchAll(/href="([^"#]+)#([^"]+)"/g)].map((m) => [m[1]!, m[2]!] as const));
      expect(links.length, file).toBeGreaterThan(0);
      for (const [path, anchor] of links) {
        const target = readFileSync(join(dist, path, 'index.html'), 'utf8');
        expect(target.includes(`id="${anchor}"`), `${file}: ${path}#${anchor}`).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('a page split into sub-pages shows its text as moved, on both sides; inserted code keeps its underscores visible', async () => {
    const { page, errors, close } = await openPage(site.browser, site.server.url);
    // The sub-page is compared with the section it came from: most of its text is the same, not new.
    await page.goto(`${site.server.url}diff/${PREVIOUS}/${LATEST}/basic/authorization/client-registration/`);
    expect(await page.textContent('.page-head')).toContain('split off basic/authorization');
    const rows = await page.$$eval('.row', (els) => els.map((el) => el.className));
    expect(rows.filter((c) => !/row-added/.test(c)).length).toBeGreaterThan(rows.length / 2);
    // The page it left shows the section as moved there, not as deleted.
    await page.goto(`${site.server.url}diff/${PREVIOUS}/${LATEST}/basic/authorization/`);
    const moved = await page.$$eval('.sec-head .tag a', (as) => as.map((a) => a.getAttribute('href')));
    expect(moved).toContain(`/diff/${PREVIOUS}/${LATEST}/basic/authorization/client-registration/`);
    expect(await page.$$eval('.row-moved del', (els) => els.length)).toBe(0);
    await screenshot(page, 'journey-split-moved');
    // An inserted `_meta` keeps its underscore above the underline.
    const offset = await page.evaluate(() => {
      const ins = document.createElement('ins');
      document.body.append(ins);
      const value = getComputedStyle(ins).textUnderlineOffset;
      ins.remove();
      return parseFloat(value);
    });
    expect(offset).toBeGreaterThan(2);
    expect(errors).toEqual([]);
    await close();
  });
});
