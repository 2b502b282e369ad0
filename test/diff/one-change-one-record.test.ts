import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentWords, sameWord, shareFoundIn } from '../../src/diff/content-words.ts';
import { diffPageTexts } from '../../src/diff/index.ts';
import { mirrorAvailable, specPages } from '../../harness/paths.ts';

/**
 * One change seen by two differs is one record: a rule reworded because its capability
 * moved (capability-rule-fold.ts), a sentence rewritten into a rule (prose-become-rule.ts),
 * words split off a reworded sentence (split-off-prose.ts), a paragraph rewritten around its
 * content (restructured-prose.ts). The fixtures' goldens are in fixtures/pages/{capability-rule-fold,
 * prose-become-rule,split-off-prose,restructured-prose}; here, the words
 * the matching rests on and the real spec pages the patterns were found on.
 */
describe('content words', () => {
  it('leave out function words and keywords before the plural "s" is dropped', () => {
    expect(contentWords('These scopes MUST satisfy this request.')).toEqual(['scope', 'satisfy', 'request']);
  });

  it('one word in two inflections is one word; short words match only exactly', () => {
    expect(sameWord('send', 'sending')).toBe(true);
    expect(sameWord('satisfy', 'satisfying')).toBe(true);
    expect(sameWord('use', 'user')).toBe(false);
    expect(sameWord('request', 'requirement')).toBe(false);
  });

  it('the share of words taken from another wording', () => {
    expect(shareFoundIn(['send', 'parcel'], ['sending', 'letter'])).toBe(0.5);
    expect(shareFoundIn([], ['parcel'])).toBe(0);
  });
});

const describeMirror = mirrorAvailable() ? describe : describe.skip;
const read = (revision: string, page: string) => readFileSync(join(specPages, revision, `${page}.mdx`), 'utf8');
/** A page of both revisions; `was` names it in the older one when it moved (the page became a folder). */
const diff = (page: string, was = page) => diffPageTexts(read('2025-11-25', was), read('2026-07-28', page)).changes;

describeMirror('one change, one record on the real spec (2025-11-25 → 2026-07-28)', () => {
  it.each(['client/elicitation', 'client/roots', 'client/sampling'])('%s: the capability move carries the rule that says where it is declared; no second record for the rule', (page) => {
    const changes = diff(page);
    const moves = changes.filter((c) => c.id === 'capability-moved');
    expect(moves).toHaveLength(1);
    const [move] = moves;
    expect(move!.level).toBe('breaking');
    expect(move!.after?.['rule']).toMatch(/MUST declare .* on each request/);
    expect(move!.before?.['rule']).toMatch(/MUST declare .* during initialization/);
    expect(move!.message).toMatch(/The MUST rule now reads: /);
    const echoes = changes.filter((c) => c.kind === 'rule' && c.section.new === move!.section.new && /clientCapabilities/.test(c.after?.text ?? ''));
    expect(echoes).toEqual([]);
  });

  it('client/elicitation: the sentence rewritten into a MAY rule is the rule, not also a removed paragraph', () => {
    const changes = diff('client/elicitation');
    expect(changes.filter((c) => c.id === 'prose-removed' && /^To request information from a user/.test(c.subject))).toEqual([]);
    const [rule] = changes.filter((c) => c.id === 'rule-added' && /^Servers MAY request information from a user/.test(c.subject));
    expect(rule?.after?.['wasProse']).toMatch(/^To request information from a user/);
    // The message the sentence also describes keeps its own record.
    expect(changes.filter((c) => c.id === 'message-envelope-changed' && c.subject === 'elicitation/create')).toHaveLength(1);
  });

  it('client/sampling: the lead-in rewritten into a MUST rule is the rule', () => {
    const changes = diff('client/sampling');
    expect(changes.filter((c) => c.id === 'prose-removed' && /^Sampling messages can contain/.test(c.subject))).toEqual([]);
    expect(changes.filter((c) => c.id === 'required-rule-added' && /^Sampling messages MUST contain/.test(c.subject))).toHaveLength(1);
  });

  it('basic/authorization: the words split off a reworded MUST belong to its record, not a new paragraph', () => {
    const changes = diff('basic/authorization/index', 'basic/authorization');
    expect(changes.filter((c) => c.id === 'prose-added' && /^These scopes are required to satisfy the current request/.test(c.subject))).toEqual([]);
    const [rule] = changes.filter((c) => c.id === 'rule-changed' && /authoritative for the current operation/.test(c.subject));
    // "for satisfying the current request" → "for the current operation": words exchanged, no duty added (#26).
    expect(rule).toMatchObject({ level: 'non-breaking' });
    expect(rule!.after?.['splitOff']).toEqual(['These scopes are required to satisfy the current request.']);
  });

  it('server/tools: a list item rewritten around its content is one reworded paragraph, not one removed and one added', () => {
    const changes = diff('server/tools');
    const lead = /^Protocol Errors: Standard JSON-RPC errors for issues like/;
    expect(changes.filter((c) => c.id === 'prose-removed' && lead.test(c.before!.text))).toEqual([]);
    expect(changes.filter((c) => c.id === 'prose-added' && /^They are returned as standard JSON-RPC errors/.test(c.after!.text))).toEqual([]);
    const [reworded] = changes.filter((c) => c.id === 'prose-changed' && lead.test(c.before!.text));
    expect(reworded?.after?.text).toMatch(/^They are returned as standard JSON-RPC errors/);
  });

  it('basic/authorization/authorization-server-discovery: a rule, the rule pointing back at it and its example are one record', () => {
    const changes = diff('basic/authorization/authorization-server-discovery', 'basic/authorization');
    const rules = changes.filter((c) => c.kind === 'rule');
    // "If they differ, …" and "For example, … MUST be rejected." are no rules of their own.
    expect(rules.filter((c) => /^(?:If they differ|For example)/.test(c.subject))).toEqual([]);
    const [rule] = rules.filter((c) => /MUST validate it/.test(c.subject));
    expect(rule).toMatchObject({ id: 'required-rule-added', level: 'breaking' });
    expect(rule!.after?.text).toMatch(/If they differ, the client MUST NOT use the metadata\.$/);
    expect(rule!.after?.actor).toBe('clients');
    expect(rule!.after?.['example']).toMatch(/^For example, a document fetched from .* MUST be rejected\.$/);
  });

  it('basic/transports/streamable-http: a rule pointing back at a prose sentence is quoted with it, and the sentence is no paragraph of its own', () => {
    const changes = diff('basic/transports/streamable-http', 'basic/transports');
    const [rule] = changes.filter((c) => c.kind === 'rule' && /^These markers are case-sensitive/.test(c.subject));
    expect(rule!.after?.['leadIn']).toMatch(/indicate that the value is Base64-encoded\.$/);
    expect(rule!.message).toMatch(/Base64-encoded\. These markers are case-sensitive and MUST/);
    expect(changes.filter((c) => c.kind === 'prose' && /indicate that the value is Base64-encoded/.test(c.subject))).toEqual([]);
  });

  it('basic/index: a bold label is the title of the paragraph it introduces, not a paragraph of its own', () => {
    const changes = diff('basic/index');
    const prose = changes.filter((c) => c.kind === 'prose');
    expect(prose.filter((c) => /^(?:Reserved keys|Per-request protocol fields|Per-response protocol fields):?$/.test(c.subject))).toEqual([]);
    expect(prose.filter((c) => c.id === 'prose-added' && /^Reserved keys: The following `_meta` keys are reserved/.test(c.subject))).toHaveLength(1);
  });

  it('basic/index: a rule rewritten in place (same section, keyword and subject) is one changed rule, not one removed and one added', () => {
    const changes = diff('basic/index');
    const rules = changes.filter((c) => c.kind === 'rule' && /^The request ID MUST NOT/.test(c.before?.text ?? c.after?.text ?? ''));
    expect(rules.map((c) => c.id)).toEqual(['rule-changed']);
    expect(rules[0]!.before?.text).toMatch(/previously used by the requestor/);
    expect(rules[0]!.after?.text).toMatch(/not yet received a response for/);
  });

  it('architecture/index: a list item rewritten between unchanged neighbours is one reworded paragraph', () => {
    const changes = diff('architecture/index');
    expect(changes.filter((c) => c.kind === 'prose' && c.action !== 'changed' && /^Request (sampling|client input)/.test(c.subject))).toEqual([]);
    const [reworded] = changes.filter((c) => c.id === 'prose-changed' && /^Request sampling through client interfaces$/.test(c.before!.text));
    expect(reworded?.after?.text).toMatch(/^Request client input \(sampling, elicitation, roots\)/);
  });
});
