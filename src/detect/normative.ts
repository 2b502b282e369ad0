import { isJsonRpcErrorCode } from '../model/terms.ts';
import { scanText, tokensOf } from './scan.ts';
import { wellKnownName } from './tokens.ts';

/**
 * The names a spec page *defines*, as opposed to names it only shows: inline code where the
 * page states the protocol (a sentence with an RFC 2119 keyword, a table row, a definition
 * item "- `name`: what it is"), never an example ("Example valid tool names:
 * `getUser`"), a placeholder (`mcp.example.com`), or a sentence telling history. Code blocks
 * are examples by nature and define nothing; names the schema defines come from the schema.
 * Generic: the keywords are RFC 2119's and the example cues are English, no protocol names.
 * Used by the fingerprint builder only.
 */

/** RFC 2119 / 8174 keywords, as specs write them when a sentence is normative. */
const RFC2119 = /\b(?:MUST|MUST NOT|SHALL|SHALL NOT|SHOULD|SHOULD NOT|REQUIRED|RECOMMENDED|MAY|OPTIONAL)\b/;
/** A sentence presenting examples rather than rules. */
const EXAMPLE_SENTENCE = /\bexamples?\b|\be\.g\.|\bfor instance\b|\bsuch as\b|\billustrat/i;
/** A definition item: a list item that opens with the defined name in code, then says what it is. */
const DEFINITION_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+(?:\*\*)?`[^`]+`(?:\*\*)?\s*(?:[:(—–-]|is\b|are\b)/;
/**
 * The web's own vocabulary, which the spec uses but does not define: generic HTTP fields and
 * media types. A catalog of HTTP's and IANA's names, not of the protocol's.
 */
const WEB_VOCABULARY = /^(?:content-type|content-length|accept|authorization|www-authenticate|origin|host|user-agent|(?:application|text|image|audio|video|multipart)\/[\w.+-]+)$/i;
/** JSON Schema's own types and formats: values a spec borrows with `type` and `format`, not its own. */
const JSON_SCHEMA_VALUES = /^(?:type=(?:string|number|integer|boolean|object|array|null)|format=(?:date|date-time|time|email|uri|uri-reference|uuid|hostname|ipv4|ipv6|regex))$/i;

/** Is `field: "value"` a pair the web's or JSON Schema's vocabulary owns rather than the protocol? */
export function isBorrowedValue(field: string, value: string): boolean {
  return JSON_SCHEMA_VALUES.test(`${field}=${value}`);
}

/** Does the sentence's own wording present examples? Code and URLs are no wording: `https://example.com/…` is a host, not the word. */
function presentsExamples(sentence: string): boolean {
  return EXAMPLE_SENTENCE.test(sentence.replace(/`[^`]*`/g, ' ').replace(/\bhttps?:\/\/\S+/g, ' '));
}

const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+/;
/** Hosts and addresses reserved for examples (RFC 2606, loopback): a name on them is a placeholder. */
const PLACEHOLDER = /\bexample\.(?:com|org|net)\b|\blocalhost\b|\b127\.0\.0\.1\b/i;

interface NormativeNames {
  /** Names in inline code where the page states the protocol, as written. */
  terms: string[];
  /** JSON-RPC error codes the page's normative prose names. */
  codes: string[];
  /** Names the page places in a document another standard defines ("`x` in OAuth Authorization Server Metadata"), with that document's title as written. */
  borrowed: [string, string][];
}

export function normativeNames(text: string, extraCue?: (sentence: string) => string | null): NormativeNames {
  const terms: string[] = [];
  const codes: string[] = [];
  const borrowed: [string, string][] = [];
  // List items under a normative lead-in ("Clients SHOULD, in order: …") state the protocol too.
  let leadIn = false;
  let lastSentence: string | undefined;
  for (const span of scanText(text, extraCue ? { extraCue } : {}).spans) {
    if (span.sentence !== undefined && span.sentence !== lastSentence) {
      lastSentence = span.sentence;
      const opens = RFC2119.test(span.sentence) && /:\s*$/.test(span.sentence.trim());
      // Inside a list item under a normative lead-in, a nested lead-in ("This can be either:") keeps its scope.
      if (span.item && !LIST_ITEM.test(span.sentence)) leadIn ||= opens;
      else if (!LIST_ITEM.test(span.sentence)) leadIn = opens;
    }
    if (span.cue !== null || (span.context !== 'inline' && span.context !== 'prose')) continue;
    const sentence = span.sentence ?? span.text;
    if (!states(sentence) && !(leadIn && LIST_ITEM.test(sentence) && !presentsExamples(sentence))) continue;
    if (span.context === 'prose') {
      for (const { token } of tokensOf(span)) if (isJsonRpcErrorCode(token)) codes.push(token);
      continue;
    }
    const whole = span.text.trim();
    if (PLACEHOLDER.test(whole)) {
      // A URL on a placeholder host is a sample, but a well-known path in it (RFC 8615) names a document whatever the host.
      for (const { token } of tokensOf(span)) {
        const known = wellKnownName(token);
        if (known) terms.push(known);
      }
      continue;
    }
    if (isJsonRpcErrorCode(whole)) codes.push(whole);
    else if (/^[\w$@./-]+$/.test(whole) && isName(whole)) {
      terms.push(wellKnownName(whole) ?? whole);
      const document = placedIn(sentence, span.text);
      if (document) borrowed.push([whole, document]);
    }
    for (const { token } of tokensOf(span)) {
      if (isJsonRpcErrorCode(token)) {
        if (token !== whole) codes.push(token);
      } else if (token !== whole && isName(token)) terms.push(wellKnownName(token) ?? token);
    }
  }
  return { terms, codes, borrowed };
}

/**
 * A document's name as the spec writes it, compared without case and version numbers:
 * "OAuth 2.0 Authorization Server Metadata" and "OAuth Authorization Server Metadata" are one.
 */
export function standardName(words: string): string {
  // "RFC 9999 Section 5.1" cites part of a document: the document is what comes before the section.
  const document = words.replace(SECTION_OF, '');
  return document.split(/\s+/).filter((w) => w && !/\d/.test(w)).join(' ').toLowerCase();
}
const SECTION_OF = /[\s,-]+(?:Section|Sec\.|§)\s*\d[\s\S]*$/i;

/** A run of capitalised words (version numbers allowed among them): a document's or a standard's title. */
const TITLE = String.raw`(?:[A-Z][\w-]*|\d[\w.]*)(?:[ \t]+(?:[A-Z][\w-]*|\d[\w.]*))+`;
const TITLE_BEFORE_LINK = new RegExp(String.raw`(${TITLE})\s*\(?\s*\[[^\]\n]+\]\((https?:\/\/[^)\s]*)`, 'g');
const TITLE_AS_LINK = new RegExp(String.raw`\[(${TITLE})\]\((https?:\/\/[^)\s]*)`, 'g');

/**
 * The other standards a page cites: a title followed by a link to it on another site
 * ("OAuth 2.0 Authorization Server Metadata ([RFC8414](https://…))"), or a title that is the
 * link ("[OpenID Connect Discovery 1.0](https://…)"). Names, normalized with standardName.
 */
export function citedStandards(text: string): string[] {
  return [...citedTitles(text).keys()];
}

/**
 * citedStandards with each title as the page first writes it (`OAuth 2.0 Authorization Server
 * Metadata`), by its normalized name; `standard`: the RFC or Internet-Draft its link points to
 * (see linkedDocuments), or null for a link to anything else.
 */
export function citedTitles(text: string): Map<string, { written: string; standard: string | null }> {
  const out = new Map<string, { written: string; standard: string | null }>();
  const prose = text.replace(/^\s{0,3}(`{3,}|~{3,})[\s\S]*?^\s{0,3}\1\s*$/gm, '');
  for (const pattern of [TITLE_BEFORE_LINK, TITLE_AS_LINK]) {
    for (const m of prose.matchAll(pattern)) {
      const name = standardName(m[1]!);
      const standard = documentOf(m[2]!);
      if (name.includes(' ') && (!out.has(name) || (standard && !out.get(name)!.standard))) out.set(name, { written: m[1]!.trim(), standard });
    }
  }
  return out;
}

/**
 * The IETF documents a text links to, by identity: an RFC by its number, an Internet-Draft by
 * its name without its version (`draft-ietf-x-y-13` and `-14` are one document). A citation
 * such as "[RFC9999 Section 5.1](…/rfc9999#section-5.1)" has no title of its own; its link
 * says which standard it is.
 */
export function linkedDocuments(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(LINKED_URL)) {
    const doc = documentOf(m[1]!);
    if (doc) out.add(doc);
  }
  return [...out];
}
const LINKED_URL = /(https?:\/\/[^\s)<>"'`\]]+)/g;

function documentOf(url: string): string | null {
  const rfc = /\brfc[-_]?(\d{3,5})(?!\d)/i.exec(url);
  if (rfc) return `rfc${Number(rfc[1])}`;
  const draft = /\b(draft-[a-z][a-z0-9]*(?:-[a-z0-9]+)+?)(?:-\d{2})?(?:\.html|\.txt)?(?:[#?/]|$)/i.exec(url);
  return draft ? draft[1]!.toLowerCase() : null;
}

/**
 * The standards each name is cited beside: for every name in inline code, the documents the
 * sentences naming it cite (a title before or as a link, a linked RFC or Internet-Draft, and
 * any run of capitalised words, which the builder keeps only when some page cites a standard
 * by that title: "**OAuth 2.0 Authorization Server Metadata**: if `x` is absent …"). Titles
 * are normalized with standardName. Sentences explaining history say nothing.
 */
export function citationsOfNames(text: string, extraCue?: (sentence: string) => string | null): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  let lastSentence: string | undefined;
  let cited: string[] = [];
  for (const span of scanText(text, extraCue ? { extraCue } : {}).spans) {
    if (span.context !== 'inline' || span.cue !== null || span.sentence === undefined) continue;
    if (span.sentence !== lastSentence) {
      lastSentence = span.sentence;
      cited = sentenceDocuments(span.sentence);
    }
    if (cited.length === 0) continue;
    const whole = span.text.trim();
    if (!/^[\w$@./-]+$/.test(whole) || !isName(whole)) continue;
    const set = out.get(whole) ?? new Set<string>();
    for (const doc of cited) set.add(doc);
    out.set(whole, set);
  }
  return out;
}

function sentenceDocuments(sentence: string): string[] {
  const out = new Set(linkedDocuments(sentence));
  // Code is no title: a name in backticks is what the sentence is about, not a standard.
  for (const m of sentence.replace(/`[^`]*`/g, ' ').matchAll(TITLE_RUN)) {
    const name = standardName(m[0]);
    if (name.includes(' ')) out.add(name);
  }
  return [...out];
}
const TITLE_RUN = new RegExp(TITLE, 'g');

/** The document a sentence places a name in: "(via `name` in OAuth Authorization Server Metadata)" → its title, or null. */
function placedIn(sentence: string, code: string): string | null {
  const at = sentence.indexOf(`\`${code}\``);
  if (at === -1) return null;
  const m = new RegExp(String.raw`^\s+in\s+(?:the\s+)?(${TITLE})`).exec(sentence.slice(at + code.length + 2));
  return m ? m[1]! : null;
}

/** A name, not a number, a placeholder or the web's generic vocabulary. */
function isName(token: string): boolean {
  return /[A-Za-z]/.test(token) && !PLACEHOLDER.test(token) && !WEB_VOCABULARY.test(token);
}

/** Does the sentence (or heading) state the protocol rather than illustrate it? */
function states(sentence: string): boolean {
  if (presentsExamples(sentence)) return false;
  return RFC2119.test(sentence) || sentence.trimStart().startsWith('|') || DEFINITION_ITEM.test(sentence);
}
