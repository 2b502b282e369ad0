import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commentBody, commentMarker, GITHUB_COMMENT_LIMIT, sectionsCommentBody } from '../../src/action/comment.ts';
import { neutralizeMentions } from '../../src/action/mentions.ts';
import { parseSpecPaths } from '../../src/action/paths.ts';
import { JOB_SUMMARY_LIMIT_BYTES, writeJobSummary } from '../../src/action/runner-files.ts';
import { tempTree } from '../helpers/temp-tree.ts';
import type { Change } from '../../src/index.ts';
import { makeReport } from '../../src/index.ts';

const change = (i: number, level: Change['level']): Change => ({
  id: 'rule-added',
  kind: 'rule',
  action: 'added',
  level,
  subject: `Servers MUST handle case ${i}`,
  section: { old: null, new: 'Handling' },
  before: null,
  after: { text: `Servers MUST handle case ${i} ${'with a long explanation '.repeat(8)}`, line: i + 1, keyword: 'MUST' },
  message: `New MUST rule: Servers MUST handle case ${i} ${'with a long explanation '.repeat(8)}`,
  fingerprint: i.toString(16).padStart(12, '0'),
  page: `page-${i % 40}`,
} as Change);

describe('the pull-request comment', () => {
  it('starts with the hidden marker of its spec folder', () => {
    const report = makeReport({ source: 'a', revision: 'main', page: null, sha256: null }, { source: 'b', revision: 'head', page: null, sha256: null }, [change(1, 'breaking')], { old: [], new: [] });
    const body = commentBody(report, 'docs/specification/draft');
    expect(body.startsWith(`${commentMarker('docs/specification/draft')}\n## main → head`)).toBe(true);
    expect(commentMarker('a--b')).not.toMatch(/a--b/); // "--" would end the HTML comment early
  });

  it('stays under GitHub\'s size limit, keeping the most severe changes and counting the rest', () => {
    const changes = [...Array.from({ length: 600 }, (_, i) => change(i, 'breaking')), ...Array.from({ length: 600 }, (_, i) => change(600 + i, 'editorial'))];
    const report = makeReport({ source: 'a', revision: 'main', page: null, sha256: null }, { source: 'b', revision: 'head', page: null, sha256: null }, changes, { old: [], new: [] });
    const body = commentBody(report, 'spec');
    expect(body.length).toBeLessThanOrEqual(GITHUB_COMMENT_LIMIT);
    expect(body).toMatch(/… and \d+ more breaking changes/);
    // 600 breaking changes; the 600 editorial records are the wording of one section on each of 40 pages.
    expect(body).toMatch(/\| 600 \| 0 \| 0 \| 40 \| 1200 \|/);
  });

  it('for several paths, shares the size limit: a short section is whole, a long one uses the room it leaves', () => {
    const side = (revision: string) => ({ source: revision, revision, page: null, sha256: null });
    const report = (changes: Change[]) => makeReport(side('main'), side('head'), changes, { old: [], new: [] });
    const long = report(Array.from({ length: 1200 }, (_, i) => change(i, 'breaking')));
    const short = report([change(5000, 'breaking')]);
    const body = sectionsCommentBody([{ spec: 'a', report: long }, { spec: 'b', schema: 'b/schema.json', report: short }]);
    expect(body.length).toBeLessThanOrEqual(GITHUB_COMMENT_LIMIT);
    expect(body.startsWith(`${commentMarker(['a', 'b'])}\n## main → head: 2 spec paths\n`)).toBe(true);
    expect(body).toContain('| `b` + `b/schema.json` | 1 | 0 | 0 | 0 |');
    expect(body).toContain('| **all** | 1201 | 0 | 0 | 0 |');
    const [, a, b] = body.split(/^## `/m);
    expect(b).toContain('case 5000');
    expect(a).toMatch(/… and \d+ more breaking changes/);
    // More than half the room: what the short section left went to the long one.
    expect(a!.length).toBeGreaterThan(40_000);
    // One path: exactly the single-report comment, marker unchanged.
    expect(sectionsCommentBody([{ spec: 'a', report: short }])).toBe(commentBody(short, 'a'));
  });
});

describe('the spec paths input', () => {
  it('reads folders by line or comma, each with an optional schema after "+"', () => {
    expect(parseSpecPaths('docs/spec/draft + schema/draft/schema.json\n  docs/ext , more/ext\n', undefined)).toEqual([
      { spec: 'docs/spec/draft', schema: 'schema/draft/schema.json' },
      { spec: 'docs/ext' },
      { spec: 'more/ext' },
    ]);
    expect(parseSpecPaths('docs/spec/draft', 'schema.json')).toEqual([{ spec: 'docs/spec/draft', schema: 'schema.json' }]);
  });

  it('refuses what it cannot read unambiguously, in one sentence', () => {
    expect(() => parseSpecPaths('  \n', undefined)).toThrow(/the input `spec` is not set/);
    expect(() => parseSpecPaths('a + b + c', undefined)).toThrow(/"a \+ b \+ c" is not FOLDER or FOLDER \+ SCHEMA/);
    expect(() => parseSpecPaths('a\na', undefined)).toThrow(/names a twice/);
    expect(() => parseSpecPaths('a + s.json', 's.json')).toThrow(/given twice/);
    expect(() => parseSpecPaths('a, b', 's.json')).toThrow(/lists several folders/);
  });
});

describe('what others wrote, in the comment (issue 25, case 4)', () => {
  const ZWJ = '\u200D';

  it('mentions, issue references and GitHub URLs are made inert; the text reads the same', () => {
    const text = 'Ask @octocat or @org/team (a@b.example) about #12, GH-34, gh-5, owner/repo#56, owner/repo@abc1234 and https://github.com/o/r/issues/7 or www.github.com/o/r/pull/8.';
    const inert = neutralizeMentions(text, ['ghe.example.com']);
    expect(inert.replaceAll(ZWJ, '')).toBe(text);
    expect(inert).not.toMatch(/@[\p{L}\p{N}_]/u);
    expect(inert).not.toMatch(/#\d/);
    expect(inert).not.toMatch(/GH-\d/i);
    expect(inert).not.toMatch(/github\.com\//i);
    expect(neutralizeMentions('see https://ghe.example.com/o/r/issues/1', ['ghe.example.com'])).toBe(`see https://ghe.example${ZWJ}.com/o/r/issues/1`);
  });

  it('character references for @ and # are read as the characters, then made inert', () => {
    expect(neutralizeMentions('&commat;octocat &#64;a &#x40;b &num;1 &#35;2 &#x23;3')).toBe(`@${ZWJ}octocat @${ZWJ}a @${ZWJ}b #${ZWJ}1 #${ZWJ}2 #${ZWJ}3`);
  });

  it('leaves what GitHub does not link alone: headings, HTML entities, a lone # or @', () => {
    for (const text of ['## Heading #', '&#124; and &amp;', 'C# and @ alone', '# 1 is a heading']) expect(neutralizeMentions(text)).toBe(text);
  });

  it('every record, label and diagnostic of a report posted as a comment is inert, and the marker is untouched', () => {
    const side = (revision: string) => ({ source: revision, revision, page: null, sha256: null });
    const pinged = { ...change(1, 'breaking'), message: 'New MUST rule: Servers MUST page @oncall about #99.', subject: '@oncall' } as Change;
    const report = makeReport(side('main'), side('@admin/#7'), [pinged], { old: [], new: [{ severity: 'warning', message: 'tell @octocat', line: 3, source: 'head:page-1' }] });
    const body = commentBody(report, 'spec/@x');
    expect(body.startsWith(`${commentMarker('spec/@x')}\n`)).toBe(true);
    expect(body.slice(body.indexOf('\n'))).not.toMatch(/@[A-Za-z0-9]|#\d/);
    expect(body).toContain(`@${ZWJ}oncall`);
    expect(body).toContain(`@${ZWJ}octocat`);
  });
});

describe('the size of the comment (issue 25, case 5)', () => {
  const side = (revision: string) => ({ source: revision, revision, page: null, sha256: null });
  /** Many records and 20 long diagnostics on their pages: the diagnostics alone are past the limit. */
  const huge = () => {
    const changes = Array.from({ length: 300 }, (_, i) => change(i, 'breaking'));
    const diagnostics = Array.from({ length: 20 }, (_, i) => ({ severity: 'warning' as const, message: `unclosed tag <${'Very'.repeat(1000)}Long${i}> is never closed`, line: i + 1, source: `head:page-${i}` }));
    return makeReport(side('main'), side('head'), changes, { old: [], new: diagnostics });
  };

  it('the whole body, diagnostics included, fits, and says what was cut and where the full report is', () => {
    const body = commentBody(huge(), 'spec', undefined, { fullReportAt: "in this run's job summary (https://github.com/o/r/actions/runs/1)" });
    expect(body.length).toBeLessThanOrEqual(GITHUB_COMMENT_LIMIT);
    expect(body).toMatch(/> This comment was cut to fit GitHub's limit of 65,536 characters: it shows the first [\d,]+ of [\d,]+ characters of the report\. The full report is in this run's job summary \(https:\/\/github\.com\/o\/r\/actions\/runs\/1\)\.\n/);
    expect(body.endsWith('<sub>Posted by specdelta; updated in place on every push.</sub>\n')).toBe(true);
    // Counted as GitHub counts (characters): never more than the UTF-16 length checked above.
    expect([...body].length).toBeLessThanOrEqual(body.length);
  });

  it('several paths, each too long: the body still fits', () => {
    const body = sectionsCommentBody([{ spec: 'a', report: huge() }, { spec: 'b', report: huge() }]);
    expect(body.length).toBeLessThanOrEqual(GITHUB_COMMENT_LIMIT);
    expect(body).toMatch(/This comment was cut to fit/);
  });

  it('mentions made inert still fit: a report full of @ and # is measured after they are', () => {
    const changes = Array.from({ length: 2000 }, (_, i) => ({ ...change(i, 'breaking'), message: `New MUST rule: ${'@a #1 '.repeat(20)}` }) as Change);
    const body = commentBody(makeReport(side('main'), side('head'), changes, { old: [], new: [] }), 'spec');
    expect(body.length).toBeLessThanOrEqual(GITHUB_COMMENT_LIMIT);
  });
});

describe('the job summary', () => {
  const { dir } = tempTree('specdelta-summary-');

  it('holds the whole report, or a cut one under GitHub\'s 1 MiB with a sentence naming the report file', async () => {
    const small = join(dir, 'small.md');
    expect(await writeJobSummary({ GITHUB_STEP_SUMMARY: small }, '# report\n', null)).toBe(true);
    expect(readFileSync(small, 'utf8')).toBe('# report\n');
    const large = join(dir, 'large.md');
    const report = `${'- a record with ünïcödé text\n'.repeat(60_000)}`;
    expect(await writeJobSummary({ GITHUB_STEP_SUMMARY: large }, report, '/runner/temp/specdelta-x/report.md')).toBe(false);
    const written = readFileSync(large);
    expect(written.length).toBeLessThanOrEqual(JOB_SUMMARY_LIMIT_BYTES);
    expect(written.toString('utf8')).toMatch(/This summary was cut to fit GitHub's 1 MiB limit for a job summary\. The whole report is the file the step's `report-file` output names \(\/runner\/temp\/specdelta-x\/report\.md\)/);
    expect(written.toString('utf8')).not.toContain('\uFFFD');
  });
});
