import type { SpecDocument } from '../model/index.ts';
import { sentences } from '../model/rules.ts';
import { excerpt } from '../records/quote.ts';
import { sectionPair, type DiffContext, type Emit } from './context.ts';
import { tokens } from './similarity.ts';

/**
 * Deprecation notices: "the Roots feature is deprecated", "X has been deprecated in favor
 * of Y", a `<Warning>` that opens with "**Deprecated**:", or "the deprecated X" in
 * passing. A subject the newer page calls deprecated and the older page did not is one
 * record; what the subject is (a transport or feature, a method, a field or value) is read
 * from the words naming it.
 */
interface Deprecation {
  subject: string;
  sentence: string;
  line: number;
  sectionId: string;
}

/** "X is deprecated", "X are now soft-deprecated", "X has been deprecated since …". */
const STATED = /^(.+?)\s+(?:is|are|has been|have been|was|were|becomes|become)\s+(?:now\s+|also\s+|officially\s+)?(?:soft-)?deprecated\b/i;
/** "the deprecated X (…)", "a deprecated X, …": the noun phrase after the adjective. */
const IN_PASSING = /\b(?:the|a|an|this|these)\s+(?:soft-)?deprecated\s+(.+?)(?=\s*[(,.;:]|\s+(?:from|is|are|was|which|that|and|or|in|for|with)\b|$)/gi;
/** A callout's label ("Deprecated:", "Note:") and the determiners before a noun phrase. */
const LABEL = /^(?:\*\*)?(?:deprecated|note|warning|important)(?:\*\*)?\s*:\s*/i;
const DETERMINERS = /^(?:(?:note|notice|please note) that\s+)?(?:(?:the|a|an|this|these|those|its|their|use of|using|support for)\s+)?/i;
/** Where a noun phrase ends and its circumstances begin ("… transport from protocol version …"). */
const TAIL = /\s+(?:from|since|as of|in|under|starting|beginning|for)\s+.*$/i;
const MAX_SUBJECT_WORDS = 10;
/** What `STATED` and `IN_PASSING` both require. */
const MENTIONS_DEPRECATION = /deprecated/i;
/**
 * Kinds of protocol element a name in passing must end in ("the deprecated HTTP+SSE
 * transport"), so that "the deprecated features registry" (a registry of deprecated
 * features, not a deprecated registry) is not read as one.
 */
const ELEMENT_HEAD = /\s(?:transport|feature|method|request|notification|field|parameter|property|value|option|capability|mechanism|flow|endpoint|header|message|type|extension)s?$/i;

function deprecationsIn(doc: SpecDocument): Deprecation[] {
  const found: Deprecation[] = [];
  // Both notices name the word; a block without it has no sentence to read (most have none).
  const noting = (block: { text: string }) => MENTIONS_DEPRECATION.test(block.text);
  const texts = [
    ...doc.prose.filter(noting).flatMap((p) => sentences(p.text).map((s) => ({ text: s, line: p.line, sectionId: p.sectionId }))),
    ...doc.rules.filter(noting).flatMap((r) => sentences(r.text).map((s) => ({ text: s, line: r.line, sectionId: r.sectionId }))),
  ];
  for (const { text, line, sectionId } of texts) {
    for (const subject of subjectsOf(text)) {
      if (!found.some((d) => sameSubject(d.subject, subject))) found.push({ subject, sentence: text, line, sectionId });
    }
  }
  return found;
}

/** What a sentence calls deprecated: the subject of its notice, and the elements it names as deprecated in passing. */
function subjectsOf(sentence: string): string[] {
  const plain = sentence.replace(LABEL, '').trim();
  const stated = STATED.exec(plain);
  const statedSubject = stated ? nounPhrase(stated[1]!) : null;
  const inPassing = [...plain.matchAll(IN_PASSING)]
    .map((m) => nounPhrase(m[1]!))
    .filter((subject): subject is string => subject !== null && ELEMENT_HEAD.test(subject));
  return statedSubject ? [statedSubject, ...inPassing] : inPassing;
}

function nounPhrase(phrase: string): string | null {
  // A clause before the subject ("Under the new policy, X is deprecated") is not part of it.
  const clause = phrase.split(/,\s+/).at(-1)!;
  const subject = clause.replace(DETERMINERS, '').replace(TAIL, '').replace(/\s*\([^)]*\)\s*/g, ' ').trim();
  const words = subject.split(/\s+/);
  if (!subject || words.length > MAX_SUBJECT_WORDS || !/\w/.test(subject)) return null;
  return subject;
}

function sameSubject(a: string, b: string): boolean {
  const ta = new Set(tokens(a).filter((t) => t !== 'feature'));
  const tb = new Set(tokens(b).filter((t) => t !== 'feature'));
  const [small, large] = ta.size <= tb.size ? [ta, tb] : [tb, ta];
  return small.size > 0 && [...small].every((t) => large.has(t));
}

/** Which catalog id a subject takes, from the words naming it. */
function idFor(subject: string): string {
  if (/`[^`]*\/[^`]*`|\b(method|request|notification)s?\b/i.test(subject)) return 'message-deprecated';
  if (/\b(field|parameter|property|value|option|attribute)s?\b/i.test(subject)) return 'field-deprecated';
  return 'feature-deprecated';
}

export function diffDeprecations(ctx: DiffContext, emit: Emit): void {
  const before = deprecationsIn(ctx.old);
  for (const d of deprecationsIn(ctx.new)) {
    if (before.some((b) => sameSubject(b.subject, d.subject))) continue;
    emit({
      id: idFor(d.subject), subject: d.subject,
      section: sectionPair(ctx, 'new', d.sectionId),
      before: null, after: { text: d.sentence, line: d.line },
      detail: { notice: excerpt(d.sentence, noticeFocus(d), 110) },
    });
  }
}

/** Where the notice names its subject (else where it says "deprecated"): the quote is cut around it. */
function noticeFocus(d: Deprecation): number {
  const at = d.sentence.indexOf(d.subject);
  return at >= 0 ? at : Math.max(0, d.sentence.search(/deprecated/i));
}
