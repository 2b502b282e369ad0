import type { SpecDocument, Term } from '../model/index.ts';
import { catalogEntry } from '../records/catalog.ts';
import type { ChangeDraft } from '../records/change.ts';
import { sectionPair, type DiffContext, type Emit } from './context.ts';

/**
 * Protocol names the page starts or stops naming in code, when no structural record says
 * so already: a field, message, error code or capability record that names the term
 * covers it, and so does the record of a section that came or went with it (a name first
 * named in a new section); a name first seen in a row of a table of data is a value, not a
 * name. A term only counts as new when the other version names it nowhere, not even inside a
 * code block.
 */
export function diffTerms(ctx: DiffContext, emit: Emit, recorded: readonly ChangeDraft[]): void {
  const covered = coverageText(recorded);
  const oldVocabulary = vocabulary(ctx.old);
  const newVocabulary = vocabulary(ctx.new);
  // Rows of a table of data (values beside values) hold values, not names the page defines.
  const dataLines = { old: dataRowLines(ctx.old), new: dataRowLines(ctx.new) };
  const report = (term: Term, side: 'old' | 'new') => {
    if (mentions(covered, term.token)) return;
    // A name first named in a section that came (or went) with it is that section's: its record says so.
    if (!(side === 'new' ? ctx.newToOld : ctx.oldToNew).has(term.sectionId)) return;
    if (dataLines[side].has(term.line)) return;
    const sideOf = { text: term.token, line: term.line, count: term.count };
    emit(side === 'new'
      ? { id: 'term-added', subject: term.token, section: sectionPair(ctx, 'new', term.sectionId), before: null, after: sideOf }
      : { id: 'term-removed', subject: term.token, section: sectionPair(ctx, 'old', term.sectionId), before: sideOf, after: null });
  };
  for (const term of ctx.new.terms) if (!oldVocabulary.has(term.token)) report(term, 'new');
  for (const term of ctx.old.terms) if (!newVocabulary.has(term.token)) report(term, 'old');
}

function dataRowLines(doc: SpecDocument): Set<number> {
  return new Set(doc.prose.filter((p) => p.tableRow).map((p) => p.line));
}

/** Structural records cover the names they carry; rules, prose and sections only quote text. */
const COVERING_KINDS = new Set(['message', 'schema-field', 'error-code', 'capability', 'definition']);

function coverageText(recorded: readonly ChangeDraft[]): string {
  return recorded
    .filter((d) => COVERING_KINDS.has(catalogEntry(d.id).kind))
    .flatMap((d) => [d.subject, ...Object.values(d.detail ?? {}), String(d.before?.['name'] ?? ''), String(d.after?.['name'] ?? '')])
    .join('\n');
}

/**
 * `token` stands in `haystack` as a whole name: no word character or `$` right before or
 * after one of its occurrences. Each occurrence is found and its two neighbours checked (a
 * regular expression compiled per term cost more than the search).
 */
export function mentions(haystack: string, token: string): boolean {
  for (let at = haystack.indexOf(token); at !== -1; ) {
    if (!NAME_CHARACTER.test(haystack.charAt(at - 1)) && !NAME_CHARACTER.test(haystack.charAt(at + token.length))) return true;
    const next = haystack.indexOf(token, at + 1);
    // An empty token is found at every position, the last one again past the end.
    if (next <= at) break;
    at = next;
  }
  return false;
}

const NAME_CHARACTER = /^[\w$]$/;

/** Every identifier a document names anywhere: in code spans and inside code blocks. */
function vocabulary(doc: SpecDocument): Set<string> {
  const words = new Set(doc.terms.map((t) => t.token));
  for (const block of doc.codeBlocks) for (const word of block.value.match(/[\w$@./-]+/g) ?? []) words.add(word);
  return words;
}
