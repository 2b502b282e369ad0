import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { casesDir, changesOf, IMPACT_CASES, one } from './cases.ts';

/**
 * Whom a change breaks (breaking, opt-in, non-breaking, editorial), one fixture per pattern
 * of the documents the impact reads (cases.ts); each case states its intent below, by hand.
 */
describe('the impact of a change', () => {
  it('has a fixture for every case below', () => {
    for (const name of IMPACT_CASES) expect(existsSync(join(casesDir, name, 'old')), name).toBe(true);
  });

  it('union-name: a new definition that only names a union of definitions (old members, or a member new on its own) is editorial; the new member and the field that uses it say what changed', async () => {
    const { grouped } = await changesOf('union-name');
    expect(one(grouped, /`FastenerPart`/)).toMatchObject({ impact: 'editorial', rule: 'definition-added' });
    expect(one(grouped, /`LoosePart`/).impact).toBe('editorial');
    expect(one(grouped, /`LoosePart`/).reason).toMatch(/only names a union of definitions \(NutPart \| WasherPart\)/);
    expect(one(grouped, /`WasherPart`/).impact).toBe('non-breaking');
    expect(one(grouped, /Crate\.spares/).impact).toBe('non-breaking');
  });

  it('reserved-names: a passage that reserves names, reworded to reserve others, is breaking though it has no keyword; a reservation reworded with the same names, and other prose, stay editorial', async () => {
    const { grouped, changes } = await changesOf('reserved-names');
    const reserved = one(grouped, /^Reserved names changed: /);
    expect(reserved).toMatchObject({ impact: 'breaking', rule: 'prose-changed' });
    expect(reserved.reason).toMatch(/now reserves `size\.gizmo\/`, `color\.gizmo\/`, which it did not/);
    expect(changes.filter((c) => c.level !== 'editorial').map((c) => c.subject)).toEqual(['For example, `size.gizmo/` and `color.gizmo/` are reserved.']);
    expect(grouped.filter((c) => c !== reserved).map((c) => c.impact)).toEqual(['editorial']);
  });

  it('new-parts-required: a MUST reworded to ask for parts this revision adds as pages (words exchanged for them, not only added) is breaking, naming them; a MUST reworded among old things stays as the wording reads', async () => {
    const { grouped } = await changesOf('new-parts-required');
    const conformance = one(grouped, /support the core messages, caching, and the exchange patterns/);
    expect(conformance).toMatchObject({ impact: 'breaking', rule: 'rule-changed' });
    expect(conformance.reason).toMatch(/asks for what this revision adds \(guide\/caching, guide\/patterns\/index\)/);
    expect(one(grouped, /answer every request within the deadline/).impact).toBe('non-breaking');
  });

  it('new-kind: duties about a new kind of something (a definition that joined a union beside old members, named in plain words by what sets it apart: "pen sketches" for `PenSketchPart` beside `TextPart`), in their subject or condition, are opt-in naming it; a new duty on what existed stays breaking', async () => {
    const { grouped } = await changesOf('new-kind');
    const sketches = one(grouped, /Pen Sketch Bodies/);
    expect(sketches).toMatchObject({ impact: 'opt-in', feature: '`PenSketchPart`', rule: 'required-rule-added' });
    expect(sketches.records).toHaveLength(4);
    expect(one(grouped, /Titles/).impact).toBe('breaking');
  });

  it('restated-standard: a new MUST that restates another document ("as required by X Section n") binds no one anew when an old MUST already bound the same party to X: editorial; another party, or a document never cited, stays breaking', async () => {
    const { grouped } = await changesOf('restated-standard');
    const nonce = one(grouped, /send the nonce twice/);
    expect(nonce).toMatchObject({ impact: 'editorial', rule: 'required-rule-added' });
    expect(nonce.reason).toMatch(/already bound clients to that document: “Clients MUST implement the handshake according to Widget Auth 2\.0 Section 7\.”/);
    expect(one(grouped, /log every nonce/).impact).toBe('breaking');
    expect(one(grouped, /rotate their signing keys/).impact).toBe('breaking');
  });

  it('schema-required: a new MUST that a field be of a type, where the older schema already required that field of that type, is editorial; one about a field the old schema left optional stays breaking', async () => {
    const { grouped } = await changesOf('schema-required');
    const settings = one(grouped, /Gadget/);
    expect(settings).toMatchObject({ impact: 'editorial', rule: 'required-rule-added' });
    expect(settings.reason).toMatch(/schema already required `Gadget\.settings`, as an object/);
    expect(one(grouped, /`tags`: MUST be a non-empty array/).impact).toBe('breaking');
  });

  it('quantified-duty: a MUST reworded from one named specification to "both" (all, every, each) of some mechanisms asks for every one where one did: breaking, though it exchanged more words than it brought; a MUST whose old wording already quantified stays as its words read', async () => {
    const { grouped } = await changesOf('quantified-duty');
    const both = one(grouped, /support both lookup methods/);
    expect(both).toMatchObject({ impact: 'breaking', rule: 'rule-changed' });
    expect(both.reason).toMatch(/now names what it did not \(support, both, lookup, method\)/);
    expect(one(grouped, /keep each catalog location/).impact).toBe('non-breaking');
  });

  it('sibling-duties: a new duty that names nothing new ("To prevent this harm, servers MUST …") in a new section whose other duties all hang on one new feature is opt-in on it; beside a duty that binds everyone, or with one such sibling only, it stays breaking', async () => {
    const { grouped } = await changesOf('sibling-duties');
    const overheating = one(grouped, /Overheating/);
    expect(overheating).toMatchObject({ impact: 'opt-in', feature: '`turbo`' });
    expect(overheating.records).toHaveLength(4);
    expect(one(grouped, /Noise/).impact).toBe('breaking');
  });
});
