import { describe, expect, it } from 'vitest';
import { opensAsExample, pointsBack } from '../../src/model/cue-words.ts';
import { buildDocument } from '../../src/model/build.ts';

/** How a paragraph's sentences become rules (statements.ts, cue-words.ts). */
describe('sentences that cannot stand alone', () => {
  it('a sentence opening as an example illustrates; its keywords are no rule', () => {
    expect(opensAsExample('For example, a parcel MUST be kept.')).toBe(true);
    expect(opensAsExample('E.g. servers MAY retry.')).toBe(true);
    expect(opensAsExample('For examples of parcels, see the catalog.')).toBe(false);
  });

  it('a subject pointing back, but not an empty "it" or the page itself', () => {
    for (const s of ['If they differ, the client MUST NOT use it.', 'It MUST be unique.', 'Such parcels MUST be kept.', 'Otherwise, servers MUST retry.', 'In that case, servers MUST retry.']) expect(pointsBack(s), s).toBe(true);
    for (const s of ['It is RECOMMENDED that servers retry.', 'This document defines what servers MUST do.', 'In this section, servers MUST retry.', 'Servers MUST retry.']) expect(pointsBack(s), s).toBe(false);
  });

  it('a rule, a rule pointing back at it and its example are one rule; the example is kept apart from its wording', () => {
    const doc = buildDocument('Clients MUST compare the names. If they differ, the client MUST NOT go on. For example, a parcel for Ann claimed by Bob MUST be kept.\n');
    expect(doc.rules).toHaveLength(1);
    expect(doc.rules[0]).toMatchObject({
      text: 'Clients MUST compare the names. If they differ, the client MUST NOT go on.',
      keywords: ['MUST', 'MUST NOT'], actor: 'clients', leadIn: null,
      example: 'For example, a parcel for Ann claimed by Bob MUST be kept.',
    });
    expect(doc.prose).toEqual([]);
  });

  it('a rule pointing back at prose takes that sentence as its lead-in, and its parties when it names none', () => {
    const doc = buildDocument('Intro sentence here. Servers give every parcel a number. It MUST be unique.\n');
    expect(doc.rules).toEqual([expect.objectContaining({ text: 'It MUST be unique.', leadIn: 'Servers give every parcel a number.', actor: 'servers' })]);
    expect(doc.prose.map((p) => p.text)).toEqual(['Intro sentence here.']);
  });

  it('an example with no rule before it in its paragraph is prose', () => {
    const doc = buildDocument('Servers MAY stack parcels.\n\nFor example, a server MAY stack crates.\n');
    expect(doc.rules.map((r) => r.text)).toEqual(['Servers MAY stack parcels.']);
    expect(doc.prose.map((p) => p.text)).toEqual(['For example, a server MAY stack crates.']);
  });

  it('"It is RECOMMENDED that …" after a rule is a rule of its own', () => {
    const doc = buildDocument('Clients MUST sign the log. It is RECOMMENDED that servers keep it.\n');
    expect(doc.rules.map((r) => r.text)).toEqual(['Clients MUST sign the log.', 'It is RECOMMENDED that servers keep it.']);
  });
});
