import { describe, expect, it } from 'vitest';
import { InputError } from '../src/core/errors.ts';
import { isPageId, parseLock, serializeLock, snapshotPath, type Lock, type LockedPage } from './lock.ts';
import { compareLockedRevisions } from '../src/input/spec-tree.ts';

const page = (revision: string, id: string): LockedPage => ({
  revision,
  page: id,
  url: `https://example.test/${revision}/${id}`,
  via: 'http',
  path: `docs/specification/${revision}/${id}.mdx`,
  commit: null,
  sha256: 'a'.repeat(64),
  size: 1,
  retrievedAt: '2026-01-01T00:00:00.000Z',
  etag: null,
  lastModified: null,
});

describe('lock file', () => {
  it('serialises deterministically: chronological revisions (draft last), sorted pages, fixed key order', () => {
    const lock: Lock = {
      lockfileVersion: 1,
      revisions: [
        { id: 'draft', date: null, status: 'draft' },
        { id: '2025-11-25', date: '2025-11-25', status: 'latest' },
        { id: '2024-11-05', date: '2024-11-05', status: 'superseded' },
      ],
      pages: [page('draft', 'index'), page('2025-11-25', 'server/tools'), page('2024-11-05', 'index'), page('2025-11-25', 'client/roots')],
    };
    const text = serializeLock(lock);
    expect(text.endsWith('}\n')).toBe(true);
    const parsed = parseLock(text);
    expect(parsed.revisions.map((r) => r.id)).toEqual(['2024-11-05', '2025-11-25', 'draft']);
    expect(parsed.pages.map((p) => `${p.revision}:${p.page}`)).toEqual(['2024-11-05:index', '2025-11-25:client/roots', '2025-11-25:server/tools', 'draft:index']);
    expect(Object.keys(parsed.pages[0]!)).toEqual(['revision', 'page', 'url', 'via', 'path', 'commit', 'sha256', 'size', 'retrievedAt', 'etag', 'lastModified']);
    expect(serializeLock(parsed)).toBe(text);
    const shuffled = { ...lock, revisions: [...lock.revisions].reverse(), pages: [...lock.pages].reverse() };
    expect(serializeLock(shuffled)).toBe(text);
  });

  it('rejects invalid JSON and hand-edited shapes with one sentence naming the file', () => {
    expect(() => parseLock('{', 'snapshots/snapshots.lock.json')).toThrow(InputError);
    expect(() => parseLock('{', 'snapshots/snapshots.lock.json')).toThrow(/^snapshots\/snapshots\.lock\.json is not valid JSON \(/);
    expect(() => parseLock('{"lockfileVersion":1,"revisions":[],"pages":{}}')).toThrow(/"pages" must be an array/);
    expect(() => parseLock('{"lockfileVersion":1,"revisions":[{"id":"x","date":"2025-1-1","status":"latest"}],"pages":[]}')).toThrow(/revisions\[0\]\.date must be YYYY-MM-DD or null/);
    const dup = JSON.stringify({ lockfileVersion: 1, revisions: [{ id: 'r', date: null, status: 'draft' }], pages: [page('r', 'a'), page('r', 'a')] });
    expect(() => parseLock(dup)).toThrow(/pages\[1\] locks r:a a second time/);
  });

  it('keeps page ids inside the snapshot folder', () => {
    expect(isPageId('client/elicitation')).toBe(true);
    expect(isPageId('schema.json')).toBe(true);
    for (const bad of ['../x', 'a/../b', '/abs', 'a//b', '', '.', 'a/.', '..']) expect(isPageId(bad), bad).toBe(false);
    expect(snapshotPath('/s', '2025-11-25', 'client/elicitation')).toBe('/s/2025-11-25/client/elicitation.mdx');
    expect(snapshotPath('/s', 'draft', 'schema.json')).toBe('/s/draft/schema.json');
    expect(() => snapshotPath('/s', '..', 'index')).toThrow(InputError);
    expect(() => snapshotPath('/s', 'draft', '../../etc/passwd')).toThrow(/is not a page id/);
  });

  it('orders undated revisions after dated ones and the draft last', () => {
    const list = [
      { id: 'draft', date: null, status: 'draft' as const },
      { id: 'next', date: null, status: 'superseded' as const },
      { id: '2025-01-01', date: '2025-01-01', status: 'latest' as const },
    ];
    expect(list.sort(compareLockedRevisions).map((r) => r.id)).toEqual(['2025-01-01', 'next', 'draft']);
  });

  it('orders undated revisions naturally (v1.9.0 before v1.10.0), dates as dates, and keeps an explicit order', () => {
    const revision = (id: string, status: 'latest' | 'superseded' | 'draft' = 'superseded') => ({ id, date: /^\d{4}-/.test(id) ? id : null, status });
    const lock: Lock = {
      lockfileVersion: 1,
      revisions: ['draft', 'v1.10.0', 'September2025', 'v1.9.0', 'June2018', 'v1.2.0'].map((id) => revision(id, id === 'draft' ? 'draft' : 'superseded')),
      pages: [],
    };
    expect(parseLock(serializeLock(lock)).revisions.map((r) => r.id)).toEqual(['June2018', 'September2025', 'v1.2.0', 'v1.9.0', 'v1.10.0', 'draft']);
    // A config's list (build:specs' `revisions`) wins for the revisions it names.
    expect(parseLock(serializeLock(lock, ['v1.10.0', 'v1.2.0'])).revisions.map((r) => r.id)).toEqual(['v1.10.0', 'v1.2.0', 'June2018', 'September2025', 'v1.9.0', 'draft']);
  });
});
