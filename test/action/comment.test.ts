import { describe, expect, it } from 'vitest';
import { commentBody, commentMarker, GITHUB_COMMENT_LIMIT } from '../../src/action/comment.ts';
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
});
