import { describe, expect, it } from 'vitest';
import { commentBody, commentMarker, GITHUB_COMMENT_LIMIT, sectionsCommentBody } from '../../src/action/comment.ts';
import { parseSpecPaths } from '../../src/action/paths.ts';
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

  it('stays under GitHub\'s size limit, keeping the most severe records and counting the rest', () => {
    const changes = [...Array.from({ length: 600 }, (_, i) => change(i, 'breaking')), ...Array.from({ length: 600 }, (_, i) => change(600 + i, 'editorial'))];
    const report = makeReport({ source: 'a', revision: 'main', page: null, sha256: null }, { source: 'b', revision: 'head', page: null, sha256: null }, changes, { old: [], new: [] });
    const body = commentBody(report, 'spec');
    expect(body.length).toBeLessThanOrEqual(GITHUB_COMMENT_LIMIT);
    expect(body).toMatch(/… and \d+ more breaking records/);
    expect(body).toMatch(/\| 600 \| 0 \| 600 \|/);
  });

  it('for several paths, shares the size limit: a short section is whole, a long one uses the room it leaves', () => {
    const side = (revision: string) => ({ source: revision, revision, page: null, sha256: null });
    const report = (changes: Change[]) => makeReport(side('main'), side('head'), changes, { old: [], new: [] });
    const long = report(Array.from({ length: 1200 }, (_, i) => change(i, 'breaking')));
    const short = report([change(5000, 'breaking')]);
    const body = sectionsCommentBody([{ spec: 'a', report: long }, { spec: 'b', schema: 'b/schema.json', report: short }]);
    expect(body.length).toBeLessThanOrEqual(GITHUB_COMMENT_LIMIT);
    expect(body.startsWith(`${commentMarker(['a', 'b'])}\n## main → head: 2 spec paths\n`)).toBe(true);
    expect(body).toContain('| `b` + `b/schema.json` | 1 | 0 | 0 |');
    expect(body).toContain('| **all** | 1201 | 0 | 0 |');
    const [, a, b] = body.split(/^## `/m);
    expect(b).toContain('case 5000');
    expect(a).toMatch(/… and \d+ more breaking records/);
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
