import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogEntry } from '../../src/records/catalog.ts';
import type { Change } from '../../src/records/change.ts';
import { diffPageTexts } from '../../src/diff/index.ts';
import { pageIds, revisionFolders } from '../../src/input/spec-tree.ts';
import { mirrorAvailable, specPages } from '../../harness/paths.ts';

/**
 * Integration tests on the real spec pages in ../shared/mcp-spec: the elicitation pair the
 * seed article dissected, and invariants on every adjacent revision pair of every page.
 */
const read = (revision: string, page: string) => readFileSync(join(specPages, revision, `${page}.mdx`), 'utf8');

const revisions = () => revisionFolders(specPages);
const pagesOf = (revision: string) => pageIds(join(specPages, revision));

const describeMirror = mirrorAvailable() ? describe : describe.skip;

describeMirror('client/elicitation 2025-11-25 → 2026-07-28 (the seed article)', () => {
  const { changes } = diffPageTexts(read('2025-11-25', 'client/elicitation'), read('2026-07-28', 'client/elicitation'));
  const find = (id: string, subject: RegExp) => changes.filter((c) => c.id === id && subject.test(c.subject));

  it('elicitation/create is no longer a request but is delivered inside InputRequiredResult', () => {
    const [record] = find('message-envelope-changed', /^elicitation\/create$/);
    expect(record).toBeDefined();
    expect(record!.kind).toBe('message');
    expect(record!.level).toBe('breaking');
    expect(record!.before?.['envelope']).toBe('request');
    expect(record!.after?.['envelope']).toBe('bare-call');
    expect(record!.after?.['container']).toMatch(/^InputRequiredResult/);
  });

  it('the client capability moved from the initialize handshake to each request\'s _meta', () => {
    const [record] = find('capability-moved', /^elicitation$/);
    expect(record).toMatchObject({ kind: 'capability', level: 'breaking' });
    expect(record!.before?.path).toBe('capabilities');
    expect(record!.after?.path).toBe('_meta.io.modelcontextprotocol/clientCapabilities');
  });

  it('elicitationId removed, as a required field', () => {
    expect(find('required-field-removed', /params\.elicitationId$/)).toHaveLength(1);
  });

  it('notifications/elicitation/complete removed', () => {
    expect(find('message-removed', /^notifications\/elicitation\/complete$/)).toHaveLength(1);
  });

  it('error code -32042 removed', () => {
    const [record] = find('error-code-removed', /^-32042$/);
    expect(record).toMatchObject({ kind: 'error-code', level: 'breaking' });
  });

  it('the statefulness advice inverted', () => {
    const [record] = find('prose-inverted', /./);
    expect(record!.section).toEqual({ old: 'Statefulness', new: 'Statefulness' });
    expect(record!.before?.text).toMatch(/require that the server maintain state/);
    expect(record!.after?.text).toMatch(/do not require/);
  });

  it('pattern gone from the string schema', () => {
    expect(find('field-removed', /String Schema › pattern/)).toHaveLength(1);
  });

  it('the rate-limiting rule removed', () => {
    const [record] = changes.filter((c) => c.kind === 'rule' && c.action === 'removed' && /rate limiting/.test(c.subject));
    expect(record).toMatchObject({ id: 'rule-removed', before: { keyword: 'SHOULD', actor: 'clients' } });
  });

  it('requestState added', () => {
    expect(find('term-added', /^requestState$/)).toHaveLength(1);
  });

  it('what did not change produces no record: modes, actions, the secrets-in-form-mode rule', () => {
    const mentions = (re: RegExp) => changes.filter((c) => re.test(`${c.subject} ${c.before?.text ?? ''} ${c.after?.text ?? ''}`));
    expect(mentions(/\b(mode|action)\b.*\b(form|url|accept|decline|cancel)\b/i).filter((c) => c.kind === 'schema-field')).toEqual([]);
    expect(changes.filter((c) => c.kind === 'schema-field' && /params\.mode|result\.action/.test(c.subject))).toEqual([]);
    expect(mentions(/MUST NOT use form mode elicitation to request sensitive information/)).toEqual([]);
    expect(mentions(/MUST NOT request sensitive information \(passwords, API keys/)).toEqual([]);
  });

  it('a typo fix inside an otherwise equal rule is editorial', () => {
    const [record] = changes.filter((c) => c.kind === 'rule' && /personally identifiable/.test(c.subject));
    expect(record).toMatchObject({ id: 'rule-reworded', level: 'editorial' });
  });
});

describeMirror('every adjacent revision pair of every page', () => {
  const revs = revisions();
  const pairs: [string, string, string][] = [];
  for (let i = 1; i < revs.length; i++) {
    const before = new Set(pagesOf(revs[i - 1]!));
    for (const page of pagesOf(revs[i]!)) if (before.has(page)) pairs.push([revs[i - 1]!, revs[i]!, page]);
  }

  it('covers the real matrix', () => {
    expect(pairs.length).toBeGreaterThan(60);
  });

  it.each(pairs)('%s → %s %s: valid, ordered, deterministic records', (a, b, page) => {
    const oldText = read(a, page);
    const newText = read(b, page);
    const { changes } = diffPageTexts(oldText, newText);
    for (const change of changes) expectValidRecord(change);
    expect(new Set(changes.map((c) => c.fingerprint)).size).toBe(changes.length);
    expect(JSON.stringify(diffPageTexts(oldText, newText).changes)).toBe(JSON.stringify(changes));
    expect(diffPageTexts(newText, newText).changes).toEqual([]);
  });
});

function expectValidRecord(change: Change) {
  const entry = catalogEntry(change.id);
  expect(change.kind).toBe(entry.kind);
  expect(change.action).toBe(entry.action);
  expect(change.fingerprint).toMatch(/^[0-9a-f]{12}$/);
  expect(change.message.length).toBeGreaterThan(0);
  expect(change.before ?? change.after).not.toBeNull();
  if (change.action === 'added') expect(change.before).toBeNull();
  if (change.action === 'removed') expect(change.after).toBeNull();
}
