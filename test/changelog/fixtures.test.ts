import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchChangelog, readChangelog, type ChangelogReading } from '../../src/changelog/index.ts';
import type { Change } from '../../src/records/change.ts';
import { splitChangelog } from '../../src/changelog/items.ts';
import { identifiersIn, referencesIn } from '../../src/changelog/identifiers.ts';
import { resolveLink } from '../../src/changelog/links.ts';
import { diffRevisionFolders } from '../../src/revision/revisions.ts';
import { folderTree } from '../../src/input/revision-tree.ts';
import { fixturesDir } from '../../harness/paths.ts';
import { runCli } from '../../harness/run-cli.ts';

/**
 * The changelog matcher on a spec of our own (fixtures/changelog/<case>: two revisions, the
 * newer with release notes), against a golden reading (expected.json, regenerate with
 * UPDATE=1), then each kind of evidence asserted by hand.
 */

const widgets = join(fixturesDir, 'changelog', 'widgets');

async function reading(name: string): Promise<ChangelogReading> {
  const dir = join(fixturesDir, 'changelog', name);
  const diff = await diffRevisionFolders({ dir: join(dir, 'old'), label: 'old' }, { dir: join(dir, 'new'), label: 'new' });
  const result = readChangelog(diff, folderTree(join(dir, 'new'), { label: 'new' }));
  if (result.page === null) throw new Error(result.note);
  const expectedPath = join(dir, 'expected.json');
  const actual = JSON.parse(JSON.stringify(result));
  if (process.env['UPDATE']) writeFileSync(expectedPath, `${JSON.stringify(actual, null, 2)}\n`);
  // A missing golden is a failure: only an explicit UPDATE=1 writes one, to be reviewed like code.
  expect(existsSync(expectedPath), `${expectedPath} is missing; write it with UPDATE=1 and review it`).toBe(true);
  expect(actual).toEqual(JSON.parse(readFileSync(expectedPath, 'utf8')));
  return result;
}

describe('changelog items', () => {
  it('are the top-level list items under their headings; a nested list stays with its item', () => {
    const items = splitChangelog('---\ntitle: Notes\n---\n\nIntro.\n\n## Major\n\n1. One `a/b`\n   - detail of one\n2. Two [link](/x/page#frag)\n\n## Minor\n\n- Three (SEP-12, #345)\n');
    expect(items.map((i) => `${i.section.join(' › ')} ${i.number}: ${i.text}`)).toEqual(['Major 1: One `a/b` detail of one', 'Major 2: Two link', 'Minor 1: Three (SEP-12, #345)']);
    expect(items[1]!.links).toEqual([{ url: '/x/page#frag', text: 'link' }]);
    expect(items[0]!.codeSpans).toEqual(['a/b']);
  });

  it('name identifiers by their shape (code spans, camelCase, methods, Header-Names, error codes), never acronyms', () => {
    expect([...identifiersIn('Use `io.example/clientInfo` and toolChoice via widgets/spin, the Mcp-Session-Id header, code -32602, over HTTP with an ID')].sort())
      .toEqual(['-32602', 'clientinfo', 'io.example/clientinfo', 'mcp-session-id', 'toolchoice', 'widgets/spin']);
    expect([...referencesIn('per RFC 9207 (SEP-2243, PR #2858)')].sort()).toEqual(['#2858', 'rfc9207', 'sep2243']);
  });

  it('resolve links to the revision\'s pages by the longest tail of their path, a folder to its index', () => {
    const pages = new Set(['basic/index', 'client/elicitation', 'index']);
    expect(resolveLink('/specification/2025-11-25/client/elicitation#url-mode', pages)).toEqual({ page: 'client/elicitation', fragment: 'url-mode' });
    expect(resolveLink('https://example.org/specification/draft/basic#meta', pages)).toEqual({ page: 'basic/index', fragment: 'meta' });
    expect(resolveLink('https://github.com/org/repo/pull/797', pages)).toBeNull();
  });
});

describe('the matcher prefers precision', () => {
  /** A rule added on page `p<i % 7>` in section `Part <i>`, its text `text` (the subject names the section: the text only mentions names). */
  const record = (i: number, text: string): Change => ({
    id: 'rule-added', kind: 'rule', action: 'added', level: 'non-breaking', subject: `Part ${i}`, section: { old: null, new: `Part ${i}` },
    before: null, after: { text, line: i }, message: `New rule: ${text}`, fingerprint: `fp${i}`, page: `p${i % 7}`,
  });
  const context = { pages: new Set<string>(), sectionsUnder: () => null, commonWords: new Set<string>(), commonIdentifiers: new Set<string>() };
  const changelog = (item: string) => `---\ntitle: Changes\n---\n\n- ${item}\n`;

  it('a name most records mention confirms nothing on its own; named where it changed, it does', () => {
    const records = Array.from({ length: 60 }, (_, i) => record(i, `Servers MUST echo \`sharedToken\` in reply number ${i}.`));
    expect(matchChangelog('changes', changelog('Rework `sharedToken`.'), records, context).items[0]!.status).toBe('not-visible');
    const named = [...records, { ...record(60, 'sharedToken'), kind: 'schema-field' as const, subject: 'Reply.sharedToken', fingerprint: 'fp60' }];
    expect(matchChangelog('changes', changelog('Rework `sharedToken`.'), named, context).items[0]!.records).toEqual(['fp60']);
  });

  it('word matching keeps the best-scored few, never every record that shares the words', () => {
    const records = Array.from({ length: 200 }, (_, i) => record(i, i < 15 ? `Gateways SHOULD compress telemetry batches before upload ${i}.` : `Unrelated rule about item ${i} only.`));
    const { items } = matchChangelog('changes', changelog('Gateways now compress telemetry batches before upload.'), records, context);
    expect(items[0]!.records).toHaveLength(12);
  });
});

describe('the matcher on a spec of our own', () => {
  it('confirms items by identifier, link, shared words and reference; a governance item is not visible; the rest is unannounced', async () => {
    const result = await reading('widgets');
    expect(result.page).toBe('changelog');
    expect(result.items.map((i) => `${i.section} ${i.number} ${i.status} ${i.records.length}`)).toEqual([
      // The field's rule, its term, and the section that came with them.
      'Major changes 1 confirmed 2',
      // The Backoff section's removed MAY rule and new MUST rule.
      'Major changes 2 confirmed 2',
      'Major changes 3 confirmed 1',
      'Major changes 4 confirmed 1',
      'Governance 1 not-visible 0',
    ]);
    expect(result.items.map((i) => i.evidence)).toEqual([
      ['section “Colours”', '`widgetcolour`'],
      ['link guide/retries#backoff'],
      ['words: encrypt, cach, payload, rest', 'section “Caching”'],
      ['rfc3339', 'section “Timestamps”'],
      [],
    ]);
    // Nobody announced the stricter spin rule or the new retry limit.
    expect(result.summary).toEqual({ items: 5, confirmed: 4, notVisible: 1, unannounced: 2 });
    expect(result.unannounced.map((g) => `${g.page} › ${g.theme}: ${g.records.length}`)).toEqual(['guide/retries › Limits: 1', 'guide/widgets › Spinning: 1']);
  });

  it('says so when the newer revision has no changelog', async () => {
    const dir = join(widgets, 'old');
    const diff = await diffRevisionFolders({ dir: join(widgets, 'new', 'guide'), label: 'a' }, { dir: join(dir, 'guide'), label: 'b' });
    expect(readChangelog(diff, folderTree(join(dir, 'guide'), { label: 'b' }))).toEqual({ page: null, note: 'b has no changelog or release-notes page, so there is nothing to hold the diff against.' });
  });

  it('takes the page the spec config names', async () => {
    const diff = await diffRevisionFolders({ dir: join(widgets, 'old'), label: 'old' }, { dir: join(widgets, 'new'), label: 'new' });
    const result = readChangelog(diff, folderTree(join(widgets, 'new'), { label: 'new' }), { changelog: 'guide/retries' });
    expect(result.page).toBe('guide/retries');
  });
});

describe('diff --changelog', () => {
  const args = (format: string) => ['diff', join(widgets, 'old'), join(widgets, 'new'), '--changelog', '--format', format];

  it('adds a top-level "changelog" key to the JSON, leaving the contract\'s keys as they are', async () => {
    const result = await runCli(args('json'));
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout);
    expect(Object.keys(json)).toEqual(['old', 'new', 'summary', 'changes', 'grouped', 'reading', 'pages', 'changelog']);
    expect(json.changelog.summary).toEqual({ items: 5, confirmed: 4, notVisible: 1, unannounced: 2 });
    const fingerprints = new Set(json.changes.map((c: { fingerprint: string }) => c.fingerprint));
    expect(json.changelog.items.flatMap((i: { records: string[] }) => i.records).every((fp: string) => fingerprints.has(fp))).toBe(true);
  });

  it('prints the verdicts in text and Markdown', async () => {
    const text = await runCli(args('text'));
    expect(text.stdout).toContain('Changelog (changelog): 5 items, 4 confirmed by the diff, 1 not visible in the spec text; 2 breaking or non-breaking records no item announces');
    expect(text.stdout).toMatch(/not visible Governance 1: Adopt a code of conduct for maintainers\.\s+\[not visible in the spec text\]/);
    expect(text.stdout).toContain('  guide/widgets › Spinning: 1 record');
    const markdown = await runCli(args('markdown'));
    expect(markdown.stdout).toContain('### Changelog \\(changelog\\): 5 items, 4 confirmed by the diff');
    expect(markdown.stdout).toContain('| Major changes 2: Require clients to back off: see retrying. | 2 records: link guide/retries\\#backoff |');
    expect(markdown.stdout).toContain('<details><summary>Unannounced changes: 2 records in 2 themes</summary>');
  });

  it('is misuse on two single pages (exit 2, one sentence), and a note when the revision has no changelog', async () => {
    const pages = await runCli(['diff', join(widgets, 'old/guide/widgets.mdx'), join(widgets, 'new/guide/widgets.mdx'), '--changelog']);
    expect(pages.code).toBe(2);
    expect(pages.stderr).toMatch(/^specdelta: --changelog needs two whole revisions .*\n$/);
    const none = await runCli(['diff', join(widgets, 'old/guide'), join(widgets, 'new/guide'), '--changelog', '--format', 'json']);
    expect(none.code).toBe(0);
    expect(JSON.parse(none.stdout).changelog).toEqual({ page: null, note: 'guide has no changelog or release-notes page, so there is nothing to hold the diff against.' });
  });
});
