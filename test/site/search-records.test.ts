import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeSearchDocuments } from '../../site/lib/search-records.ts';

const side = (revision: string, page: string | null) => ({ source: `snapshots/${revision}`, revision, page, sha256: null });

const removal = {
  id: 'required-field-removed', kind: 'schema-field', action: 'removed', level: 'breaking',
  subject: 'tools/call params.ticket', section: { old: 'Calling Tools', new: 'Calling Tools' },
  before: { text: 'tools/call params.ticket', path: 'params.ticket' }, after: null,
  message: 'Required field `tools/call params.ticket` removed.', fingerprint: 'aaaaaaaaaaaa', source: 'page',
};
const reworded = {
  id: 'prose-changed', kind: 'prose', action: 'changed', level: 'editorial',
  subject: 'The <ticket> is gone.', section: { old: 'Retries', new: 'Retrying' },
  before: { text: 'The ticket <b>stays</b>.' }, after: { text: 'The <ticket> is gone.' },
  message: 'Paragraph reworded: The <ticket> is gone.', fingerprint: 'bbbbbbbbbbbb', source: 'page',
};
const change = (id: string, impact: string, records: string[], page = 'server/tools') => ({ id, title: `Title of ${id}: \`params.ticket\``, impact, reason: '', rule: 'x', feature: null, roles: [], page, pages: [page], changelog: null, records });

describe('search documents of the changes', () => {
  let dist: string;
  const write = (path: string, body: unknown) => {
    mkdirSync(dirname(join(dist, path)), { recursive: true });
    writeFileSync(join(dist, path), typeof body === 'string' ? body : JSON.stringify(body));
  };

  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'specdelta-search-records-'));
    const summary = {};
    const grouped = [change('c-1', 'breaking', ['aaaaaaaaaaaa']), change('c-2', 'editorial', ['bbbbbbbbbbbb'])];
    write('diff/r1/r2/server/tools.json', { old: side('r1', 'server/tools'), new: side('r2', 'server/tools'), summary, changes: [removal, reworded], grouped });
    write('diff/r1/r2/server/tools/index.html', '<h1>tools</h1>');
    // Another page the change touches lists it too: indexed once, from its home page.
    write('diff/r1/r2/server/other.json', { old: side('r1', 'server/other'), new: side('r2', 'server/other'), summary, changes: [], grouped: [grouped[0]] });
    write('diff/r1/r2/server/other/index.html', '<h1>other</h1>');
    // The pair's JSON repeats the pages' records: not indexed.
    write('diff/r1/r2.json', { old: side('r1', null), new: side('r2', null), summary, changes: [removal], grouped });
    write('diff/r1/r2/index.html', '<h1>pair</h1>');
    // A catch-up pair repeats the step's change: one result per change, not per pair.
    write('diff/r0/r2/server/tools.json', { old: side('r0', 'server/tools'), new: side('r2', 'server/tools'), summary, changes: [removal], grouped: [grouped[0]] });
    write('diff/r0/r2/server/tools/index.html', '<h1>tools</h1>');
  });

  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('makes one document per change of the adjacent pairs, linked to the record it is titled after', () => {
    const docs = changeSearchDocuments(dist, new Set(['r1/r2']));
    expect(docs.map((d) => [d.id, d.url])).toEqual([['c-1', '/diff/r1/r2/server/tools/#c-aaaaaaaaaaaa'], ['c-2', '/diff/r1/r2/server/tools/#c-bbbbbbbbbbbb']]);
  });

  it('weighs a change\'s title and names by its impact, renders code as text and escapes the spec\'s text', () => {
    const [breaking, editorial] = changeSearchDocuments(dist, new Set(['r1/r2']));
    expect(breaking!.content).toContain('<h1 data-pagefind-weight="4">Title of c-1: params.ticket</h1>');
    // Its names weigh up to the title's weight, less the more names the change gathers.
    const namesWeight = Number(/<p data-pagefind-weight="([\d.]+)">[^<]*\bticket\b/.exec(breaking!.content)?.[1]);
    expect(namesWeight).toBeGreaterThanOrEqual(1);
    expect(namesWeight).toBeLessThanOrEqual(4);
    expect(breaking!.content).toContain('data-pagefind-filter="level" hidden>breaking<');
    expect(editorial!.content).toContain('<h1 data-pagefind-weight="1.5">');
    expect(editorial!.content).toContain('The &lt;ticket&gt; is gone.');
    expect(editorial!.content).not.toContain('<ticket>');
    expect(editorial!.content).not.toContain('<b>');
  });
});
