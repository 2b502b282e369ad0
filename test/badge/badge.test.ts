import measure from 'anafanafo';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBadge, pageLabel, renderHtml, renderMarkdown, renderSvg, STATUS_STYLE, textWidth, type BadgeSpec } from '../../src/badge/badge.ts';
import { pageTitleOf } from '../../src/badge/title.ts';
import { badgeImagePath, changedSincePath, revisionsBehind, siteUrl } from '../../src/badge/urls.ts';
import { paths } from '../../site/lib/urls.ts';
import { runCli } from '../../harness/run-cli.ts';
import { findAll, parseXml } from './svg.ts';

const superseded: BadgeSpec = { revision: '2025-11-25', status: 'superseded', page: 'client/elicitation', pageTitle: 'Elicitation', latest: '2026-07-28', link: 'https://example.org/diff/2025-11-25/2026-07-28/client/elicitation/' };

describe('badge text and widths', () => {
  it('reads "MCP elicitation | 2025-11-25 · superseded"', () => {
    const badge = makeBadge(superseded);
    expect([badge.label, badge.message]).toEqual(['MCP elicitation', '2025-11-25 · superseded']);
    expect(badge.title).toBe('MCP elicitation: written for revision 2025-11-25, superseded by 2026-07-28. Follow the link for what changed since.');
  });

  it('measures text with anafanafo (Verdana 11px), rounded up to an odd pixel count, plus 5 px padding each side', () => {
    const badge = makeBadge(superseded);
    for (const [text, width] of [[badge.label, badge.labelTextWidth], [badge.message, badge.messageTextWidth]] as const) {
      const measured = measure(text, { font: '11px Verdana' });
      expect(width).toBeGreaterThanOrEqual(measured);
      expect(width - measured).toBeLessThan(2);
      expect(width % 2).toBe(1);
    }
    expect(badge.labelWidth).toBe(badge.labelTextWidth + 10);
    expect(badge.messageWidth).toBe(badge.messageTextWidth + 10);
    expect(badge.width).toBe(badge.labelWidth + badge.messageWidth);
    expect(textWidth('MCP elicitation')).toBeLessThan(textWidth('MCP client registration'));
  });

  it('says how far behind a superseded revision is, and "latest" when it is current', () => {
    const behind = makeBadge({ ...superseded, revision: '2025-06-18', behind: { revisions: 2, breaking: 9 } });
    expect(behind.message).toBe('2025-06-18 · 2 revisions behind · 9 breaking since');
    expect(behind.title).toBe('MCP elicitation: written for revision 2025-06-18, superseded by 2026-07-28 (2 revisions behind, 9 breaking changes since). Follow the link for what changed since.');
    expect(makeBadge({ ...superseded, behind: { revisions: 1 } }).message).toBe('2025-11-25 · 1 revision behind');
    // The latest is never behind, whatever the caller says.
    expect(makeBadge({ revision: '2026-07-28', status: 'latest', page: null, behind: { revisions: 0, breaking: 0 } }).message).toBe('2026-07-28 · latest');
  });

  it('has a colour and a word for every status', () => {
    const latest = makeBadge({ revision: '2026-07-28', status: 'latest', page: null });
    const draft = makeBadge({ revision: 'draft', status: 'draft', page: 'client/elicitation' });
    expect([latest.label, latest.message, latest.color]).toEqual(['MCP spec', '2026-07-28 · latest', STATUS_STYLE.latest.color]);
    expect(latest.title).toBe('The MCP specification: written for revision 2026-07-28, the latest revision.');
    expect([draft.message, draft.color]).toEqual(['draft · unreleased', STATUS_STYLE.draft.color]);
    expect(draft.title).toMatch(/draft revision, which is not released yet/);
    expect(new Set(Object.values(STATUS_STYLE).map((s) => s.color)).size).toBe(3);
  });

  it('names pages by their title, or by their path', () => {
    expect(pageLabel('client/elicitation', null)).toBe('elicitation');
    expect(pageLabel('basic/index', null)).toBe('basic');
    expect(pageLabel('basic/authorization/client-registration', null)).toBe('client registration');
    expect(pageLabel('basic/transports/streamable-http', 'Streamable HTTP')).toBe('Streamable HTTP');
    expect(pageTitleOf('---\ntitle: "Client Registration"\ndescription: x\n---\n# Other\n')).toBe('Client Registration');
    expect(pageTitleOf('# Just a heading\n')).toBe('Just a heading');
  });
});

describe('badge SVG', () => {
  it('is well-formed XML in the SVG namespace, with a title and a size that matches its content', () => {
    for (const spec of [superseded, { revision: '2026-07-28', status: 'latest', page: null } as BadgeSpec, { revision: 'draft', status: 'draft', page: 'server/tools' } as BadgeSpec]) {
      const badge = makeBadge(spec);
      const svg = parseXml(renderSvg(badge));
      expect(svg.name).toBe('svg');
      expect(svg.uri).toBe('http://www.w3.org/2000/svg');
      expect(svg.attributes['width']).toBe(String(badge.width));
      expect(svg.attributes['height']).toBe('20');
      expect(svg.attributes['viewBox']).toBe(`0 0 ${badge.width} 20`);
      expect(svg.attributes['role']).toBe('img');
      expect(svg.attributes['aria-label']).toBe(badge.title);
      expect(svg.children[0]?.name).toBe('title');
      expect(svg.children[0]?.text).toBe(badge.title);
      const rects = findAll(svg, 'rect');
      const background = rects.filter((r) => r.attributes['height'] === '20' && r.attributes['fill'] !== 'url(#s)' && r.attributes['rx'] === undefined);
      expect(background.map((r) => Number(r.attributes['width'])).reduce((a, b) => a + b)).toBe(badge.width);
      expect(background.map((r) => r.attributes['fill'])).toEqual(['#555', badge.color]);
      const texts = findAll(svg, 'text').filter((t) => t.attributes['aria-hidden'] !== 'true');
      expect(texts.map((t) => t.text)).toEqual([badge.label, badge.message]);
      expect(texts.map((t) => Number(t.attributes['textLength']) / 10)).toEqual([badge.labelTextWidth, badge.messageTextWidth]);
    }
  });

  it('links to what changed since, when it knows where', () => {
    const svg = parseXml(renderSvg(makeBadge(superseded)));
    expect(findAll(svg, 'a')[0]?.attributes['href']).toBe(superseded.link);
    expect(findAll(parseXml(renderSvg(makeBadge({ ...superseded, link: null }))), 'a')).toEqual([]);
  });

  it('escapes every piece of text', () => {
    const hostile = makeBadge({ ...superseded, pageTitle: '<script>alert("x")</script> & \'quotes\'', link: 'https://example.org/?a=1&b="2"' });
    const xml = renderSvg(hostile);
    expect(xml).not.toContain('<script');
    const svg = parseXml(xml);
    expect(findAll(svg, 'script')).toEqual([]);
    expect(findAll(svg, 'text')[1]?.text).toBe('MCP <script>alert("x")</script> & \'quotes\'');
    expect(findAll(svg, 'a')[0]?.attributes['href']).toBe('https://example.org/?a=1&b="2"');
    const html = renderHtml(hostile, 'https://example.org/badge.svg?a=1&b=2');
    expect(html).not.toContain('<script');
    expect(html).toContain('src="https://example.org/badge.svg?a=1&amp;b=2"');
    const md = renderMarkdown(makeBadge({ ...superseded, pageTitle: 'A [bracket] \\ title' }), 'https://example.org/a b.svg');
    expect(md).toContain('![MCP a \\[bracket\\] \\\\ title: 2025-11-25 · superseded](https://example.org/a%20b.svg ');
  });
});

describe('badge URLs match the site routes', () => {
  const revisions = [
    { id: '2025-06-18', status: 'superseded' as const },
    { id: '2025-11-25', status: 'superseded' as const },
    { id: '2026-07-28', status: 'latest' as const },
    { id: 'draft', status: 'draft' as const },
  ];

  it('links a released revision to its "since" view (an address that keeps its meaning when a revision ships), the draft to its own page', () => {
    expect(changedSincePath(revisions, '2025-06-18', 'client/elicitation')).toBe(paths.since('2025-06-18', 'client/elicitation'));
    expect(changedSincePath(revisions, '2026-07-28', 'client/elicitation')).toBe(paths.since('2026-07-28', 'client/elicitation'));
    expect(changedSincePath(revisions, 'draft', 'client/elicitation')).toBe(paths.revisionPage('draft', 'client/elicitation'));
    expect(changedSincePath(revisions, '2025-11-25', null)).toBe(paths.since('2025-11-25', null));
    expect([revisionsBehind(revisions, '2025-06-18'), revisionsBehind(revisions, '2025-11-25'), revisionsBehind(revisions, '2026-07-28'), revisionsBehind(revisions, 'draft')]).toEqual([2, 1, 0, 0]);
    expect(badgeImagePath('2025-11-25', 'client/elicitation')).toBe('badge/2025-11-25/client/elicitation.svg');
    expect(siteUrl('https://example.org/specdelta/', 'badge/x.svg')).toBe('https://example.org/specdelta/badge/x.svg');
    expect(siteUrl('https://example.org/specdelta', '/badge/x.svg')).toBe('https://example.org/specdelta/badge/x.svg');
  });
});

describe('specdelta badge', () => {
  let snapshots: string;
  beforeAll(() => {
    snapshots = mkdtempSync(join(tmpdir(), 'specdelta-badge-'));
    const page = (revision: string, id: string) => ({ revision, page: id, url: 'x', via: 'dir', path: 'x', commit: null, sha256: '0'.repeat(64), size: 1, retrievedAt: '2026-01-01T00:00:00.000Z', etag: null, lastModified: null });
    writeFileSync(join(snapshots, 'snapshots.lock.json'), JSON.stringify({
      lockfileVersion: 1,
      revisions: [{ id: '2025-11-25', date: '2025-11-25', status: 'superseded' }, { id: '2026-07-28', date: '2026-07-28', status: 'latest' }, { id: 'draft', date: null, status: 'draft' }],
      pages: [page('2025-11-25', 'client/elicitation'), page('2026-07-28', 'client/elicitation')],
    }));
    mkdirSync(join(snapshots, '2025-11-25/client'), { recursive: true });
    writeFileSync(join(snapshots, '2025-11-25/client/elicitation.mdx'), '---\ntitle: Elicitation\n---\n\nText.\n');
  });
  afterAll(() => rmSync(snapshots, { recursive: true, force: true }));

  it('prints the SVG', async () => {
    const { code, stdout, stderr } = await runCli(['badge', '2025-11-25', '--page', 'client/elicitation', '--snapshots', snapshots, '--site-url', 'https://example.org/sd/']);
    expect([code, stderr]).toEqual([0, '']);
    const svg = parseXml(stdout);
    expect(svg.attributes['aria-label']).toMatch(/^MCP elicitation: written for revision 2025-11-25, superseded by 2026-07-28/);
    expect(findAll(svg, 'a')[0]?.attributes['href']).toBe('https://example.org/sd/since/2025-11-25/client/elicitation/');
  });

  it('prints Markdown and HTML snippets', async () => {
    const md = await runCli(['badge', '2025-11-25', '--page', 'client/elicitation', '--snapshots', snapshots, '--format', 'markdown', '--site-url', 'https://example.org/sd']);
    expect(md.stdout).toMatch(/^\[!\[MCP elicitation: 2025-11-25 · 1 revision behind\]\(https:\/\/example\.org\/sd\/badge\/2025-11-25\/client\/elicitation\.svg "[^"]+"\)\]\(https:\/\/example\.org\/sd\/since\/2025-11-25\/client\/elicitation\/\)\n$/);
    const html = await runCli(['badge', 'latest', '--snapshots', snapshots, '--format', 'html', '--site-url', 'https://example.org/sd/']);
    expect(html.stdout).toMatch(/^<a href="https:\/\/example\.org\/sd\/since\/2026-07-28\/"><img src="https:\/\/example\.org\/sd\/badge\/2026-07-28\.svg" alt="MCP spec: 2026-07-28 · latest" title="[^"]+" width="\d+" height="20"><\/a>\n$/);
  });

  it('refuses an unknown revision or page, and a bad site URL, in one sentence', async () => {
    const rev = await runCli(['badge', '2099-01-01', '--snapshots', snapshots]);
    expect([rev.code, rev.stderr]).toEqual([2, 'specdelta: revision 2099-01-01 is not one of the known revisions (2025-11-25, 2026-07-28, draft).\n']);
    const page = await runCli(['badge', '2025-11-25', '--page', 'client/nope', '--snapshots', snapshots]);
    expect(page.code).toBe(2);
    expect(page.stderr).toMatch(/^specdelta: revision 2025-11-25 has no page client\/nope in /);
    const url = await runCli(['badge', '2025-11-25', '--snapshots', snapshots, '--site-url', 'javascript:alert(1)']);
    expect([url.code, url.stderr]).toEqual([2, 'specdelta: --site-url javascript:alert(1) is not an http(s) URL.\n']);
  });
});
