import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'cheerio';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../harness/run-cli.ts';
import { e2eSnapshotsDir, ensureSiteBuilt } from './helpers/index.ts';

/** Issue 14, point 8: the home page's "catching up" table, and the revision banner of a superseded page. */
describe('catching up with the latest revision', () => {
  let dist: string;
  let revisions: { id: string; status: string }[];

  beforeAll(async () => {
    dist = await ensureSiteBuilt();
    const listed = await runCli(['revisions', '--format', 'json', '--snapshots', e2eSnapshotsDir]);
    expect(listed.code, listed.stderr).toBe(0);
    const parsed = JSON.parse(listed.stdout) as { revisions?: { id: string; status: string }[] } | { id: string; status: string }[];
    revisions = Array.isArray(parsed) ? parsed : parsed.revisions!;
  });

  const html = (path: string) => load(readFileSync(join(dist, path, 'index.html'), 'utf8'));

  it('lists the older revisions on the home page oldest first, each linking to its comparison with the latest', () => {
    const $ = html('');
    const latest = revisions.find((r) => r.status === 'latest')!.id;
    const rows = $('#sd-catchup-h').parent().find('tbody tr').toArray().map((tr) => $(tr).find('td a').first());
    const from = rows.map((a) => a.text().split(' → ')[0]!.trim());
    const released = revisions.filter((r) => r.status === 'superseded').map((r) => r.id);
    expect(from).toEqual(released);
    expect([...from].sort()).toEqual(from);
    for (const a of rows) expect(a.attr('href')).toMatch(new RegExp(`/diff/${a.text().split(' → ')[0]!.trim()}/${latest}/$`));
  });

  it('says a superseded page is superseded by the same page in the next revision, and how many changes affect it', async () => {
    const [older, newer] = ['2025-11-25', '2026-07-28'];
    const page = 'client/elicitation';
    const $ = html(`rev/${older}/${page}/`);
    const banner = $('section.banner');
    const next = banner.find('a').filter((_, a) => $(a).text() === newer).first();
    expect(next.attr('href')).toBe(`/rev/${newer}/${page}/`);
    const cli = await runCli(['diff', `${older}:${page}`, `${newer}:${page}`, '--format', 'json', '--snapshots', e2eSnapshotsDir]);
    // The changes the page's diff counts (at home on it), as the CLI counts them for that page.
    const impact = (JSON.parse(cli.stdout) as { summary: { impact: Record<string, number> } }).summary.impact;
    const count = Object.values(impact).reduce((a, b) => a + b, 0);
    const affect = banner.find('a').filter((_, a) => /affect this page/.test($(a).parent().text())).first();
    expect(affect.text().replace(/\s+/g, ' ').trim()).toBe(`${count} changes in ${newer} affect this page`);
    expect(affect.attr('href')).toBe(`/diff/${older}/${newer}/${page}/`);
    // Both links lead to pages the site has.
    for (const href of [next.attr('href')!, affect.attr('href')!]) expect(readFileSync(join(dist, href, 'index.html'), 'utf8')).toContain('<h1');
  });
});
