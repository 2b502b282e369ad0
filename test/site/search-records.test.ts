import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeSearchRecords } from '../../site/lib/search-records.ts';

const side = (revision: string, page: string | null) => ({ source: `snapshots/${revision}`, revision, page, sha256: null });

const removal = {
  id: 'required-field-removed', kind: 'schema-field', action: 'removed', level: 'breaking',
  subject: 'tools/call params.ticket', section: { old: 'Calling Tools', new: 'Calling Tools' },
  before: { text: 'tools/call params.ticket', path: 'params.ticket' }, after: null,
  message: 'Required field `tools/call params.ticket` removed.', fingerprint: 'aaaaaaaaaaaa', source: 'page',
};
const rule = {
  id: 'rule-strengthened', kind: 'rule', action: 'changed', level: 'non-breaking',
  subject: 'Clients SHOULD retry.', section: { old: 'Retries', new: 'Retrying' },
  before: { text: 'Clients MAY retry.' }, after: { text: 'Clients SHOULD retry.' },
  message: 'Rule strengthened: MAY → SHOULD.', fingerprint: 'bbbbbbbbbbbb', source: 'page',
};

describe('search records of the diff pages', () => {
  let dist: string;
  const write = (path: string, body: unknown) => {
    mkdirSync(dirname(join(dist, path)), { recursive: true });
    writeFileSync(join(dist, path), typeof body === 'string' ? body : JSON.stringify(body));
  };

  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'specdelta-search-records-'));
    const summary = { breaking: 1, 'non-breaking': 1, editorial: 0 };
    // A page's JSON beside its page; the same fingerprint twice gets the page's second anchor.
    write('diff/r1/r2/server/tools.json', { old: side('r1', 'server/tools'), new: side('r2', 'server/tools'), summary, changes: [removal, rule, { ...rule, level: 'editorial' }] });
    write('diff/r1/r2/server/tools/index.html', '<h1>tools</h1>');
    // The pair's JSON repeats the pages' records: not indexed twice.
    write('diff/r1/r2.json', { old: side('r1', null), new: side('r2', null), summary, changes: [removal, rule] });
    write('diff/r1/r2/index.html', '<h1>pair</h1>');
    // A JSON file with no diff page beside it is not a diff page's.
    write('diff/r1/r2/orphan.json', { old: side('r1', 'orphan'), new: side('r2', 'orphan'), summary, changes: [removal] });
  });

  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('makes one record per change, linked to its anchor on its diff page, saying pair, page and level', () => {
    expect(changeSearchRecords(dist)).toEqual([
      {
        url: '/diff/r1/r2/server/tools/#c-aaaaaaaaaaaa',
        content: 'Required field `tools/call params.ticket` removed.\ntools/call params.ticket\nCalling Tools',
        language: 'en',
        meta: { title: 'Required field `tools/call params.ticket` removed.', pair: 'r1 → r2', page: 'server/tools', level: 'breaking', kind: 'schema-field' },
        filters: { type: ['change'], level: ['breaking'], pair: ['r1 → r2'] },
      },
      {
        url: '/diff/r1/r2/server/tools/#c-bbbbbbbbbbbb',
        content: 'Rule strengthened: MAY → SHOULD.\nClients SHOULD retry.\nRetries\nRetrying\nClients MAY retry.',
        language: 'en',
        meta: { title: 'Rule strengthened: MAY → SHOULD.', pair: 'r1 → r2', page: 'server/tools', level: 'non-breaking', kind: 'rule' },
        filters: { type: ['change'], level: ['non-breaking'], pair: ['r1 → r2'] },
      },
      {
        url: '/diff/r1/r2/server/tools/#c-bbbbbbbbbbbb-2',
        content: 'Rule strengthened: MAY → SHOULD.\nClients SHOULD retry.\nRetries\nRetrying\nClients MAY retry.',
        language: 'en',
        meta: { title: 'Rule strengthened: MAY → SHOULD.', pair: 'r1 → r2', page: 'server/tools', level: 'editorial', kind: 'rule' },
        filters: { type: ['change'], level: ['editorial'], pair: ['r1 → r2'] },
      },
    ]);
  });

  it('has nothing to index in a site without diff pages', () => {
    expect(changeSearchRecords(join(dist, 'diff/r1/r2/server'))).toEqual([]);
  });
});
