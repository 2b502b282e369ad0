import { mkdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareSnapshots } from '../../harness/site-build.ts';
import type { ImpactSummary } from '../../src/index.ts';
import { mirrorAvailable, repoRoot } from '../../harness/paths.ts';
import { runCli } from '../../harness/run-cli.ts';

/**
 * Issue 26, point 4: one count everywhere. For one real pair, every view's number is taken
 * from what the view renders (site/lib: the pair page, the diff pages, the triage, the
 * checklists, the badge, the since view, the timeline, the feed, the home page) and from
 * what the CLI prints (text, JSON, Markdown), and they must be equal.
 */
const OLD = '2025-11-25';
const NEW = '2026-07-28';
const PAGE = 'client/elicitation';
const dir = join(repoRoot, '.cache/test-counts');

type Site = {
  pairView: typeof import('../../site/lib/pair-view.ts').pairView;
  diffPage: typeof import('../../site/lib/diff-page.ts').diffPage;
  pageJson: typeof import('../../site/lib/reports.ts').pageJson;
  pairJson: typeof import('../../site/lib/reports.ts').pairJson;
  siteBadge: typeof import('../../site/lib/badges.ts').siteBadge;
  sinceView: typeof import('../../site/lib/since.ts').sinceView;
  latestStepView: typeof import('../../site/lib/home.ts').latestStepView;
  lineageOf: typeof import('../../site/lib/timeline.ts').lineageOf;
  timelineOf: typeof import('../../site/lib/timeline.ts').timelineOf;
  pageFeed: typeof import('../../site/lib/feeds.ts').pageFeed;
  findPair: typeof import('../../site/lib/spec.ts').findPair;
};

const total = (s: ImpactSummary) => s.breaking + s['opt-in'] + s['non-breaking'] + s.editorial;
const sum = (list: ImpactSummary[]): ImpactSummary => ({
  breaking: list.reduce((n, s) => n + s.breaking, 0),
  'opt-in': list.reduce((n, s) => n + s['opt-in'], 0),
  'non-breaking': list.reduce((n, s) => n + s['non-breaking'], 0),
  editorial: list.reduce((n, s) => n + s.editorial, 0),
});

describe(`one count everywhere: ${OLD} → ${NEW}`, () => {
  let site: Site;
  let snapshots: string;
  let cli: { summary: { impact: ImpactSummary }; grouped: { id: string; impact: string; page: string; informative?: boolean }[] };

  beforeAll(async () => {
    // Needs the upstream mirror (../shared/mcp-spec): fails without it rather than passing unchecked.
    expect(mirrorAvailable(), 'the spec mirror ../shared/mcp-spec is needed').toBe(true);
    rmSync(join(dir, 'snapshots'), { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    snapshots = await prepareSnapshots(join(dir, 'snapshots'), { hostile: false });
    process.env['SPECDELTA_ROOT'] = repoRoot;
    process.env['SPECDELTA_SNAPSHOTS'] = snapshots;
    process.env['SPECDELTA_SITE_CACHE_DIR'] = join(dir, 'cache');
    const [pairView, diffPage, reports, badges, since, home, timeline, feeds, spec] = await Promise.all([
      import('../../site/lib/pair-view.ts'), import('../../site/lib/diff-page.ts'), import('../../site/lib/reports.ts'), import('../../site/lib/badges.ts'),
      import('../../site/lib/since.ts'), import('../../site/lib/home.ts'), import('../../site/lib/timeline.ts'), import('../../site/lib/feeds.ts'), import('../../site/lib/spec.ts'),
    ]);
    site = {
      pairView: pairView.pairView, diffPage: diffPage.diffPage, pageJson: reports.pageJson, pairJson: reports.pairJson, siteBadge: badges.siteBadge,
      sinceView: since.sinceView, latestStepView: home.latestStepView, lineageOf: timeline.lineageOf, timelineOf: timeline.timelineOf, pageFeed: feeds.pageFeed, findPair: spec.findPair,
    };
    const json = await runCli(['diff', OLD, NEW, '--format', 'json', '--snapshots', snapshots]);
    expect(json.code, json.stderr).toBe(0);
    cli = JSON.parse(json.stdout);
  }, 600_000);

  it('the CLI says the same headline in text, JSON and Markdown', async () => {
    const { impact } = cli.summary;
    expect(total(impact)).toBeGreaterThan(100);
    const text = await runCli(['diff', OLD, NEW, '--snapshots', snapshots, '--no-color']);
    expect(text.stdout.split('\n')[1]).toMatch(new RegExp(`^${impact.breaking} breaking, ${impact['opt-in']} opt-in, ${impact['non-breaking']} non-breaking, ${impact.editorial} editorial changes \\(`));
    const markdown = await runCli(['diff', OLD, NEW, '--snapshots', snapshots, '--format', 'markdown']);
    expect(markdown.stdout).toContain(`| ${impact.breaking} | ${impact['opt-in']} | ${impact['non-breaking']} | ${impact.editorial} |`);
    // The counted changes are exactly the ones the JSON lists as not informative.
    expect(cli.grouped.filter((c) => !c.informative).length).toBe(total(impact));
  }, 300_000);

  it('the pair page shows that headline, and its rows (one per page, each change on its home page) add up to it', async () => {
    const view = await site.pairView(site.findPair(OLD, NEW));
    expect(view.headline).toEqual(cli.summary.impact);
    expect(sum([...view.rows.map((r) => r.impact), ...(view.schemaRow ? [view.schemaRow] : [])])).toEqual(cli.summary.impact);
    // The pair's JSON on the site is the CLI's, grouped changes and all.
    const published = JSON.parse(await site.pairJson(site.findPair(OLD, NEW)));
    expect(published.summary).toEqual(cli.summary);
    expect(published.grouped).toEqual(cli.grouped);
  }, 300_000);

  it('each diff page counts what its row on the pair page counts', async () => {
    const view = await site.pairView(site.findPair(OLD, NEW));
    for (const row of view.rows) {
      const page = await site.diffPage(OLD, NEW, row.page.key);
      expect(page.report.summary.impact, row.page.key).toEqual(row.impact);
      // The list a diff page shows under "Changes (N)" holds exactly the changes it counts (and the informative ones, shown apart).
      expect(page.sections.flatMap((s) => s.changes).filter((c) => !c.informative).length, row.page.key).toBe(total(row.impact));
      expect(page.report.changes.length, row.page.key).toBe(row.records);
    }
  }, 300_000);

  it(`a page's JSON is what \`specdelta diff ${OLD}:${PAGE} ${NEW}:${PAGE} --format json\` prints, and its row counts what that prints`, async () => {
    const result = await runCli(['diff', `${OLD}:${PAGE}`, `${NEW}:${PAGE}`, '--format', 'json', '--snapshots', snapshots]);
    expect(result.code, result.stderr).toBe(0);
    const printed = JSON.parse(result.stdout);
    const published = JSON.parse(await site.pageJson(site.findPair(OLD, NEW), (await site.diffPage(OLD, NEW, PAGE)).page));
    // Each side's `source` is where it was read: the CLI prints the path it was given, the site the snapshot folder's name.
    for (const side of ['old', 'new'] as const) {
      expect(published[side].source).toBe(`${relative(repoRoot, snapshots)}/${side === 'old' ? OLD : NEW}/${PAGE}.mdx`);
      delete printed[side].source;
      delete published[side].source;
    }
    expect(published).toEqual(printed);
    const row = (await site.pairView(site.findPair(OLD, NEW))).rows.find((r) => r.page.key === PAGE)!;
    expect(printed.summary.impact).toEqual(row.impact);
  }, 300_000);

  it('the triage lists the headline\'s breaking changes, and each party\'s checklist its own and the shared ones', async () => {
    const view = await site.pairView(site.findPair(OLD, NEW));
    const triaged = view.triage.flatMap((g) => g.changes);
    expect(triaged.length).toBe(cli.summary.impact.breaking);
    expect(new Set(triaged.map((c) => c.id)).size).toBe(new Set(cli.grouped.filter((c) => c.impact === 'breaking' && !c.informative).map((c) => c.id)).size);
    expect(view.parties).toEqual(['client', 'server']);
    const shared = view.triage.find((g) => g.role === null)?.changes.length ?? 0;
    const count = (role: string) => (view.checklists.get(role) ?? []).reduce((n, g) => n + g.changes.length, 0);
    expect(count('client') + count('server') - shared).toBe(cli.summary.impact.breaking);
    for (const role of view.parties) expect(count(role)).toBe((view.triage.find((g) => g.role === role)?.changes.length ?? 0) + shared);
    // Each diff page's triage is its own breaking changes: together, the pair's.
    let perPage = 0;
    for (const row of view.rows) perPage += (await site.diffPage(OLD, NEW, row.page.key)).sections.flatMap((s) => s.changes).filter((c) => c.impact === 'breaking' && !c.informative).length;
    expect(perPage).toBe(cli.summary.impact.breaking);
  }, 300_000);

  it('the badge, the "since" view, the timeline and the feed of a page say its row\'s numbers; the home page says the pair\'s', async () => {
    const pair = site.findPair(OLD, NEW);
    const view = await site.pairView(pair);
    const row = view.rows.find((r) => r.page.key === PAGE)!;
    const since = await site.sinceView(OLD, PAGE);
    expect(since.steps.map((s) => `${s.old}→${s.new}`)).toEqual([`${OLD}→${NEW}`]);
    expect(since.impact).toEqual(row.impact);
    const badge = await site.siteBadge(OLD, PAGE, (path) => `/${path}`);
    expect(badge.badge.message).toBe(`${OLD} · 1 revision behind · ${row.impact.breaking} breaking since`);
    expect(badge.link).toBe(`/since/${OLD}/${PAGE}/`);
    const latest = await site.siteBadge(NEW, PAGE, (path) => `/${path}`);
    expect(latest.badge.message).toBe(`${NEW} · latest`);
    const timeline = await site.timelineOf(site.lineageOf(PAGE)!);
    expect(timeline.steps.find((s) => s.pair.old === OLD && s.pair.new === NEW)!.impact).toEqual(row.impact);
    const feed = await site.pageFeed(PAGE, (path) => `/${path}`);
    expect(feed.entries.find((e) => e.title === `${PAGE}: ${OLD} → ${NEW}`)!.summary).toContain(`${total(row.impact)} changes (${row.impact.breaking} breaking, ${row.impact['opt-in']} opt-in, ${row.impact['non-breaking']} non-breaking, ${row.impact.editorial} editorial)`);
    const home = (await site.latestStepView())!;
    expect(home.pair).toMatchObject({ old: OLD, new: NEW });
    expect(home.impact).toEqual(cli.summary.impact);
    expect(sum(home.sections.filter((s) => s.kind !== 'informative').map((s) => ({ breaking: s.changes.filter((c) => c.impact === 'breaking').length, 'opt-in': s.changes.filter((c) => c.impact === 'opt-in').length, 'non-breaking': s.changes.filter((c) => c.impact === 'non-breaking').length, editorial: s.changes.filter((c) => c.impact === 'editorial').length })))).toEqual(cli.summary.impact);
    for (const role of view.parties) expect(home.view.checklists.get(role)).toEqual(view.checklists.get(role));
  }, 300_000);
});
