import { typeAtoms, type RecordFacts } from './facts.ts';

/**
 * New kinds of an existing thing: definitions this revision adds that join a field's union
 * beside members that were there ("content: TextContent | ImageContent" gaining
 * `ToolResultContent`). Text names such a kind in plain words, by what sets it apart from
 * the old members, the words they all share left out ("tool results" for
 * `ToolResultContent` beside `TextContent`). Nothing of that kind existed before, so a duty
 * about it ("When a message contains tool results, it MUST …") binds only whoever takes
 * the new kind up: opt-in.
 */

export interface NewKind {
  definition: string;
  /** The words that set it apart, lower case, in order. */
  words: string[];
}

export function newKindsOf(facts: readonly RecordFacts[]): NewKind[] {
  const added = new Set(facts.filter((f) => f.change.id === 'definition-added' && f.change.level !== 'breaking' && f.change.level !== 'editorial').map((f) => f.change.subject));
  const kinds = new Map<string, NewKind>();
  for (const f of facts) {
    if (f.change.kind !== 'schema-field' || f.direction !== 'changed') continue;
    const before = membersOf(f.change.before?.text);
    const after = membersOf(f.change.after?.text);
    const old = after.filter((m) => before.includes(m));
    if (old.length === 0) continue;
    for (const member of after) {
      if (before.includes(member) || !added.has(member) || kinds.has(member)) continue;
      const words = distinctWords(member, old);
      if (words.length >= 2) kinds.set(member, { definition: member, words });
    }
  }
  return [...kinds.values()];
}

/** The new kind a text names in plain words (plurals too), or null. */
export function kindNamedIn(text: string, kinds: readonly NewKind[]): NewKind | null {
  const words = text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
  const same = (word: string, wanted: string) => word === wanted || word === `${wanted}s` || word === `${wanted}es`;
  for (const kind of kinds) {
    for (let i = 0; i + kind.words.length <= words.length; i++) {
      if (kind.words.every((w, j) => same(words[i + j]!, w))) return kind;
    }
  }
  return null;
}

/** The definition names of a field's type ("content: A | B | C (required)" → A, B, C). */
function membersOf(text: string | undefined): string[] {
  return typeAtoms(text ?? '').filter((t) => /^[A-Z]\w*$/.test(t));
}

/** A name's words less those every old member shares ("Content" of TextContent, ImageContent). */
function distinctWords(name: string, old: readonly string[]): string[] {
  const shared = old.map(wordsOf).reduce((common, words) => common.filter((w) => words.includes(w)));
  return wordsOf(name).filter((w) => !shared.includes(w));
}

function wordsOf(name: string): string[] {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2').toLowerCase().split(/\s+/).filter(Boolean);
}
