import { RFC2119_KEYWORDS } from '../model/document.ts';
import type { Change } from '../records/change.ts';
import { newPageWords } from './new-parts.ts';
import { kindNamedIn, newKindsOf, type NewKind } from './new-kinds.ts';
import { canonicalName, fieldLeaf, namesInCode, ownerWords, squashed, within, type RecordFacts } from './facts.ts';

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
  /** Per page: new sections (their heading paths), the heading words that are arriving names, and the words of headings over old text ("Form Mode …" when old text moved under it). */
  pages: Map<string, { sections: (readonly string[])[]; words: Set<string>; old: Set<string> }>;
  /** Per page: the new sections whose mechanism its new rules make optional ("Servers MAY offer X", "Servers supporting X MUST …"), by heading path. */
  optional: Map<string, (readonly string[])[]>;
  /** Words that name a new page or a new one-word section: a new optional name spelled so in plain words is that new thing ("for tasks"). */
  introduced: Set<string>;
  /** Words that set apart an alternative carrying on an old shape ("form" of `PrintFormParams` in the union `PrintParams`): old behaviour with a new name. */
  heirs: Set<string>;
  /** Words naming a page this revision adds, with that page (new-parts.ts). */
  newPages: Map<string, string>;
  /** New kinds of an existing thing, and the plain words that name them (new-kinds.ts). */
  kinds: NewKind[];
}

/** Records whose arrival obliges nobody: what they introduce is a feature one may adopt. */
function arrivesOptionally(change: Change): boolean {
  return change.action === 'added' && change.level !== 'breaking' && change.kind !== 'rule' && change.kind !== 'prose' && change.kind !== 'section';
}

export function featuresOf(facts: readonly RecordFacts[], movedInto: ReadonlySet<number> = new Set(), split: ReadonlySet<number> = new Set()): Features {
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
    const page = pages.get(f.page) ?? { sections: [], words: new Set<string>(), old: new Set<string>() };
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
  // The word that sets apart an alternative carrying on an old shape ("Form" of `PrintFormParams` in `PrintParams`) names the old behaviour.
  const heirs = heirWords(facts);
  for (const [page, features] of pages) {
    for (const word of [...(oldWords.get(page) ?? []), ...heirs].filter((w) => features.words.has(w) || oldWords.get(page)?.has(w))) {
      features.words.delete(word);
      features.old.add(word);
    }
  }
  return { names, owners, pages, optional: optionalSections(facts, pages), introduced: introducedWords(facts), heirs: new Set(heirs), newPages: newPageWords(facts, split), kinds: newKindsOf(facts) };
}

/** Verbs by which a rule takes up or offers a mechanism ("supporting X", "MAY offer X"), as stems. */
const TAKING_UP = '(?:support|implement|offer|adopt|us|provid|enabl|choos)';
/** A rule's qualifier of its subject or condition, a party that takes something up: "Servers supporting X MUST", "If the client uses X, it MUST". */
const QUALIFIER = new RegExp(`\\b(?:${TAKING_UP}(?:e?s|ing)|(?:that|which|who) ${TAKING_UP}e?s?)\\s+([^.;:,]+)`, 'gi');

/** What a rule says is optional or conditional: the phrases it qualifies its subject or conditions by, and what it MAY or SHOULD take up. */
function optionalPhrases(wording: string): string[] {
  const keyword = KEYWORD.exec(wording);
  if (!keyword) return [];
  const phrases: string[] = [];
  const focus = subjectAndConditions(wording);
  for (const match of focus.matchAll(QUALIFIER)) phrases.push(match[1]!);
  // "Servers MAY offer X", "Clients SHOULD support X": a mechanism one may leave alone.
  if (!/^(?:MUST|SHALL|REQUIRED)/.test(keyword[0])) {
    const predicate = wording.slice(keyword.index + keyword[0].length);
    const offered = new RegExp(`^\\s+(?:(?:also|optionally)\\s+)?${TAKING_UP}e?\\s+([^.;:,]+)`, 'i').exec(predicate);
    if (offered) phrases.push(offered[1]!);
  }
  return phrases;
}

/**
 * The new sections whose mechanism is optional: a new rule of the page qualifies its subject
 * or condition by what the section's heading names ("Servers supporting remote spinning MUST
 * …" under "Remote Spinning"), or offers it ("Servers MAY offer remote spinning"). A heading
 * that only names what the page is about (the page's own feature, old) is no new mechanism.
 */
function optionalSections(facts: readonly RecordFacts[], pages: Features['pages']): Features['optional'] {
  const phrasesOf = new Map<string, Set<string>[]>();
  for (const f of facts) {
    if (f.change.kind !== 'rule' || f.direction === 'removed') continue;
    const side = f.change.after!;
    const wording = [side['leadIn'], side.text].filter((v): v is string => typeof v === 'string').join(' ');
    for (const phrase of optionalPhrases(wording.replace(/`/g, ''))) {
      const list = phrasesOf.get(f.page) ?? [];
      list.push(ownerWords(phrase));
      phrasesOf.set(f.page, list);
    }
  }
  const optional: Features['optional'] = new Map();
  for (const [page, { sections }] of pages) {
    const pageWords = ownerWords(page);
    const phrases = phrasesOf.get(page) ?? [];
    for (const section of sections) {
      const heading = [...ownerWords(section.at(-1)!)].filter((w) => !pageWords.has(w));
      if (heading.length === 0) continue;
      // The phrase names every word of the heading that is not the page's own topic (or the heading every word of the phrase).
      const named = phrases.some((p) => namesHeading(p, heading, pageWords));
      if (named) optional.set(page, [...(optional.get(page) ?? []), section]);
    }
  }
  return optional;
}

/**
 * Whether a qualifying phrase names a heading: it holds every word of it and little else (a
 * name, not a clause that happens to use its words), or it is made of the heading's and the
 * page's words and holds half the heading's at least.
 */
function namesHeading(phrase: ReadonlySet<string>, heading: readonly string[], pageWords: ReadonlySet<string>): boolean {
  const covered = heading.filter((w) => phrase.has(w)).length;
  if (covered === 0) return false;
  if (covered === heading.length && phrase.size <= heading.length + 3) return true;
  return covered * 2 >= heading.length && [...phrase].every((w) => heading.includes(w) || pageWords.has(w));
}

/** The words naming what arrived with a page or a one-word section of its own. */
function introducedWords(facts: readonly RecordFacts[]): Set<string> {
  const words = new Set<string>();
  for (const f of facts) {
    if (f.direction !== 'added') continue;
    if (f.change.id === 'page-added') words.add(f.change.subject.split('/').at(-1)!.toLowerCase());
    else if (f.change.kind === 'section' && f.change.source !== 'schema' && /^[`\w-]+$/.test(f.change.subject)) words.add(canonicalName(f.change.subject));
  }
  return words;
}

/** Words of new definitions that give an old inline shape a name as one alternative of a union, less the union's own words. */
function heirWords(facts: readonly RecordFacts[]): string[] {
  const words: string[] = [];
  for (const f of facts) {
    const union = f.change.after?.['alternativeOf'];
    if (f.change.id !== 'definition-added' || typeof union !== 'string') continue;
    const own = new Set(nameWords(union));
    words.push(...nameWords(f.change.subject).filter((w) => !own.has(w)));
  }
  return words;
}

/** A name's words, camelCase split, in lower case. */
function nameWords(name: string): string[] {
  return headingWords(name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2'));
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
  // Named in what the duty asks, but not as something to adopt ("MUST treat requests without a `mode` field as …"), or
  // to adopt with an alternative implementations already have ("support `form` or `url`", `form` being old behaviour).
  const asked = namedNotAdopted(wording, features, page, f.page);
  if (asked) return `\`${asked}\``;
  // About a new kind of something, or applying when it is there ("When a message contains tool results, …"): only who deals in it meets it.
  const kind = kindNamedIn(focus, features.kinds);
  if (kind) return `\`${kind.definition}\``;
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
  // A new optional name that is also what a new page or section introduces, named in plain words as what the duty is about ("Progress notifications for tasks MUST …").
  for (const word of focus.replace(/`[^`\n]*`/g, ' ').toLowerCase().split(/[^a-z0-9_$-]+/)) {
    if (features.names.has(word) && features.introduced.has(word)) return `\`${word}\``;
  }
  // A duty inside a new section whose mechanism the revision makes optional binds only who takes it up.
  const optional = (features.optional.get(f.page) ?? []).filter((s) => within(f.path, s)).sort((a, b) => a.length - b.length)[0];
  if (optional) return `“${optional.at(-1)}”`;
  return null;
}

/** Verbs by which a duty asks to take something up: a new name they govern must be adopted. */
const ADOPTING = new Set(['use', 'uses', 'send', 'sends', 'include', 'includes', 'implement', 'implements', 'support', 'supports', 'declare', 'declares', 'provide', 'provides', 'set', 'return', 'returns', 'emit', 'emits', 'accept', 'accepts', 'handle', 'handles', 'process', 'advertise', 'expose', 'call', 'invoke', 'add', 'populate', 'specify']);

/**
 * A new optional name the duty asks about without asking to adopt it, or asks to adopt only
 * as one of alternatives one of which is not new: the name, else null. A name is adopted
 * when one of the few words before it is a verb of taking up (`MUST send \`x\``).
 */
function namedNotAdopted(wording: string, features: Features, page: { words: ReadonlySet<string>; old: ReadonlySet<string> } | undefined, pageId: string): string | null {
  const keyword = KEYWORD.exec(wording);
  if (!keyword) return null;
  const predicate = wording.slice(keyword.index + keyword[0].length);
  // A prohibition of something new binds only who takes it up: one cannot break it without using it.
  if (/\bNOT\b/.test(keyword[0])) return newNamesIn(predicate, features, page?.words ?? new Set(), ownerWords(pageId))[0]?.name ?? null;
  // A duty listing several things (a lead-in and its items) hangs on what is new only if every item does.
  let name: string | null = null;
  for (const item of predicate.split(/;\s+/)) {
    const hung = itemHangsOn(item, features, page);
    if (!hung) return null;
    name ??= hung;
  }
  return name;
}

/** The new name one duty names without asking to adopt it, or asks to adopt only as one of alternatives one of which is not new. */
function itemHangsOn(item: string, features: Features, page: { words: ReadonlySet<string>; old: ReadonlySet<string> } | undefined): string | null {
  const oldWords = page?.old ?? new Set<string>();
  for (const { name, at, text } of newNamesIn(item, features, page?.words ?? new Set(), null)) {
    const before = item.slice(0, at).toLowerCase().split(/[^a-z]+/).filter(Boolean).slice(-4);
    if (!before.some((w) => ADOPTING.has(w))) return name;
    // "`form` or `url`": adopting either satisfies it, and one is what implementations already do.
    const group = /(`[^`]+`(?:\s*,\s*`[^`]+`)*\s*,?\s+or\s+`[^`]+`)/.exec(item.slice(Math.max(0, at - 60), at + text.length + 60))?.[1];
    if (group && [...group.matchAll(/`([^`]+)`/g)].some((m) => [...namesInCode(m[0])].some((n) => oldWords.has(n) || !features.names.has(n)))) return name;
  }
  return null;
}

/**
 * The new optional names a text mentions, where: in code, or as a word that heads a new
 * section of the page ("the URL" where "URL Mode …" is new). With `plainOn` (the words of
 * a page) also as a plain word a new name of that page is spelled like, inflected ("modes"
 * for `mode`, four letters at least): a prohibition names what it forbids loosely.
 */
function newNamesIn(text: string, features: Features, pageWords: ReadonlySet<string>, plainOn: ReadonlySet<string> | null): { name: string; at: number; text: string }[] {
  const found: { name: string; at: number; text: string }[] = [];
  for (const match of text.matchAll(/`([^`\n]+)`/g)) {
    const name = [...namesInCode(match[0])].find((n) => features.names.has(n));
    if (name) found.push({ name, at: match.index!, text: match[0] });
  }
  const plain = text.replace(/`[^`\n]*`/g, (m) => ' '.repeat(m.length));
  const ofPage = (n: string) => plainOn !== null && n.length >= 4 && features.names.has(n) && [...(features.owners.get(n) ?? [])].some((w) => plainOn.has(w));
  for (const match of plain.matchAll(/[A-Za-z][\w-]*/g)) {
    const word = match[0].toLowerCase();
    const name = pageWords.has(word) ? word : [word, word.replace(/s$/, ''), word.replace(/es$/, '')].find(ofPage);
    if (name) found.push({ name, at: match.index!, text: match[0] });
  }
  return found.sort((a, b) => a.at - b.at);
}

/** The new section a feature word opens the heading of ("URL Mode Elicitation Requests" for `url`), for the change to say what it hangs on. */
function featureHeading(sections: readonly (readonly string[])[], word: string): string | null {
  const top = sections.filter((s) => headingWords(s.at(-1)!)[0] === word).sort((a, b) => a.length - b.length)[0];
  return top ? `“${top.at(-1)}”` : null;
}
