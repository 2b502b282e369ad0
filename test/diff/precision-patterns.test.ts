import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffPageTexts } from '../../src/diff/index.ts';
import type { Change } from '../../src/records/change.ts';
import { diffRevisionPages } from '../../src/revision/revisions.ts';
import { fixturesDir } from '../../harness/paths.ts';

/**
 * Records that were wrong on real specifications other than MCP, each pattern read from the
 * documents' structure (bench/other-specs-precision.md): a hand-written statement of intent
 * for each page fixture (fixtures/pages/<case>), so an UPDATE=1 of the goldens cannot bless
 * a regression.
 */
const run = (name: string): Change[] => {
  const dir = join(fixturesDir, 'pages', name);
  return diffPageTexts(readFileSync(join(dir, 'old.mdx'), 'utf8'), readFileSync(join(dir, 'new.mdx'), 'utf8')).changes;
};
const rows = (changes: readonly Change[]) => changes.map((c) => [c.id, c.level]);

describe('a page that calls a thing by another name everywhere', () => {
  const changes = run('renamed-words');

  it('a rule whose only change is the page’s new word for a thing states the same duty, and says which word', () => {
    const reworded = changes.filter((c) => c.section.new === 'Lookups');
    // The last one also sets its name in braces instead of code: `Span` and {Span} are one name.
    expect(rows(reworded)).toEqual([
      ['rule-reworded', 'editorial'],
      ['rule-reworded', 'editorial'],
      ['rule-reworded', 'editorial'],
      ['rule-reworded', 'editorial'],
      ['rule-reworded', 'editorial'],
    ]);
    expect(reworded[0]!.message).toContain('(“host” is “node” throughout the newer page)');
  });

  it('examples offered in a parenthesis ("such as …") are not the duty', () => {
    const rule = changes.find((c) => c.after?.text.includes('`410`'))!;
    expect([rule.id, rule.level]).toEqual(['rule-reworded', 'editorial']);
  });

  it('a name in code replaced in every place is one rename, which the sentences that changed only by it join', () => {
    const inRecords = changes.filter((c) => c.section.new === 'Records');
    expect(rows(inRecords)).toEqual([['term-renamed', 'non-breaking']]);
    expect(inRecords[0]!.message).toBe('`expiry_hint` renamed to `ttl_seconds` (3 places on the page).');
  });

  it('a plain word the older page never used, put in everywhere ("original" → "previous"), may say something new: still a change of substance', () => {
    expect(changes.filter((c) => c.section.new === 'Extensions').map((c) => c.id)).toEqual(['rule-changed', 'rule-changed', 'rule-changed']);
  });

  it('a word changed in one sentence only, both words still in use, is still a change of substance', () => {
    const limit = changes.find((c) => c.section.new === 'Limits')!;
    expect(limit.id).toBe('rule-changed');
  });
});

describe('grammar productions', () => {
  const changes = run('grammar-productions');

  it('a production’s alternatives, one per bullet, are the production: a changed alternative rewords it, once', () => {
    expect(changes.map((c) => [c.id, c.subject])).toEqual([
      ['prose-changed', 'Glyph :: "Any printable character"'],
      ['prose-changed', 'Separator : Comma | Semicolon | Colon'],
      // A list under a sentence is no production: its items stay items.
      ['prose-added', 'plum'],
    ]);
    expect(changes[0]!.before!.text).toBe('Glyph :: "Tab" | "Space" | "Letter"');
  });
});

describe('a table of contents', () => {
  it('its title (a `<summary>`, a line of a few words right before its links) is navigation, as its entries are', () => {
    // The one record is the new section, which only explains (no duty, nothing defined): editorial.
    expect(rows(run('contents-title'))).toEqual([['section-added', 'editorial']]);
  });
});

describe('an aside in parentheses', () => {
  it('explains a rule; it does not make a reworded MUST ask more', async () => {
    const { dutyGrowth } = await import('../../src/diff/obligation-growth.ts');
    const before = 'If a step fails, the failure MUST reach the enclosing batch, either stopping it or passing to its caller.';
    const after = 'If a step fails, the failure MUST reach the enclosing unit (the whole batch in the case of a step, or the whole queue in the case of a queued job), either stopping it or passing to its caller.';
    expect(dutyGrowth(before, after)).toEqual([]);
    // A parenthesis with a name in code, or a keyword, still counts.
    expect(dutyGrowth(before, 'If a step fails, the failure MUST reach the enclosing batch (`BatchFailed`), either stopping it or passing to its caller.')).not.toEqual([]);
  });
});

describe('a rule rewritten as a plain sentence', () => {
  const changes = run('rule-become-prose');

  it('is the rule’s record, saying what the paragraph now reads; the paragraph is no rewording of its own', () => {
    expect(rows(changes.filter((c) => c.section.new !== 'Shutdown'))).toEqual([
      ['rule-removed', 'non-breaking'],
      ['rule-removed', 'non-breaking'],
    ]);
    expect(changes[0]!.message).toContain('It now reads, without a keyword: …This in turn also drops the index of that entry');
    expect(changes[1]!.before!['nowProse']).toBe('A cache typically loads its index at start-up.');
  });
});

describe('a list announced by a sentence with a keyword', () => {
  const changes = run('announced-list');

  it('a new item of a list "the following … MUST" announces is a new duty, its attributes ("Default:", "Type:") part of it', () => {
    expect(rows(changes)).toEqual([
      ['required-rule-added', 'breaking'],
      // A list announced without a keyword stays prose.
      ['prose-added', 'editorial'],
    ]);
    expect(changes[0]!.message).toBe('New MUST rule: The following options MUST be available to configure the exporter. Max Batch: The largest batch the exporter sends (Default: 512; Type: Integer)');
  });
});

describe('a bullet of a list whose lead-in points at another section of the page', () => {
  it('spells out a duty stated there: not a new one', () => {
    const [bullet, other] = run('pointing-lead-in');
    expect([bullet!.id, bullet!.level]).toEqual(['required-rule-added', 'editorial']);
    expect(bullet!.levelReason).toBe('its list\'s lead-in points at the duties of “Reader Config” on the same page: it spells one of them out');
    // A rule beside the list is no bullet of it.
    expect([other!.id, other!.level]).toEqual(['required-rule-added', 'breaking']);
  });
});

describe('a passage rewritten around its duties', () => {
  const changes = run('rewritten-passage');

  it('the absolute rules that left and came with a reworded rule’s paragraph are a duty restated, flagged, not a duty dropped and new ones imposed', () => {
    expect(changes.map((c) => [c.id, c.level, c.subject.slice(0, 24)])).toEqual([
      ['required-rule-removed', 'non-breaking', 'The tray negotiation MUS'],
      // A bullet under "Examples:" shows a case; its keyword binds nothing.
      ['prose-removed', 'editorial', 'If configured with `Lett'],
      ['rule-changed', 'non-breaking', 'Regardless of the config'],
      ['required-rule-added', 'non-breaking', 'First, `paper_mode` MUST'],
      ['required-rule-added', 'non-breaking', 'Then, the printer MUST a'],
      // A rule in another section, with no passage rewritten around it, is a new duty.
      ['required-rule-added', 'breaking', 'Printers MUST report emp'],
    ]);
    expect(changes[3]!.levelReason).toMatch(/^it came with the rewrite of the passage at line 5/);
  });
});

describe('a sub-section folded into its parent, its descriptions now duties', () => {
  const changes = run('restated-prose');

  it('a new MUST that says what a paragraph of the vanished sub-section said is no new duty', () => {
    const restated = changes.filter((c) => c.id === 'required-rule-added');
    expect(restated.map((c) => [c.subject.slice(0, 9), c.level])).toEqual([
      ['`slots` M', 'non-breaking'],
      ['`weight` ', 'non-breaking'],
      ['`volume` ', 'breaking'],
    ]);
    expect(restated[0]!.after!['wasProse']).toBe('`slots`: The number of slots that a box holds.');
  });

  it('a short labelled line keeps its label: "Stage: Beta" → "Stage: Release Candidate" is one rewording', () => {
    expect(changes.filter((c) => /Stage/.test(c.subject)).map((c) => c.id)).toEqual(['prose-changed']);
  });
});

describe('a part of the page marked as not yet stable', () => {
  it('a new absolute rule where the page says "Status: Development" (or "Experimental") binds adopters only: non-breaking; under a stable status it is breaking', () => {
    const rules = run('unstable-sections').filter((c) => c.kind === 'rule');
    expect(rules.map((c) => [c.subject.slice(0, 30), c.level])).toEqual([
      ['The merged resource MUST keep ', 'breaking'],
      ['When either resource has tags,', 'non-breaking'],
      ['Status: Experimental Before a ', 'non-breaking'],
    ]);
    expect(rules[1]!.levelReason).toBe('it stands where the page says “Status: Development”: a feature not yet stable binds only the implementations that take it up');
  });
});

describe('a spec that writes its keywords in lower case', () => {
  const changes = run('lowercase-narrowing');

  it('what a rule asks starts at its lower-case keyword: a word added to its subject narrows it, it asks nothing more', () => {
    expect(changes.map((c) => [c.id, c.level, c.subject.slice(0, 30)])).toEqual([
      ['rule-changed', 'non-breaking', 'Any non-repeatable tags provid'],
      // Words added after the keyword still ask more.
      ['rule-changed', 'breaking', 'Every extension must name an i'],
      // An algorithm's "Assert:" step states what holds; it binds no one.
      ['prose-added', 'editorial', 'Assert: {tag} must exist.'],
    ]);
  });
});

describe('a grammar production moved into a sub-section of its own', () => {
  it('is the same production, reworded (the page defines its symbol once on each side), not a paragraph removed', () => {
    expect(run('moved-production').filter((c) => c.kind === 'prose').map((c) => [c.id, c.before?.text])).toEqual([['prose-changed', 'Glyph :: /[a-z]/']]);
  });
});

describe('a sentence of two duties split in two', () => {
  it('is compared whole with the older sentence: nothing weakened or inverted, no new rule', () => {
    expect(run('split-rules').map((c) => [c.id, c.level])).toEqual([['rule-reworded', 'editorial']]);
  });
});

describe('names of things that came with a section, and values in a table of data', () => {
  it('are no term records: the section, the paragraph naming them, say it', () => {
    const terms = run('terms-new-sections').filter((c) => c.kind === 'term').map((c) => c.subject);
    expect(terms).toEqual(['foo.bar', 'exporter.naming_strategy']);
  });
});

describe('a prohibition a paragraph does not negate', () => {
  it('was not rewritten as that paragraph, however many words they share', () => {
    const rule = run('rule-become-prose').find((c) => c.subject.startsWith('A cache SHOULD NOT keep'))!;
    expect(rule.before!['nowProse']).toBeUndefined();
  });
});

describe('a note in a spec whose keywords may be lower case', () => {
  it('binds only by its capitals: its lower-case "may" and "should" are its English', () => {
    expect(run('lowercase-notes').map((c) => [c.id, c.subject.slice(0, 24)])).toEqual([
      ['prose-added', 'Note: A request error ma'],
      ['required-rule-added', 'Note: Services MUST log '],
      ['rule-added', 'A service should report '],
      // A definition ("::" in spec-md) describes: its "may" permits no one.
      ['prose-added', ':: A batch is a list of '],
    ]);
  });
});

describe("a spec's outline and an example's captions", () => {
  it('a heading that is only a link to another page, and a few words naming the code block below them, are no text of their own', () => {
    expect(run('outline-and-captions')).toEqual([]);
  });
});

describe('a retitled section', () => {
  it("a new rule that says what the section's former title said restates it", () => {
    const rule = run('retitled-sections').find((c) => c.id === 'required-rule-added')!;
    expect([rule.level, rule.after!['wasProse']]).toEqual(['non-breaking', 'Selections on Boxes, Crates and Bins Kinds']);
  });
});

describe('the abbreviation "ex." of an example', () => {
  it('ends no sentence, so an example written "(ex. …)" stays in its rule', async () => {
    const { sentences } = await import('../../src/model/rules.ts');
    expect(sentences('The values of a list may be any literal (ex. `[1, 2]`). Lists are ordered.')).toEqual([
      'The values of a list may be any literal (ex. `[1, 2]`).',
      'Lists are ordered.',
    ]);
  });
});

describe('a heading set as a paragraph in bold', () => {
  it('is the same sub-section, restyled: no section removed, its rules moved with it', () => {
    const changes = run('bold-subheads');
    expect(changes.filter((c) => c.kind === 'section').map((c) => [c.id, c.level, c.subject])).toEqual([
      ['section-moved', 'editorial', 'Electric'],
      ['section-moved', 'editorial', 'Stovetop'],
      ['section-moved', 'editorial', 'Cleaning'],
      // A section new on the page is still new.
      ['section-added', 'editorial', 'Lids'],
    ]);
    expect(changes.find((c) => c.subject === 'Electric')!.message).toBe('Sub-section "Electric" of "Kettle kinds" is now a paragraph in bold, its heading set as emphasis.');
    expect(changes.filter((c) => c.kind === 'rule').map((c) => c.id)).toEqual(['rule-moved', 'rule-moved']);
  });

  it('and back: a paragraph in bold made a heading is no new section', () => {
    const dir = join(fixturesDir, 'pages', 'bold-subheads');
    const changes = diffPageTexts(readFileSync(join(dir, 'new.mdx'), 'utf8'), readFileSync(join(dir, 'old.mdx'), 'utf8')).changes;
    expect(changes.filter((c) => c.subject === 'Electric').map((c) => [c.id, c.message])).toEqual([
      ['section-moved', 'Paragraph in bold "Electric" of "Kettle kinds" is now a sub-section, its heading set as a heading.'],
    ]);
  });
});

describe('a page whose one top heading was retitled', () => {
  it('is that title renamed, not a section removed and another added', () => {
    expect(rows(run('retitled-page')).slice(0, 1)).toEqual([['section-renamed', 'editorial']]);
    expect(run('retitled-page').some((c) => c.id === 'section-removed')).toBe(false);
  });
});

describe('a rule that says in words what its section’s grammar defines', () => {
  it('is no new duty beyond the grammar (non-breaking); a rule about the symbol elsewhere still binds', () => {
    const changes = run('grammar-spelled-out');
    expect(changes.filter((c) => c.kind === 'rule').map((c) => [c.level, c.subject])).toEqual([
      ['non-breaking', 'An {Amount} MUST NOT have a leading {0}.'],
      ['non-breaking', 'An {Amount} MUST NOT be followed by a {Digit}.'],
      ['breaking', 'An {Amount} in a total MUST NOT exceed 99.'],
    ]);
    expect(changes[1]!.levelReason).toContain('grammar production of Amount');
  });
});

describe('a sentence about an example shown beside it', () => {
  it('says why the example reads so: its keywords bind no one; a rule about what an example must be still binds', () => {
    expect(run('example-sentences').map((c) => [c.id, c.level])).toEqual([
      ['rule-added', 'non-breaking'],
      ['prose-added', 'editorial'],
      ['prose-added', 'editorial'],
      ['required-rule-added', 'breaking'],
    ]);
  });
});

describe('a statement that leaves out another name', () => {
  it('includes something else now: not editorial; an exception without a name in code stays a rewording', () => {
    const changes = run('exceptions-added');
    expect(changes.map((c) => [c.id, c.level])).toEqual([
      ['prose-changed', 'non-breaking'],
      ['prose-changed', 'editorial'],
      ['prose-changed', 'non-breaking'],
    ]);
    expect(changes[0]!.levelReason).toContain('it now leaves out `origin`');
    expect(changes[2]!.levelReason).toContain('it now leaves out `perishable`');
  });
});

describe('plain bullets rewritten as named fields', () => {
  it('each bullet is its field’s description, not a paragraph removed; the field record says what it read', () => {
    const changes = run('bullets-become-fields');
    expect(changes.map((c) => c.id)).toEqual(['prose-changed', 'field-added', 'field-added', 'field-added']);
    expect(changes[1]!.message).toBe('New field `Brew requests › blend`. Its description was plain text before: “Optionally: The blend of leaves to steep.”');
    // A field new in every way says nothing of the kind.
    expect(changes[3]!.message).toBe('New field `Brew requests › sugar`.');
  });
});

describe('a removed rule whose plain half the newer text keeps', () => {
  it('the paragraph that keeps it is the rule’s first half, named by the rule’s record, not a new paragraph', () => {
    const changes = run('rule-plain-half');
    expect(changes.map((c) => c.id)).toEqual(['required-rule-removed', 'required-rule-added']);
    expect(changes[0]!.before?.['halfNowProse']).toMatch(/^The calling application stays in charge of the retry loop/);
    expect(changes[0]!.message).toContain('Its plain half now reads: The calling application stays in charge');
  });
});

describe('a lower-case "may" that permits no one', () => {
  it('says what can come about ("may happen because …", "may continue to grow"): prose, while a party’s or a passive "may" still permits', () => {
    expect(rows(run('lowercase-possibility'))).toEqual([
      ['prose-changed', 'editorial'],
      ['prose-changed', 'editorial'],
      ['prose-added', 'editorial'],
      ['rule-added', 'non-breaking'],
      ['rule-added', 'non-breaking'],
    ]);
  });
});

describe('a rule about characters that its section’s grammar already excludes', () => {
  it('spells out the production that names them in code (non-breaking, naming it); characters no production of the section names still bind', () => {
    const changes = run('grammar-terminals').filter((c) => c.kind === 'rule');
    expect(changes.map((c) => c.level)).toEqual(['non-breaking', 'breaking']);
    expect(changes[0]!.levelReason).toContain('grammar production of LabelChar');
  });
});

describe('a permission restated with new words and new grammar symbols', () => {
  it('is the one MAY of its section changed, not one removed and one added; two MAYs that share little stay apart', () => {
    const changes = run('permission-rephrased');
    expect(rows(changes)).toEqual([
      ['rule-changed', 'non-breaking'],
      ['rule-removed', 'non-breaking'],
      ['rule-added', 'non-breaking'],
    ]);
    expect(changes[0]!.before?.text).toContain('{PlainOrder}');
  });
});

describe('guidance that restates a removed SHOULD NOT without its subject', () => {
  it('is the rule become prose: one record saying what the paragraph now reads, not also a new paragraph', () => {
    const changes = run('duty-become-guidance');
    expect(rows(changes)).toEqual([['rule-removed', 'non-breaking']]);
    expect(changes[0]!.message).toContain('It now reads, without a keyword');
  });
});

describe('a sentence in which the page describes the duties it holds', () => {
  it('asks nothing of its own ("This page collects safety requirements that hosts MUST observe"): editorial, while a new duty of the page stays breaking', () => {
    const [self, duty] = run('self-described');
    expect([self!.id, self!.level]).toEqual(['required-rule-added', 'editorial']);
    expect(self!.levelReason).toBe('it only points at the duties of the rest of the page on the same page: it adds none of its own');
    expect([duty!.id, duty!.level, duty!.subject]).toEqual(['required-rule-added', 'breaking', 'Hosts MUST stop a widget that exceeds its memory budget.']);
  });
});

describe('a lower-case keyword in a clause that describes', () => {
  const changes = run('describing-clauses');
  const rules = changes.filter((c) => c.kind === 'rule');

  it('a "should" inside a when- or if-clause after the sentence’s own clause is the situation, not a rule', () => {
    expect(changes.find((c) => /often useful when/.test(c.subject))?.id).toBe('prose-added');
    expect(changes.find((c) => /`dimmed` is true if/.test(c.subject))?.id).toBe('prose-added');
    expect(changes.find((c) => /set where a flame may/.test(c.subject))?.id).toBe('prose-added');
  });

  it('"may have different …" says what can be, leading into an example: no MAY rule', () => {
    expect(rules.some((c) => /may have different/.test(c.subject))).toBe(false);
  });

  it('a condition that opens the sentence, or a clause with its own verb before the keyword, still binds', () => {
    expect(rows(rules)).toEqual([
      ['required-rule-added', 'breaking'],
      ['rule-added', 'non-breaking'],
      ['required-rule-added', 'breaking'],
    ]);
  });
});

describe('a sentence moved into a note of the parent section', () => {
  const changes = run('rule-into-parent-note');

  it('is moved, not removed: one editorial record naming where it went, and no new paragraph', () => {
    const moved = changes.filter((c) => /Braided cords/.test(c.subject));
    expect(rows(moved)).toEqual([['rule-moved', 'editorial']]);
    expect(moved[0]!.section).toEqual({ old: 'Knots', new: 'Lines' });
    expect(moved[0]!.message).toMatch(/^Rule moved from "Knots" to "Lines" as a note: Note: Braided cords/);
  });

  it('a note in a sibling section is not where the rule went', () => {
    expect(rows(changes.filter((c) => /Reels should/.test(c.subject)))).toEqual([
      ['prose-added', 'editorial'],
      ['rule-removed', 'non-breaking'],
    ]);
  });
});

describe('a keyword strengthened where the older text already bound the duty nearby', () => {
  const changes = run('strengthened-already-bound');

  it('is not breaking, and says which older sentence bound it', () => {
    const delays = changes.find((c) => c.section.new === 'Delays')!;
    expect([delays.id, delays.level]).toEqual(['rule-strengthened', 'non-breaking']);
    expect(delays.message).toContain('The older text already bound it nearby: If a crossing leaves late, the delay must be written');
  });

  it('a MUST of the section about something else does not bind it', () => {
    const tickets = changes.find((c) => c.section.new === 'Tickets')!;
    expect([tickets.id, tickets.level]).toEqual(['rule-strengthened', 'breaking']);
  });
});

describe('a duty of a new optional entry of a list of inputs', () => {
  const changes = run('optional-entry-duty');

  it('"If present, {sugar} must …", {sugar} new and marked optional, binds only those who use it: non-breaking, naming the entry', () => {
    const duty = changes.find((c) => /\{sugar\} must/.test(c.subject))!;
    expect([duty.id, duty.level]).toEqual(['required-rule-added', 'non-breaking']);
    expect(duty.levelReason).toContain('`sugar`, an optional entry this revision adds: opt-in');
  });

  it('a duty of an entry not marked optional, or one the older page had, still breaks', () => {
    expect(changes.find((c) => /\{lid\} must/.test(c.subject))?.level).toBe('breaking');
    expect(changes.find((c) => /\{water\} must/.test(c.subject))?.level).toBe('breaking');
  });
});

describe('a removed rule and an added rule of different subjects', () => {
  const changes = run('inversion-other-subject');

  it('are not one rule inverted, however many words they share', () => {
    expect(rows(changes.filter((c) => c.section.new === 'Orders'))).toEqual([
      ['rule-removed', 'non-breaking'],
      ['required-rule-added', 'breaking'],
    ]);
  });

  it('the same subject with the opposite keyword is still one rule inverted', () => {
    expect(rows(changes.filter((c) => c.section.new === 'Kettles'))).toEqual([['rule-inverted', 'breaking']]);
  });
});

describe('a column added to a table of data', () => {
  const changes = run('table-column-added');

  it('is one record naming the column, not each row reworded', () => {
    const column = changes.filter((c) => c.section.new === 'Example mappings' && /Whistle/.test(c.message) && !/Shriek/.test(c.message));
    expect(rows(column)).toEqual([['prose-changed', 'editorial']]);
    expect(column[0]!.message).toBe('Table column “Whistle” added (2 rows changed only by it): Bell | Whistle | Horn | Alert level');
    expect(changes.some((c) => /^Ding/.test(c.subject))).toBe(false);
  });

  it('a row whose other cells changed too keeps its own record', () => {
    expect(changes.filter((c) => /Shriek/.test(c.subject))).toHaveLength(1);
  });
});

describe('a convention of the notation', () => {
  const changes = run('notation-conventions');

  it('"A grammar production may specify that …" says what the notation can express: no MAY rule', () => {
    expect(changes.filter((c) => c.section.new === 'Notation').map((c) => c.id)).toEqual(['prose-added', 'prose-added']);
  });

  it('a party’s permission ("A kettle may whistle …") is still a MAY rule', () => {
    expect(rows(changes.filter((c) => c.section.new === 'Boiling'))).toEqual([['rule-added', 'non-breaking']]);
  });
});

describe('a page re-lettered, its title heading with it', () => {
  const body = 'This appendix describes how the kettle grammar is written.\n\nEach production is a name, a colon and its definition.\n';
  const pages: Record<string, Record<string, string>> = {
    old: { 'Appendix A -- Kettle Notation': `# A. Appendix: Kettle Notation\n\n${body}`, 'Section 1 -- Pouring': '# Pouring\n\nA kettle pours.\n' },
    new: { 'Appendix B -- Kettle Notation': `# B. Appendix: Kettle Notation\n\n${body}`, 'Section 1 -- Pouring': '# Pouring\n\nA kettle pours water.\n' },
  };
  const diff = diffRevisionPages({
    oldPages: Object.keys(pages['old']!), newPages: Object.keys(pages['new']!),
    text: (side, page) => pages[side]![page]!, labels: { old: 'v1', new: 'v2' },
  });

  it('is one page-moved record: the title’s letter is the page’s letter, not a second rename', () => {
    expect(diff.changes.filter((c) => c.page === 'Appendix B -- Kettle Notation').map((c) => c.id)).toEqual(['page-moved']);
  });
});
