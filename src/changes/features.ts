import { RFC2119_KEYWORDS } from '../model/document.ts';
import type { Change } from '../records/change.ts';
import { fieldLeaf, namesInCode, ownerWords, squashed, within, type RecordFacts } from './facts.ts';

/**
 * What the newer revision adds that an implementation may adopt or leave alone: names that
 * records show arriving without obliging anyone (an optional field, a capability option, a
 * value, a method, an error code, a definition), and on each page the words of its new
 * sections' headings that are such names ("URL" of "URL Mode Elicitation Requests" when
 * `url` arrived). A duty that hangs on one of them binds only who adopts it: opt-in.
 *
 * A duty hangs on a feature when the feature is what the duty is about or under what
 * condition it applies: named before the keyword ("The `url` parameter MUST …", "Clients
 * implementing URL mode MUST …"), in a condition after it ("…, when URL mode is used"), or
 * in the heading of the new section the duty sits in. Named only as the object of an
 * unconditional duty ("Servers MUST implement `x`"), it is a duty to adopt it: breaking.
 */

export interface Features {
  /** Canonical names (full and last segment) that arrived optionally. */
  names: Set<string>;
  /** The same, each with the words of what it belongs to (its page, or its shape's path), to tell on which page it is a feature. */
  owners: Map<string, Set<string>>;
  /** Per page: new sections (their heading paths) and the heading words that are arriving names. */
  pages: Map<string, { sections: (readonly string[])[]; words: Set<string> }>;
}

/** Records whose arrival obliges nobody: what they introduce is a feature one may adopt. */
function arrivesOptionally(change: Change): boolean {
  return change.action === 'added' && change.level !== 'breaking' && change.kind !== 'rule' && change.kind !== 'prose' && change.kind !== 'section';
}

export function featuresOf(facts: readonly RecordFacts[], movedInto: ReadonlySet<number> = new Set()): Features {
  const names = new Set<string>();
  const owners = new Map<string, Set<string>>();
  const required = new Set<string>();
  for (const f of facts) {
    const { change } = f;
    const introduced = [...f.about, ...(f.field ? [f.field.leaf] : []), ...(change.kind === 'capability' || change.kind === 'schema-field' ? [fieldLeaf(change.subject)] : [])];
    if (arrivesOptionally(change)) {
      // A schema name belongs to the pages that talk about its shape; a page's name to that page.
      const where = change.source === 'schema' ? ownerWords(change.subject.replace(/[.›][^.›]*$/, '')) : ownerWords(f.page);
      for (const name of introduced) {
        names.add(name);
        const known = owners.get(name) ?? new Set<string>();
        where.forEach((w) => known.add(w));
        owners.set(name, known);
      }
    }
    else if (change.action === 'added' && change.level === 'breaking' && change.kind === 'schema-field') introduced.forEach((n) => required.add(n));
    // A value a field may now take (`mode: "url"`) is a name too.
    if (change.id === 'field-value-added' && typeof change.after?.text === 'string') namesInCode(change.after.text).forEach((n) => names.add(n));
  }
  // What some record makes everyone send is no option.
  for (const name of required) names.delete(name);

  // A new section that old text moved into is the old feature rearranged, not a new one; the words of its
  // heading name something old, whatever new name shares them ("Form Mode …" for the old behaviour, even
  // when a `form` option arrives to declare it).
  const rearranged = facts.filter((f) => (f.direction === 'changed' && (f.change.action === 'moved' || f.change.action === 'renamed')) || movedInto.has(f.index));
  const pages: Features['pages'] = new Map();
  const oldWords = new Map<string, Set<string>>();
  for (const f of facts) {
    if (f.change.kind !== 'section' || f.direction !== 'added' || f.path.length === 0) continue;
    const page = pages.get(f.page) ?? { sections: [], words: new Set<string>() };
    pages.set(f.page, page);
    if (rearranged.some((r) => r.sidePage === f.sidePage && within(r.path, f.path))) {
      const words = oldWords.get(f.page) ?? new Set<string>();
      headingWords(f.change.subject).forEach((w) => words.add(w));
      oldWords.set(f.page, words);
      continue;
    }
    page.sections.push(f.path);
    const pageWords = ownerWords(f.page);
    for (const word of headingWords(f.change.subject)) {
      // A name is this page's feature only when what it belongs to is what the page is about (not a field of the same name elsewhere).
      if (names.has(word) && [...(owners.get(word) ?? [])].some((w) => pageWords.has(w))) page.words.add(word);
    }
  }
  for (const [page, features] of pages) for (const word of oldWords.get(page) ?? []) features.words.delete(word);
  return { names, owners, pages };
}

function headingWords(heading: string): string[] {
  return heading.toLowerCase().split(/[^a-z0-9_$-]+/).filter((w) => w.length >= 2);
}

const KEYWORD = new RegExp(`\\b(?:${RFC2119_KEYWORDS.join('|')})\\b`);
/** Clauses that state when a duty applies. */
const CONDITION = /\b(?:if|when|whenever|unless|where|while|once)\b[^.;:]*/gi;

/** Wording that offers a way to conform without what the rule names. */
const ALTERNATIVE = /\b(?:or omit|or leave out|either\b[^.;]*\bor\b|if present|when present|unless absent)\b/i;

/** The parts of a rule that say what it is about and when it applies: before its keyword, and its conditions after. */
function subjectAndConditions(text: string): string {
  const keyword = KEYWORD.exec(text);
  if (!keyword) return text;
  const before = text.slice(0, keyword.index);
  const after = text.slice(keyword.index);
  const conditions = [...after.matchAll(CONDITION)].map((m) => m[0]);
  return [before, ...conditions].join(' ');
}

/** The feature a record's duty hangs on, or null. Only duties that arrived or grew are asked. */
export function featureOf(f: RecordFacts, features: Features): string | null {
  const { change } = f;
  if (change.kind !== 'rule' || f.direction === 'removed') return null;
  const side = change.after!;
  const wording = [side['leadIn'], side['about'], side.text].filter((v): v is string => typeof v === 'string').join(' ');
  const page = features.pages.get(f.page);

  const focus = subjectAndConditions(wording);
  for (const name of namesInCode(focus)) if (features.names.has(name)) return `\`${name}\``;
  // Named as what to do, but with an alternative that leaves it out ("MUST either specify `mode` or omit it"): one may keep doing without it.
  if (ALTERNATIVE.test(wording)) for (const name of namesInCode(wording)) if (features.names.has(name)) return `\`${name}\``;
  if (page) {
    const words = new Set(focus.toLowerCase().split(/[^a-z0-9_$-]+/));
    for (const word of page.words) if (words.has(word)) return featureHeading(page.sections, word) ?? `\`${word}\``;
    // A duty in a new section about an arriving name is about that name, whatever its sentence says.
    for (const section of page.sections) {
      if (!within(f.path, section)) continue;
      for (const heading of f.path.slice(section.length - 1)) {
        const word = headingWords(heading).find((w) => page.words.has(w));
        if (word) return featureHeading(page.sections, word) ?? `\`${word}\``;
        if (features.names.has(squashed(heading))) return `“${heading}”`;
        const name = [...namesInCode(heading)].find((n) => features.names.has(n));
        if (name) return `\`${name}\``;
      }
    }
  }
  return null;
}

/** The new section a feature word opens the heading of ("URL Mode Elicitation Requests" for `url`), for the change to say what it hangs on. */
function featureHeading(sections: readonly (readonly string[])[], word: string): string | null {
  const top = sections.filter((s) => headingWords(s.at(-1)!)[0] === word).sort((a, b) => a.length - b.length)[0];
  return top ? `“${top.at(-1)}”` : null;
}
