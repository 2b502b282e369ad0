import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffPageTexts } from '../../src/diff/index.ts';
import type { Change } from '../../src/records/change.ts';
import { fixturesDir } from '../../harness/paths.ts';

/**
 * What each golden page fixture is for, said by hand: golden.test.ts checks that nothing
 * moved, this says what must be true (so a golden rewritten with UPDATE=1 cannot quietly
 * bless a wrong record). One entry per fixture; a fixture without one fails.
 */
const pagesDir = join(fixturesDir, 'pages');
const diff = (name: string): Change[] =>
  diffPageTexts(readFileSync(join(pagesDir, name, 'old.mdx'), 'utf8'), readFileSync(join(pagesDir, name, 'new.mdx'), 'utf8')).changes;
const line = (c: Change) => `${c.id} ${c.level} ${c.subject}`;
const ids = (changes: readonly Change[]) => changes.map((c) => c.id);
const find = (changes: readonly Change[], id: string, subject: RegExp) => changes.find((c) => c.id === id && subject.test(c.subject));

const INTENTS: Record<string, (changes: Change[]) => void> = {
  'announced-list': (c) => {
    // A list announced by "the following … MUST" holds duties: a new item is one, its attributes part of it.
    expect(c.map(line)).toEqual([
      'required-rule-added breaking Max Batch: The largest batch the exporter sends (Default: 512; Type: Integer)',
      'prose-added editorial Backoff is described elsewhere.',
    ]);
  },
  'bold-subheads': (c) => {
    // A sub-section whose heading became a paragraph in bold is the same sub-section: moved, not removed.
    expect(c.filter((x) => x.kind === 'section').map(line)).toEqual(['section-moved editorial Electric', 'section-moved editorial Stovetop', 'section-moved editorial Cleaning', 'section-added editorial Lids']);
  },
  'bullets-become-fields': (c) => {
    // Bullets that became named fields' descriptions are those fields' records, not paragraphs removed.
    expect(c.some((x) => x.id === 'prose-removed')).toBe(false);
  },
  capabilities: (c) => {
    // A capability's option gone breaks who used it; one that moved is a move, not a removal and an addition.
    expect(find(c, 'capability-option-removed', /widgets\.watch/)?.level).toBe('breaking');
    expect(find(c, 'capability-moved', /sparks/)).toBeDefined();
    expect(c.filter((x) => /sparks/.test(x.subject)).map((x) => x.id)).toEqual(['capability-moved']);
  },
  'capability-rule-fold': (c) => {
    // The rule saying where a capability is declared is part of the capability's move, not a record of its own.
    expect(c.filter((x) => x.id === 'capability-moved' && x.subject === 'gadgets')).toHaveLength(1);
    expect(c.some((x) => x.kind === 'rule' && /declare the `gadgets`/.test(x.subject))).toBe(false);
  },
  'cited-rules': (c) => {
    // A keyword inside a link into the spec cites a rule stated elsewhere: the sentence is prose.
    expect(c.some((x) => x.kind === 'rule' && /^Codes of earlier versions/.test(x.subject))).toBe(false);
    expect(find(c, 'required-rule-added', /Viewers MUST retry/)).toBeDefined();
  },
  'contents-title': (c) => {
    // A table of contents (its title too) is navigation: only the new heading it lists is a record.
    expect(ids(c)).toEqual(['section-added']);
  },
  deprecations: (c) => {
    // Deprecation is its own action, non-breaking, for a feature, a message and a field.
    expect(c.filter((x) => x.action === 'deprecated').map((x) => `${x.id} ${x.level}`)).toEqual([
      'feature-deprecated non-breaking', 'message-deprecated non-breaking', 'feature-deprecated non-breaking', 'field-deprecated non-breaking',
    ]);
  },
  'error-code-ranges': (c) => {
    // The two ends of a reserved range are no codes; a code beside a range is.
    expect(c.filter((x) => x.kind === 'error-code').map((x) => x.subject)).toEqual(['-32412', '-32413', '-32414', '-32415', '-32416']);
    expect(c.some((x) => x.kind === 'error-code' && /-32499|-32400/.test(x.subject))).toBe(false);
  },
  'error-codes': (c) => {
    // A code renamed keeps its number (editorial); a different code in a MUST changes the duty.
    expect(find(c, 'error-code-renamed', /-32010/)?.level).toBe('editorial');
    expect(find(c, 'rule-changed', /Servers MUST return these errors/)?.level).toBe('breaking');
  },
  'field-table-key-lists': (c) => {
    // A name cell listing several keys is a field for each, their sentences one rule naming them all.
    expect(c.filter((x) => x.id === 'field-added').map((x) => x.subject)).toEqual(expect.arrayContaining(['`tuning` › highWater', '`tuning` › lowWater', '`tuning` › spill']));
    expect(c.filter((x) => x.kind === 'rule')).toHaveLength(1);
  },
  'field-tables': (c) => {
    // Tables under any header are read by structure: requiredness, rules in rows, codes in a Code column.
    expect(find(c, 'field-became-required', /Record › source/)?.level).toBe('breaking');
    expect(find(c, 'rule-strengthened', /tags: The array MUST NOT be empty/)).toBeDefined();
    expect(ids(c.filter((x) => x.kind === 'error-code'))).toEqual(['error-code-removed', 'error-code-added']);
  },
  fields: (c) => {
    // Every field change of a message and a table, each once, levelled for who sends it.
    expect(find(c, 'required-field-added', /session/)?.level).toBe('breaking');
    expect(find(c, 'field-became-optional', /owner/)?.level).toBe('non-breaking');
    expect(find(c, 'field-value-removed', /kind/)?.level).toBe('breaking');
  },
  'json-placeholders': (c) => {
    // Placeholders in examples (`...`, `{ … }`) are read past: the example still yields its fields.
    expect(find(c, 'field-added', /items\/get params\.version/)).toBeDefined();
  },
  labels: (c) => {
    // A paragraph that is only a label titles the paragraph it introduces.
    expect(c.some((x) => /^Reserved keys:$/.test(x.subject))).toBe(false);
    expect(find(c, 'prose-changed', /^Storage limits: Depots keep/)).toBeDefined();
  },
  'lowercase-keywords': (c) => {
    // A spec that declares lower-case keywords binding is read so.
    expect(c.map(line)).toEqual(['rule-strengthened breaking A selection set must not be empty.', 'rule-added non-breaking Aliases may be used to rename a field in the response.']);
  },
  malformed: (c) => {
    // A broken page still diffs what could be read.
    expect(ids(c)).toEqual(['required-rule-added', 'message-added']);
  },
  messages: (c) => {
    // A change of envelope is breaking; a removed section goes as severe as what went with it.
    expect(find(c, 'message-envelope-changed', /^prompt\/ask$/)?.level).toBe('breaking');
    expect(find(c, 'section-removed', /Finishing/)?.level).toBe('breaking');
  },
  'grammar-productions': (c) => {
    // A production's alternatives are the production: one rewording each, never a paragraph per alternative.
    expect(c.filter((x) => x.kind === 'prose').map((x) => x.subject)).toEqual(['Glyph :: "Any printable character"', 'Separator : Comma | Semicolon | Colon', 'plum']);
  },
  'prose-become-rule': (c) => {
    // A sentence rewritten into a rule is that rule, not also a removed paragraph.
    expect(c.some((x) => x.id === 'prose-removed' && /posting a `Dispatch`/.test(x.subject))).toBe(false);
    expect(find(c, 'rule-added', /Senders MAY ask for a delivery/)?.after?.['wasProse']).toBeDefined();
    // What prose said "can" happen, a MUST now requires: a new duty.
    expect(find(c, 'required-rule-added', /Parcel labels MUST/)?.level).toBe('breaking');
  },
  'prose-in-place': (c) => {
    // A paragraph rewritten where it stood is one reworded paragraph.
    expect(ids(c)).toEqual(['prose-changed', 'prose-removed', 'prose-added']);
  },
  'prose-inversion': (c) => {
    // Only a negation in front of words both versions state is an inversion.
    expect(c.filter((x) => x.id === 'prose-inverted')).toHaveLength(1);
  },
  'lowercase-narrowing': (c) => {
    // In a lower-case spec, a word added before "must not" narrows the rule; an "Assert:" step is no rule.
    expect(find(c, 'rule-changed', /non-repeatable/)?.level).toBe('non-breaking');
    expect(c.some((x) => x.kind === 'rule' && /^Assert:/.test(x.subject))).toBe(false);
  },
  'lowercase-possibility': (c) => {
    // A lower-case "may" before a verb of happening says what can come about: prose; a party's "may" still permits.
    expect(c.filter((x) => x.kind === 'rule').map((x) => x.subject)).toEqual(['A kettle may refuse a pour while a fault is raised.', 'A fault may be cleared by the user.']);
  },
  'lowercase-notes': (c) => {
    // A note's lower-case keywords bind no one; its capitals and a plain sentence's lower case still do.
    expect(ids(c)).toEqual(['prose-added', 'required-rule-added', 'rule-added', 'prose-added']);
  },
  'moved-production': (c) => {
    // A production moved into a sub-section is reworded there, not removed.
    expect(c.filter((x) => x.kind === 'prose').map((x) => x.id)).toEqual(['prose-changed']);
  },
  'named-tables': (c) => {
    // A table whose first column names things defines them: rows removed, added and changed are entries of that kind.
    expect(find(c, 'entry-removed', /^paused$/)?.level).toBe('breaking');
    expect(find(c, 'entry-added', /^session_locked$/)?.level).toBe('non-breaking');
    expect(find(c, 'entry-changed', /^Idle$/)?.level).toBe('non-breaking');
    // A row's duty is a rule of what the row names.
    expect(find(c, 'required-rule-added', /^resumed: Clients MUST send pending messages again/)).toBeDefined();
    // Bullets and definition lists that define fields are fields of their section.
    expect(find(c, 'required-field-added', /Open Parameters › priority/)?.level).toBe('breaking');
    expect(find(c, 'field-became-optional', /Open Parameters › label/)).toBeDefined();
    expect(find(c, 'field-added', /Terminology › Resumption/)).toBeDefined();
    // A table of data defines nothing, but its changed and new rows are still reported, as wording.
    expect(c.filter((x) => /alpha|gamma/.test(x.subject)).map((x) => `${x.id} ${x.level}`)).toEqual(['prose-changed editorial', 'prose-added editorial']);
    expect(c.some((x) => x.id.startsWith('entry-') && /alpha|gamma/.test(x.subject))).toBe(false);
  },
  'outline-and-captions': (c) => {
    // Outline entries (headings that only link to a page) and a code block's few-word captions are no text.
    expect(c).toEqual([]);
  },
  'pointing-lead-in': (c) => {
    // A bullet under a lead-in that points at a section of the page spells out a duty stated there.
    expect(find(c, 'required-rule-added', /^Enabled:/)?.level).toBe('editorial');
    expect(find(c, 'required-rule-added', /count what they skip/)?.level).toBe('breaking');
  },
  'self-described': (c) => {
    // A sentence in which the page describes the duties it holds asks nothing of its own.
    expect(find(c, 'required-rule-added', /^This page collects/)?.level).toBe('editorial');
    expect(find(c, 'required-rule-added', /memory budget/)?.level).toBe('breaking');
  },
  prose: (c) => {
    expect(find(c, 'prose-inverted', /do not require/)?.level).toBe('non-breaking');
    expect(c.filter((x) => x.kind === 'prose').every((x) => x.level !== 'breaking')).toBe(true);
  },
  'raw-html': (c) => {
    // Raw HTML and entities are read as text: a keyword in an HTML block still counts.
    expect(find(c, 'rule-strengthened', /Receivers MUST answer/)).toBeDefined();
    expect(find(c, 'prose-changed', /& its "color"/)).toBeDefined();
  },
  'repeated-headings': (c) => {
    // Sections pair by heading path: adding one object does not shift the others.
    expect(find(c, 'field-type-changed', /Gadget Object › Fixed Fields › weight/)).toBeDefined();
    expect(c.some((x) => /Gadget Object/.test(x.subject) && x.id === 'section-added')).toBe(false);
  },
  'example-sentences': (c) => {
    // "This example is valid as … MAY …" explains the example: prose, not a rule.
    expect(c.filter((x) => x.kind === 'prose').map((x) => x.subject)).toEqual(['This example is valid as the inner tray MAY be empty.', 'In the example below, the outer tray MUST NOT hold itself.']);
  },
  'exceptions-added': (c) => {
    // A paragraph that now leaves out a name in code ("except `origin`") includes something else: non-breaking.
    expect(c.map((x) => x.level)).toEqual(['non-breaking', 'editorial', 'non-breaking']);
  },
  'describing-clauses': (c) => {
    // A lower-case keyword inside a when-/if-/where-clause after the sentence's own clause, or a "may have different …", describes: no rule.
    expect(c.filter((x) => x.kind === 'rule').map((x) => x.subject)).toEqual([
      'If present, `colour` must be the name of a colour.',
      'Lanterns that burn where the air is thin should carry a spare wick.',
      'If a lantern runs dry it must raise the `dry` flag.',
    ]);
  },
  'notation-conventions': (c) => {
    // A lower-case "may" whose subject is the notation (a grammar production, a nonterminal) says what the notation can express: no rule; a party's "may" is one.
    expect(c.filter((x) => x.kind === 'rule').map((x) => x.subject)).toEqual(['A kettle may whistle when its water boils.']);
  },
  'rule-into-parent-note': (c) => {
    // A sentence moved into a note of the section above it moved there (editorial, saying where); a note in a sibling section does not take it.
    expect(c.map((x) => `${x.id} ${x.level}`)).toEqual(['rule-moved editorial', 'prose-added editorial', 'rule-removed non-breaking']);
    expect(c[0]!.message).toContain('to "Lines" as a note');
  },
  'strengthened-already-bound': (c) => {
    // SHOULD → MUST where the older section already bound the same duty with MUST nobody is newly bound; a strengthening beside an unrelated MUST still breaks.
    expect(c.map((x) => `${x.id} ${x.level}`)).toEqual(['rule-strengthened non-breaking', 'rule-strengthened breaking']);
  },
  'optional-entry-duty': (c) => {
    // A duty of a new entry marked optional in the section's list of inputs binds only its users (opt-in); a duty of an entry not marked optional, or of an old one, still breaks.
    expect(c.filter((x) => x.kind === 'rule').map((x) => `${x.level} ${x.subject}`)).toEqual([
      'non-breaking If present, {sugar} must be measured in level spoons, but there are no other limits on it.',
      'breaking The {lid} must fit the pot it closes.',
      'breaking The {water} must be filtered before it boils.',
    ]);
  },
  'inversion-other-subject': (c) => {
    // A removed MAY and a new MUST NOT that share words but bind different subjects are two rules, not one inverted; the same subject inverted is.
    expect(c.map((x) => `${x.id} ${x.section.new}`)).toEqual(['rule-removed Orders', 'required-rule-added Orders', 'rule-inverted Kettles']);
  },
  'table-column-added': (c) => {
    // A column added to a table of data is one record naming it; a row that changed besides, and another table's row, keep their own.
    expect(c.map((x) => x.subject)).toEqual(['Column “Whistle” added', ' | Shriek | Siren | SEVERE (13)', 'Kitchen | 65']);
  },
  'duty-become-guidance': (c) => {
    // A SHOULD NOT said again as guidance that names no one is the rule's record (what it now reads), not a new paragraph.
    expect(ids(c)).toEqual(['rule-removed']);
    expect(c[0]!.before?.nowProse).toContain('not the place for allergy details');
  },
  'permission-rephrased': (c) => {
    // The one MAY gone from a section and the one come into it, restated with new words, are one rule changed; unrelated ones stay apart.
    expect(ids(c)).toEqual(['rule-changed', 'rule-removed', 'rule-added']);
  },
  'grammar-terminals': (c) => {
    // A MUST about characters in code that its section's production already excludes spells out the grammar; elsewhere it binds.
    expect(c.filter((x) => x.kind === 'rule').map((x) => [x.level, x.subject])).toEqual([
      ['non-breaking', 'The {`<`}, {`>`} characters also MUST be escaped inside a label.'],
      ['breaking', 'The {`#`} character MUST NOT appear in a shelf name.'],
    ]);
  },
  'grammar-spelled-out': (c) => {
    // A MUST about a symbol its section's production defines spells out the grammar: not breaking.
    expect(c.filter((x) => x.kind === 'rule' && x.level === 'breaking').map((x) => x.subject)).toEqual(['An {Amount} in a total MUST NOT exceed 99.']);
  },
  'renamed-words': (c) => {
    // A word the page exchanged everywhere rewords its rules; a name in code exchanged everywhere is one rename.
    expect(c.filter((x) => x.id === 'rule-reworded')).toHaveLength(5);
    expect(c.filter((x) => x.id === 'term-renamed').map((x) => x.message)).toEqual(['`expiry_hint` renamed to `ttl_seconds` (3 places on the page).']);
    expect(find(c, 'rule-changed', /twenty lookups/)).toBeDefined();
  },
  'restructured-prose': (c) => {
    // A paragraph rewritten around its content is one reworded paragraph.
    expect(find(c, 'prose-changed', /^They are returned as plain HTTP status codes/)).toBeDefined();
  },
  'rule-actors': (c) => {
    // Binding fewer parties breaks no one; binding a party that was not bound does.
    expect(c.filter((x) => x.id === 'rule-actor-changed').map((x) => x.level)).toEqual(['non-breaking', 'non-breaking', 'breaking', 'breaking', 'non-breaking', 'non-breaking']);
  },
  'restated-prose': (c) => {
    // A MUST saying what a paragraph of a folded sub-section said is not breaking; a labelled line keeps its label.
    expect(find(c, 'required-rule-added', /^`slots`/)?.level).toBe('non-breaking');
    expect(find(c, 'required-rule-added', /^`volume`/)?.level).toBe('breaking');
    expect(find(c, 'prose-changed', /^Stage:/)).toBeDefined();
    // Its sub-sections' headings became paragraphs in bold: no section removed.
    expect(c.filter((x) => x.id === 'section-removed')).toEqual([]);
  },
  'retitled-page': (c) => {
    // The page's one top heading retitled is a rename, not a section removed and one added.
    expect(find(c, 'section-renamed', /^C\. Appendix: Glossary$/)).toBeDefined();
    expect(c.filter((x) => x.id === 'section-removed')).toEqual([]);
  },
  'retitled-sections': (c) => {
    // A rule restating the section's former title is not breaking.
    expect(find(c, 'required-rule-added', /MUST exist/)?.level).toBe('non-breaking');
  },
  'rewritten-passage': (c) => {
    // Absolute rules that left and came with a rewritten passage are flagged, not breaking; an example's keyword binds nothing.
    expect(c.filter((x) => x.kind === 'rule' && x.level === 'breaking').map((x) => x.subject)).toEqual(['Printers MUST report empty trays.']);
    expect(find(c, 'prose-removed', /^If configured with/)).toBeDefined();
  },
  'rule-become-prose': (c) => {
    // A rule rewritten without its keyword is the rule's record, with the paragraph that took it in; that paragraph has none of its own.
    expect(ids(c)).toEqual(['rule-removed', 'rule-removed', 'rule-removed', 'prose-changed']);
    expect(c.slice(0, 2).every((x) => typeof x.before?.['nowProse'] === 'string')).toBe(true);
    // A prohibition the paragraph does not negate was not rewritten as it.
    expect(c[2]!.before?.['nowProse']).toBeUndefined();
  },
  'rule-plain-half': (c) => {
    // A removed rule's plain half kept as a paragraph is named by the rule's record: no paragraph record of its own.
    expect(c.some((x) => x.id === 'prose-added')).toBe(false);
  },
  'rule-statements': (c) => {
    // An example after a rule is its example: a changed example alone is editorial.
    expect(c.filter((x) => x.id === 'rule-example-changed').every((x) => x.level === 'editorial')).toBe(true);
    expect(find(c, 'required-rule-added', /^It MUST be printed/)).toBeDefined();
  },
  'rules-in-place': (c) => {
    // A MUST reworded in place with other words is one record, and asks no more.
    expect(find(c, 'rule-changed', /ticket number/)?.level).toBe('non-breaking');
  },
  rules: (c) => {
    // The catalog of rule changes, each once.
    expect(ids(c)).toEqual(['rule-strengthened', 'rule-weakened', 'rule-inverted', 'rule-actor-changed', 'rule-changed', 'rule-reworded', 'required-rule-added', 'required-rule-added', 'rule-added', 'required-rule-removed', 'rule-removed', 'rule-moved']);
  },
  'section-removal': (c) => {
    expect(find(c, 'section-removed', /Resuming/)?.level).toBe('breaking');
    expect(find(c, 'section-removed', /Hints/)?.level).toBe('non-breaking');
  },
  sections: (c) => {
    expect(ids(c)).toEqual(['section-renamed', 'section-moved', 'section-removed', 'section-added']);
  },
  'split-off-prose': (c) => {
    // Words split off a reworded rule belong to its record, not to a new paragraph.
    expect(c.some((x) => x.id === 'prose-added' && /every token/.test(x.subject))).toBe(false);
  },
  'split-rules': (c) => {
    // A sentence of two duties split in two is the same two duties.
    expect(ids(c)).toEqual(['rule-reworded']);
  },
  'table-row-prose': (c) => {
    // A paragraph saying what a new row says is part of the row's record.
    expect(c.some((x) => x.id === 'prose-added' && /highWater|lowWater/.test(x.subject))).toBe(false);
  },
  terms: (c) => {
    expect(c.map((x) => `${x.id} ${x.level}`)).toEqual(['term-removed editorial', 'term-added editorial', 'prose-changed editorial']);
  },
  'terms-new-sections': (c) => {
    // Names that came with a new section, or sit in a table of data, are no term records.
    expect(c.filter((x) => x.kind === 'term').map((x) => x.subject)).toEqual(['foo.bar', 'exporter.naming_strategy']);
  },
  'type-declarations': (c) => {
    // TypeScript declarations in code blocks are read as a schema: values, requiredness, deprecation, new types and codes.
    expect(find(c, 'field-value-added', /^OpenParams\.mode$/)?.level).toBe('non-breaking');
    expect(find(c, 'field-became-required', /^OpenParams\.hints$/)?.level).toBe('breaking');
    expect(find(c, 'field-deprecated', /^OpenParams\.colour$/)).toBeDefined();
    expect(find(c, 'field-added', /^OpenParams\.palette$/)?.level).toBe('non-breaking');
    expect(find(c, 'definition-added', /^CloseParams$/)).toBeDefined();
    expect(find(c, 'message-added', /^widget\/close$/)).toBeDefined();
    expect(find(c, 'error-code-added', /^-32802$/)).toBeDefined();
    // A deprecation is one record, not also a description change.
    expect(c.filter((x) => /colour/.test(x.subject))).toHaveLength(1);
  },
  unchanged: (c) => expect(c).toEqual([]),
  'unstable-sections': (c) => {
    // A new MUST under a "Status: Development" (or "Experimental") binds adopters: non-breaking; under "Stable" it is breaking.
    expect(find(c, 'required-rule-added', /tags/)?.level).toBe('non-breaking');
    expect(find(c, 'required-rule-added', /schema URL/)?.level).toBe('breaking');
  },
};

describe('what each golden page fixture is for', () => {
  it('has an intent for every fixture, and a fixture for every intent', () => {
    const cases = readdirSync(pagesDir).filter((name) => existsSync(join(pagesDir, name, 'old.mdx')));
    expect(Object.keys(INTENTS).sort()).toEqual(cases.sort());
  });

  it.each(Object.keys(INTENTS))('%s', (name) => INTENTS[name]!(diff(name)));
});
