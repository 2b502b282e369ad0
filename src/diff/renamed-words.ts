import { diffArrays } from 'diff';
import type { SpecDocument } from '../model/index.ts';
import { isIdentifierLike } from '../model/terms.ts';
import { catalogEntry } from '../records/catalog.ts';
import type { ChangeDraft } from '../records/change.ts';
import { contentWords } from './content-words.ts';
import type { DiffContext } from './context.ts';
import { dutyGrowth } from './obligation-growth.ts';
import { KEYWORD_WORDS } from './rule-words.ts';
import { sameDuty, withoutExamples } from './same-duty.ts';
import { isCosmeticRewording, normalizeText, STOPWORDS, tokens, wordsAsWritten } from './similarity.ts';
import { isReworded } from './split-off-prose.ts';
import { mentions } from './terms.ts';

/**
 * A page that calls a thing by another name everywhere ("server" → "service", "thrown" →
 * "raised", `old_name` → `new_name`) rewords each sentence that named it. Read one sentence at
 * a time, each rewording looks like a change of substance; read against the whole page, the
 * exchange is the page's vocabulary, not any one rule's duty. An exchange of words is the
 * page's when the two pages show it: the older page used the words, and the newer one
 * (nearly) stopped using them while using the new words more; or several sentences make the
 * same exchange and none makes it the other way. A plain word the older page (nearly) never
 * used ("original" → "previous") is not taken for its vocabulary: it may say something new.
 *
 * - A rule whose every change is such an exchange (or only its examples changed) states the
 *   same duty: `rule-reworded`, saying which words the page exchanged. A rule that also
 *   changed otherwise is judged on what is left (a reworded MUST that only seemed to name
 *   more because of the new words asks nothing more).
 * - A name in code the page exchanged for another in every place (the older name gone from
 *   the newer page, the newer one absent from the older page) is a name that changed: one
 *   `term-renamed` record, which the paragraphs and rules that changed only by that name
 *   join (`after.places`), and whose `term-added` / `term-removed` signals it replaces.
 */

/** At most this many words on each side of one exchange. */
const MAX_EXCHANGE = 3;
/** An exchange made in this many sentences of a page, never reversed, is the page's. */
const CONSISTENT = 3;
/** The older words must be used this often to be said to vanish, and the newer page uses them at most this share as often. */
const MIN_USES = 2;
const VANISHED_SHARE = 0.25;
/** A word the older text used less than a fifth as often as the newer one is new to it. */
const RARE = 5;
/** A name in code exchanged in this many places is renamed. */
const MIN_RENAMED_PLACES = 2;

interface Hunk {
  /** The changed words as tokens (lower case, a plural's "s" dropped): what is compared. */
  removed: string[];
  added: string[];
  /** The word both wordings have right after the change (a token), if any: "field error" → "execution error". */
  next: string | null;
  /** The changed words as written, and with that next word: what is said. */
  said: [string, string];
  saidWithNext: [string, string];
}

export function readRenamedWords(drafts: readonly ChangeDraft[], ctx: DiffContext): ChangeDraft[] {
  const reworded = drafts.filter((d) => isReworded(d) && kindOf(d) !== null);
  if (reworded.length === 0) return [...drafts];
  const renames = renamedNames(reworded, ctx);
  const exchanges = pageExchanges(reworded, ctx);
  if (renames.size === 0 && exchanges.size === 0) return [...drafts];

  const dropped = new Set<ChangeDraft>();
  const places = new Map<string, ChangeDraft[]>();
  const rewritten = new Map<ChangeDraft, ChangeDraft>();
  for (const draft of reworded) {
    const before = draft.before!.text;
    const after = draft.after!.text;
    // A name in code renamed: a sentence that changed by nothing else joins the rename.
    const renamed = renamedIn(before, renames);
    if (renamed !== before && normalizeText(renamed) === normalizeText(after)) {
      const key = renameKeyIn(before, renames)!;
      places.set(key, [...(places.get(key) ?? []), draft]);
      dropped.add(draft);
      continue;
    }
    if (kindOf(draft) !== 'rule-changed') continue;
    const { exchanged, otherwise } = exchangesIn(hunksOf(renamed, after), exchanges, (hunk) => (vanished(ctx, hunk.removed.join(' ')) ? hunk.said : hunk.saidWithNext));
    if (exchanged.length === 0) continue;
    const said = exchanged.map(([from, to]) => `“${from}” is “${to}” throughout the newer page`).join(', ');
    const plainBefore = exchangeWords(renamed, exchanged);
    const same = !otherwise ? 'same' : sameDuty(plainBefore, after);
    if (same) {
      rewritten.set(draft, { ...withoutLevel(draft), id: 'rule-reworded', detail: { ...draft.detail, how: same === 'same' ? said : `${said}; ${same}` } });
    } else if (draft.level === 'breaking' && dutyGrowth(plainBefore, after).length === 0) {
      // It seemed to ask more only because of the page's new words: what is left is a rewording in substance, no more.
      rewritten.set(draft, withoutLevel(draft));
    }
  }
  const renameRecords = [...places].map(([key, joined]) => renameRecord(key, joined));
  const renamedTerms = new Set([...places.keys()].flatMap((key) => key.split('\u0000')));
  return [
    ...drafts
      .filter((d) => !dropped.has(d))
      // The rename says the old name went and the new one came.
      .filter((d) => !((d.id === 'term-added' || d.id === 'term-removed') && renamedTerms.has(d.subject)))
      .map((d) => rewritten.get(d) ?? d),
    ...renameRecords,
  ];
}

function kindOf(draft: ChangeDraft): string | null {
  const kind = catalogEntry(draft.id).kind;
  return kind === 'rule' || kind === 'prose' ? draft.id : null;
}

function withoutLevel(draft: ChangeDraft): ChangeDraft {
  const { level: _level, levelReason: _reason, ...rest } = draft;
  return rest;
}

// ── Names in code ─────────────────────────────────────────────────────────────────────────

/** Old name → new name, for names in code the page exchanged everywhere. */
function renamedNames(reworded: readonly ChangeDraft[], ctx: DiffContext): Map<string, string> {
  const seen = new Map<string, number>();
  for (const draft of reworded) {
    const was = codeNames(draft.before!.text);
    const now = codeNames(draft.after!.text);
    const gone = [...was].filter((n) => !now.has(n));
    const came = [...now].filter((n) => !was.has(n));
    if (gone.length !== 1 || came.length !== 1) continue;
    const key = `${gone[0]}\u0000${came[0]}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  const renames = new Map<string, string>();
  const taken = new Set<string>();
  for (const [key, count] of seen) {
    const [from, to] = key.split('\u0000') as [string, string];
    if (count < MIN_RENAMED_PLACES || taken.has(from) || taken.has(to)) continue;
    // Gone from the newer page, new to it: a name that changed, not one used beside another.
    if (namesIn(ctx.new, from) || namesIn(ctx.old, to)) continue;
    renames.set(from, to);
    taken.add(from).add(to);
  }
  return renames;
}

function codeNames(text: string): Set<string> {
  return new Set([...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]!.trim()).filter(isIdentifierLike));
}

/** Does the page name `name` anywhere: in its text or its code blocks? */
function namesIn(doc: SpecDocument, name: string): boolean {
  return doc.terms.some((t) => t.token === name) || doc.codeBlocks.some((b) => mentions(b.value, name)) || pageText(doc).some((t) => mentions(t, name));
}

function renamedIn(text: string, renames: ReadonlyMap<string, string>): string {
  if (renames.size === 0) return text;
  return text.replace(/`([^`]+)`/g, (whole, name: string) => (renames.has(name.trim()) ? `\`${renames.get(name.trim())}\`` : whole));
}

function renameKeyIn(text: string, renames: ReadonlyMap<string, string>): string | null {
  for (const name of codeNames(text)) if (renames.has(name)) return `${name}\u0000${renames.get(name)}`;
  return null;
}

function renameRecord(key: string, joined: readonly ChangeDraft[]): ChangeDraft {
  const [from, to] = key.split('\u0000') as [string, string];
  const first = joined[0]!;
  return {
    id: 'term-renamed', subject: to, key: `${from}\u0000${to}`,
    section: first.section,
    before: { text: from, line: first.before!.line },
    after: { text: to, line: first.after!.line, places: joined.length, quoted: joined.map((d) => d.after!.text) },
    detail: { from, to, places: String(joined.length) },
  };
}

// ── Words ────────────────────────────────────────────────────────────────────────────────

/**
 * The page's exchanges of words, as "old words\u0000new words" (tokens): each with the word
 * after it too when that is what the page stopped saying ("field error" while "field" stays).
 */
function pageExchanges(reworded: readonly ChangeDraft[], ctx: DiffContext): Set<string> {
  const made = new Map<string, number>();
  const withNext = new Map<string, Set<string>>();
  const written = new Map<string, string>();
  for (const draft of reworded) {
    const hunks = hunksOf(draft.before!.text, draft.after!.text).filter(isExchange);
    for (const key of new Set(hunks.map((h) => keyOf(h)))) made.set(key, (made.get(key) ?? 0) + 1);
    for (const hunk of hunks) {
      written.set(keyOf(hunk), hunk.said[1]);
      if (hunk.next) withNext.set(keyOf(hunk), (withNext.get(keyOf(hunk)) ?? new Set()).add(hunk.next));
    }
  }
  const exchanges = new Set<string>();
  const grew = (from: string, to: string) => uses(ctx.new, to) > uses(ctx.old, to) && uses(ctx.new, from) < uses(ctx.old, from);
  for (const [key, count] of made) {
    const [from, to] = key.split('\u0000') as [string, string];
    // A plain word the older page (nearly) never used ("original" → "previous") may say something new;
    // the page's own word for a thing it already named ("server" → "service"), a name
    // (`groupedFieldSet` → `collectedFieldsMap`) or a term of several words is its vocabulary.
    const newPlainWord = !to.includes(' ') && /^[a-z]+$/.test(written.get(key) ?? '') && uses(ctx.old, to) * RARE <= uses(ctx.new, to);
    if (!newPlainWord && grew(from, to) && (vanished(ctx, from) || (count >= CONSISTENT && !made.has(`${to}\u0000${from}`)))) exchanges.add(key);
    if (newPlainWord) continue;
    for (const next of withNext.get(key) ?? []) {
      const [fromNext, toNext] = [`${from} ${next}`, `${to} ${next}`];
      if (grew(fromNext, toNext) && vanished(ctx, fromNext)) exchanges.add(`${fromNext}\u0000${toNext}`);
    }
  }
  return exchanges;
}

/**
 * The same for a whole revision (src/revision): exchanges several of its reworded texts make
 * (`pairs`, older and newer wording), never the other way, while its pages use the newer words
 * more than before.
 */
export function revisionExchanges(pairs: readonly [string, string][], docs: { old: readonly SpecDocument[]; new: readonly SpecDocument[] }): Set<string> {
  const made = new Map<string, number>();
  const written = new Map<string, string>();
  for (const [before, after] of pairs) {
    const hunks = hunksOf(before, after).filter(isExchange);
    for (const key of new Set(hunks.map((h) => keyOf(h)))) made.set(key, (made.get(key) ?? 0) + 1);
    for (const hunk of hunks) written.set(keyOf(hunk), hunk.said[1]);
  }
  const total = (side: readonly SpecDocument[], words: string) => side.reduce((sum, doc) => sum + uses(doc, words), 0);
  const exchanges = new Set<string>();
  for (const [key, count] of made) {
    if (count < CONSISTENT) continue;
    const [from, to] = key.split('\u0000') as [string, string];
    if (made.has(`${to}\u0000${from}`)) continue;
    // As on a page: a plain word the older revision (nearly) never used may say something new.
    if (!to.includes(' ') && /^[a-z]+$/.test(written.get(key) ?? '') && total(docs.old, to) * RARE <= total(docs.new, to)) continue;
    // The newer words are the revision's (used more than before); the older ones may live on in other senses.
    if (total(docs.new, to) > total(docs.old, to)) exchanges.add(key);
  }
  return exchanges;
}

/**
 * A reworded rule read against a revision's exchanges: how the rule-reworded record says it
 * (null when something else changed too, or no exchange was made).
 */
export function rewordedByExchanges(before: string, after: string, exchanges: ReadonlySet<string>): string | null {
  if (exchanges.size === 0) return null;
  // A word the newer wording still uses elsewhere was exchanged as a qualifier: said with the word it qualified ("field error").
  const stillUsed = new Set(wordsOf(after).tokens);
  const { exchanged, otherwise } = exchangesIn(hunksOf(before, after), exchanges, (hunk) => (hunk.removed.every((w) => stillUsed.has(w)) ? hunk.saidWithNext : hunk.said));
  if (exchanged.length === 0) return null;
  const said = exchanged.map(([from, to]) => `“${from}” is “${to}” throughout the newer revision`).join(', ');
  if (!otherwise) return said;
  const same = sameDuty(exchangeWords(before, exchanged), after);
  return same ? `${said}; ${same}` : null;
}

/** The older page used the words, the newer one (nearly) stopped. */
function vanished(ctx: DiffContext, words: string): boolean {
  const [before, after] = [uses(ctx.old, words), uses(ctx.new, words)];
  return before >= MIN_USES && after <= before * VANISHED_SHARE;
}

/**
 * The exchanges of the page `hunks` make, and whether anything else changed (more than small
 * words or a near-spelling).
 */
function exchangesIn(hunks: readonly Hunk[], exchanges: ReadonlySet<string>, said: (hunk: Hunk) => [string, string]): { exchanged: [string, string][]; otherwise: boolean } {
  const found: [string, string][] = [];
  let otherwise = false;
  for (const hunk of hunks) {
    if (isExchange(hunk) && (exchanges.has(keyOf(hunk)) || (hunk.next !== null && exchanges.has(keyOf(hunk, hunk.next))))) {
      // A word the page stopped using is said alone; one it still uses elsewhere, with the word it qualified.
      found.push(said(hunk));
    } else if (![...hunk.removed, ...hunk.added].every((w) => STOPWORDS.has(w) || QUANTIFIERS.has(w)) && !(hunk.removed.length && hunk.added.length && isCosmeticRewording(hunk.said[0], hunk.said[1])) && !sameNameOtherwiseSet(hunk)) {
      otherwise = true;
    }
  }
  return { exchanged: dedupe(found), otherwise };
}

/** One name set in code on one side and as a plain word (or a `{Symbol}`) on the other: `String` ↔ {String}. */
function sameNameOtherwiseSet(hunk: Hunk): boolean {
  if (hunk.removed.length !== 1 || hunk.added.length !== 1) return false;
  const plain = (w: string) => (w.startsWith(CODE_WORD) ? w.slice(CODE_WORD.length).toLowerCase() : w.replace(/[^a-z0-9]/g, 'x'));
  return plain(hunk.removed[0]!) === plain(hunk.added[0]!);
}

/** Words that, for a rule's object, say what "a" says ("for a field" ↔ "for any field"). */
const QUANTIFIERS = new Set(['any', 'each', 'every']);

function dedupe(pairs: [string, string][]): [string, string][] {
  const seen = new Set<string>();
  return pairs.filter(([a, b]) => !seen.has(`${a}\u0000${b}`) && seen.add(`${a}\u0000${b}`));
}

/** `text` with each exchanged run of words written as the newer page writes it. */
function exchangeWords(text: string, exchanged: readonly [string, string][]): string {
  let out = text;
  for (const [from, to] of exchanged) {
    const words = from.split(' ').map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    const pattern = new RegExp(`(?<![\\w$-])${words.map((w) => `${w}(?:e?s)?`).join('[^\\p{L}\\p{N}]+')}(?![\\w$-])`, 'giu');
    out = out.replace(pattern, to);
  }
  return out;
}

/**
 * The changed runs of two wordings, word by word (code spans as one word each, examples left
 * out), small words at their edges aside; a run of as many words on each side is read word
 * for word ("throw a field" → "raise an execution": "throw" → "raise", "field" → "execution").
 */
function hunksOf(before: string, after: string): Hunk[] {
  const was = wordsOf(before);
  const now = wordsOf(after);
  const parts = diffArrays(was.tokens, now.tokens);
  const hunks: Hunk[] = [];
  let [i, j] = [0, 0];
  for (let k = 0; k < parts.length; k++) {
    const part = parts[k]!;
    if (!part.added && !part.removed) {
      [i, j] = [i + part.value.length, j + part.value.length];
      continue;
    }
    const next = parts[k + 1];
    const removedCount = part.removed ? part.value.length : 0;
    const addedCount = part.added ? part.value.length : part.removed && next?.added ? next.value.length : 0;
    if (part.removed && next?.added) k += 1;
    let [rs, re, as, ae] = [i, i + removedCount, j, j + addedCount];
    [i, j] = [re, ae];
    while (rs < re && as < ae && STOPWORDS.has(was.tokens[rs]!) && STOPWORDS.has(now.tokens[as]!)) [rs, as] = [rs + 1, as + 1];
    while (rs < re && as < ae && STOPWORDS.has(was.tokens[re - 1]!) && STOPWORDS.has(now.tokens[ae - 1]!)) [re, ae] = [re - 1, ae - 1];
    if (re - rs === ae - as && re - rs > 1) {
      for (let d = 0; d < re - rs; d++) {
        if (was.tokens[rs + d] === now.tokens[as + d] || (STOPWORDS.has(was.tokens[rs + d]!) && STOPWORDS.has(now.tokens[as + d]!))) continue;
        hunks.push(hunk(was, rs + d, rs + d + 1, now, as + d, as + d + 1));
      }
    } else hunks.push(hunk(was, rs, re, now, as, ae));
  }
  return hunks;
}

function hunk(was: Words, rs: number, re: number, now: Words, as: number, ae: number): Hunk {
  // The word after the change, when both wordings have it and it names something.
  const shared = re < was.tokens.length && ae < now.tokens.length && was.tokens[re] === now.tokens[ae] && !was.tokens[re]!.startsWith(CODE_WORD) && contentWords(was.tokens[re]!).length === 1;
  const [wasSaid, nowSaid] = [was.raw.slice(rs, re), now.raw.slice(as, ae)];
  return {
    removed: was.tokens.slice(rs, re),
    added: now.tokens.slice(as, ae),
    next: shared ? was.tokens[re]! : null,
    said: [wasSaid.join(' '), nowSaid.join(' ')],
    saidWithNext: shared ? [[...wasSaid, was.raw[re]!].join(' '), [...nowSaid, now.raw[ae]!].join(' ')] : [wasSaid.join(' '), nowSaid.join(' ')],
  };
}

interface Words {
  tokens: string[];
  raw: string[];
}

const CODE_WORD = 'zzcode';

function wordsOf(text: string): Words {
  // A name in code is one word, never exchanged as plain words (renamedNames reads those).
  const coded = withoutExamples(text).replace(/`([^`]+)`/g, (_m, name: string) => ` ${CODE_WORD}${name.replace(/[^A-Za-z0-9]/g, 'x')} `);
  const found = tokens(coded);
  const raw = wordsAsWritten(coded);
  return { tokens: found, raw: raw.length === found.length ? raw : normalizeText(coded).split(' ').filter(Boolean) };
}

function isExchange(hunk: Hunk): boolean {
  const { removed, added } = hunk;
  if (removed.length === 0 || added.length === 0 || removed.length > MAX_EXCHANGE || added.length > MAX_EXCHANGE) return false;
  const all = [...removed, ...added];
  if (all.some((w) => KEYWORD_WORDS.has(w) || w.startsWith(CODE_WORD))) return false;
  return !removed.every((w) => STOPWORDS.has(w)) && !added.every((w) => STOPWORDS.has(w));
}

function keyOf(hunk: Hunk, next?: string): string {
  const tail = next ? ` ${next}` : '';
  return `${hunk.removed.join(' ')}${tail}\u0000${hunk.added.join(' ')}${tail}`;
}

// ── The page's words ───────────────────────────────────────────────────────────────────

const pageWords = new WeakMap<SpecDocument, string[]>();
const pageTexts = new WeakMap<SpecDocument, string[]>();

function pageText(doc: SpecDocument): string[] {
  let texts = pageTexts.get(doc);
  if (!texts) {
    texts = [...doc.sections.map((s) => s.heading), ...doc.prose.map((p) => p.text), ...doc.rules.map((r) => r.text), ...doc.fields.flatMap((f) => (f.description ? [f.description] : []))];
    pageTexts.set(doc, texts);
  }
  return texts;
}

/** How many times the page uses a run of words (tokens joined by spaces). */
function uses(doc: SpecDocument, phrase: string): number {
  let words = pageWords.get(doc);
  if (!words) {
    words = pageText(doc).flatMap((t) => [...wordsOf(t).tokens, '\u0000']);
    pageWords.set(doc, words);
  }
  const want = phrase.split(' ');
  let count = 0;
  for (let i = 0; i + want.length <= words.length; i++) {
    if (words[i] !== want[0]) continue;
    if (want.every((w, j) => words![i + j] === w)) count += 1;
  }
  return count;
}
