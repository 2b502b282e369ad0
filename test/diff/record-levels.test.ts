import { beforeAll, describe, expect, it } from 'vitest';
import type { Change } from '../../src/records/change.ts';
import { firstDifference } from '../../src/records/quote.ts';
import { diffMirrorRevisions } from '../helpers/mirror-revisions.ts';
import { mirrorAvailable } from '../../harness/paths.ts';

/**
 * Whole-revision diffs of the real spec (every page plus schema.json): each record readable
 * and levelled by the same argument wherever it appears (issue 10, items 5–10).
 */
const describeMirror = mirrorAvailable() ? describe : describe.skip;

describeMirror('2025-11-25 → 2026-07-28, whole revisions', () => {
  let changes: Change[] = [];
  beforeAll(async () => {
    changes = await diffMirrorRevisions('2025-11-25', '2026-07-28');
  }, 120_000);

  it('a rule that now binds a subset of the parties it bound is not breaking (receivers → servers, senders → clients)', () => {
    const actorChanges = changes.filter((c) => c.id === 'rule-actor-changed');
    expect(actorChanges.length).toBeGreaterThan(0);
    expect(actorChanges.filter((c) => c.level === 'breaking')).toEqual([]);
    const tracked = actorChanges.find((c) => /track active progress tokens/.test(c.after?.text ?? ''));
    expect(tracked).toMatchObject({ level: 'non-breaking', before: { actors: ['senders', 'receivers'] }, after: { actors: ['clients', 'servers'] } });
    expect(tracked!.levelReason).toMatch(/fewer parties/);
  });

  it('term-added / term-removed are signals: editorial, never counted as non-breaking', () => {
    const terms = changes.filter((c) => c.kind === 'term');
    // Names the other revision has nowhere (revision-wide), on pages that existed before, that no other record of the page quotes.
    expect(terms.length).toBeGreaterThan(0);
    expect(terms.every((c) => c.level === 'editorial')).toBe(true);
    const newPages = new Set(changes.filter((c) => c.id === 'page-added').map((c) => c.page));
    expect(terms.filter((t) => newPages.has(t.page))).toEqual([]);
    expect(terms.filter((t) => changes.some((c) => c.page === t.page && c.kind !== 'term' && c.after?.text.includes(t.subject) && t.action === 'added'))).toEqual([]);
  });

  it('prose-inverted pairs only a statement with its own negation (the elicitation statefulness advice), not sentences that merely gained a "not"', () => {
    const inverted = changes.filter((c) => c.id === 'prose-inverted');
    expect(inverted.map((c) => c.page)).toEqual(['client/elicitation']);
    expect(inverted[0]!.after?.text).toMatch(/do not require that the server maintain state/);
    // Roots gained "does not enforce …" beside unrelated sentences: reworded, not inverted.
    expect(changes.filter((c) => c.page === 'client/roots' && c.kind === 'prose' && /does not enforce/.test(c.after?.text ?? '')).map((c) => c.id)).toEqual(['prose-changed']);
  });

  it('a list item that inherits its keyword is quoted with its lead-in ("Clients MUST return standard JSON-RPC errors …: Server sends …")', () => {
    // The lead-in and its bullets are one rule (list-rules.ts): the record's text starts with the lead-in.
    const item = changes.find((c) => c.kind === 'rule' && /Server sends an `elicitation\/create` request/.test(c.before?.text ?? c.after?.text ?? ''));
    expect(item?.message).toMatch(/Clients MUST return standard JSON-RPC errors for common failure cases: Server sends/);
    expect(changes.filter((c) => c.kind === 'rule' && /^[^:]*(MUST|SHOULD|MAY)[^:]*: .*; /.test((c.after ?? c.before)!.text)).length).toBeGreaterThan(10);
    // A bullet reported on its own (a list that only gained it) still quotes its lead-in.
    const inherited = changes.filter((c) => c.kind === 'rule' && (c.after ?? c.before)?.['leadIn']);
    // Every such record quotes the lead-in's keyword, not only names it in its label.
    for (const c of inherited) {
      const keyword = /\b(MUST NOT|MUST|SHALL|SHOULD NOT|SHOULD|MAY|REQUIRED|RECOMMENDED|OPTIONAL)\b/.exec(String((c.after ?? c.before)!['leadIn']))?.[0];
      if (keyword) expect(c.message.slice(c.message.indexOf(': ') + 2), c.message).toContain(keyword);
    }
  });

  it('a reworded paragraph is quoted around its first changed word, not cut at a fixed length from its start', () => {
    const reworded = changes.filter((c) => c.id === 'prose-changed' && c.before && c.after);
    expect(reworded.length).toBeGreaterThan(50);
    for (const c of reworded) {
      const at = firstDifference(c.before!.text, c.after!.text).after;
      const word = /^[\w/.-]{4,}/.exec(c.after!.text.slice(at))?.[0];
      // An edit that only cut a phrase out is quoted by what it cut: the words around the cut did not change.
      if (/: dropped “/.test(c.message)) expect(c.before!.text).toContain(c.message.split('dropped “')[1]!.replace(/[”…].*$/, '').slice(0, 20));
      else if (word) expect(c.message, c.after!.text).toContain(word);
    }
  });

  it('deprecation notices are records of their own: Roots, Sampling, Logging and Dynamic Client Registration deprecated, non-breaking', () => {
    const deprecated = changes.filter((c) => c.action === 'deprecated');
    expect(deprecated.map((c) => [c.page, c.subject])).toEqual(expect.arrayContaining([
      ['client/roots', 'Roots feature'],
      ['client/sampling', 'Sampling feature'],
      ['server/utilities/logging', 'Logging feature'],
      ['basic/authorization/index', 'Dynamic Client Registration'],
    ]));
    expect(deprecated.every((c) => c.level === 'non-breaking')).toBe(true);
    // "the deprecated features registry" is a registry of deprecated features, not a deprecated registry.
    expect(deprecated.filter((c) => /registry/.test(c.subject))).toEqual([]);
  });

  it('a field that becomes required is breaking for whoever sends it, results included, and the record names them', () => {
    const obligations = changes.filter((c) => c.id === 'required-field-added' || c.id === 'field-became-required');
    expect(obligations.length).toBeGreaterThan(10);
    // Except where the field's description already made its senders provide it: the schema caught up with the prose.
    expect(obligations.filter((c) => c.level !== 'breaking' && !/already binds senders to it/.test(c.levelReason ?? '')).map((c) => c.subject)).toEqual([]);
    expect(obligations.filter((c) => c.level !== 'breaking').map((c) => c.subject)).toEqual(['CancelledNotificationParams.requestId']);
    // ttlMs is new on the shared cacheable-result shape: one record there, the list results inherit it.
    const ttl = obligations.find((c) => c.subject === 'CacheableResult.ttlMs');
    expect(ttl).toMatchObject({ level: 'breaking', after: { mustSend: 'server' } });
    expect(ttl!.message).toMatch(/Servers must now send it/);
  });

  it('a change to a shared shape is one record at its origin: the new _meta keys once, on the meta object, listing the 7 request params that inherit them', () => {
    const key = changes.filter((c) => c.source === 'schema' && /\["io\.modelcontextprotocol\/protocolVersion"\]$/.test(c.subject));
    expect(key).toHaveLength(1);
    expect(key[0]).toMatchObject({ id: 'required-field-added', level: 'breaking', subject: 'RequestMetaObject["io.modelcontextprotocol/protocolVersion"]' });
    expect(key[0]!.after?.['inheritors']).toEqual(expect.arrayContaining(['CallToolRequestParams', 'ReadResourceRequestParams']));
    expect((key[0]!.after?.['inheritors'] as string[]).length).toBe(7);
    expect(key[0]!.message).toMatch(/Inherited by 7 definitions/);
    // Only clients send requests in the new revision (its server requests are gone): the new duty binds them alone.
    expect(key[0]!.after?.['mustSend']).toBe('client');
    expect(key[0]!.message).toMatch(/ Clients must now send it\./);
  });

  it('a removed section and the MUST rules removed with it agree: the section is breaking too, and says why', () => {
    const sections = changes.filter((c) => c.id === 'section-removed');
    for (const section of sections) {
      const withIt = changes.filter((c) => c.page === section.page && c.section.old === section.subject && c.section.new === null && c.action === 'removed' && c.kind !== 'term' && c !== section);
      if (withIt.some((c) => c.level === 'breaking')) expect(section, section.subject).toMatchObject({ level: 'breaking', levelReason: expect.stringMatching(/went with it/) });
      // A section that held only an example or an explanation bound no one: editorial, and it says what it held.
      else if (section.before?.['holds']) expect(section.level, section.subject).toBe('editorial');
      else expect(section.level, section.subject).toBe('non-breaking');
    }
    expect(sections.some((c) => c.subject === 'Root List Changes' && c.level === 'breaking')).toBe(true);
  });

  it('the same constraint change has the same level wherever it appears', () => {
    const levels = new Map<string, Set<string>>();
    for (const c of changes.filter((x) => x.kind === 'schema-field' || x.kind === 'rule')) {
      const key = [c.id, c.before?.text ?? '', c.after?.text ?? '', c.before?.keyword ?? '', c.after?.keyword ?? ''].join('\u0000');
      levels.set(key, new Set([...(levels.get(key) ?? []), c.level]));
    }
    expect([...levels].filter(([, l]) => l.size > 1).map(([k]) => k)).toEqual([]);
  });
});

describeMirror('2025-03-26 → 2025-06-18, whole revisions', () => {
  it('the pagination example that gained its `id` does not turn resources/list from a notification into a request: the schema says request in both', async () => {
    const changes = await diffMirrorRevisions('2025-03-26', '2025-06-18');
    const record = changes.find((c) => c.id === 'message-envelope-changed' && c.subject === 'resources/list');
    expect(record).toMatchObject({ page: 'server/utilities/pagination', level: 'editorial' });
    expect(record!.levelReason).toMatch(/schemas define `resources\/list` as a JSON-RPC request/);
  }, 60_000);
});
