import { isJsonRpcErrorCode } from '../model/terms.ts';
import { scanText, tokensOf } from './scan.ts';

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
const WEB_VOCABULARY = /^(?:content-type|content-length|accept|authorization|origin|host|user-agent|(?:application|text|image|audio|video|multipart)\/[\w.+-]+)$/i;
/** JSON Schema's own types and formats: values a spec borrows with `type` and `format`, not its own. */
const JSON_SCHEMA_VALUES = /^(?:type=(?:string|number|integer|boolean|object|array|null)|format=(?:date|date-time|time|email|uri|uri-reference|uuid|hostname|ipv4|ipv6|regex))$/i;

/** Is `field: "value"` a pair the web's or JSON Schema's vocabulary owns rather than the protocol? */
export function isBorrowedValue(field: string, value: string): boolean {
  return JSON_SCHEMA_VALUES.test(`${field}=${value}`);
}

const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+/;
/** Hosts and addresses reserved for examples (RFC 2606, loopback): a name on them is a placeholder. */
const PLACEHOLDER = /\bexample\.(?:com|org|net)\b|\blocalhost\b|\b127\.0\.0\.1\b/i;

export interface NormativeNames {
  /** Names in inline code where the page states the protocol, as written. */
  terms: string[];
  /** JSON-RPC error codes the page's normative prose names. */
  codes: string[];
}

export function normativeNames(text: string, extraCue?: (sentence: string) => string | null): NormativeNames {
  const terms: string[] = [];
  const codes: string[] = [];
  // List items under a normative lead-in ("Clients SHOULD, in order: …") state the protocol too.
  let leadIn = false;
  let lastSentence: string | undefined;
  for (const span of scanText(text, extraCue ? { extraCue } : {}).spans) {
    if (span.sentence !== undefined && span.sentence !== lastSentence) {
      lastSentence = span.sentence;
      if (!LIST_ITEM.test(span.sentence)) leadIn = RFC2119.test(span.sentence) && /:\s*$/.test(span.sentence.trim());
    }
    if (span.cue !== null || (span.context !== 'inline' && span.context !== 'prose')) continue;
    const sentence = span.sentence ?? span.text;
    if (!states(sentence) && !(leadIn && LIST_ITEM.test(sentence) && !EXAMPLE_SENTENCE.test(sentence))) continue;
    if (span.context === 'prose') {
      for (const { token } of tokensOf(span)) if (isJsonRpcErrorCode(token)) codes.push(token);
      continue;
    }
    const whole = span.text.trim();
    if (PLACEHOLDER.test(whole)) continue;
    if (isJsonRpcErrorCode(whole)) codes.push(whole);
    else if (/^[\w$@./-]+$/.test(whole) && isName(whole)) terms.push(whole);
    for (const { token } of tokensOf(span)) {
      if (isJsonRpcErrorCode(token)) {
        if (token !== whole) codes.push(token);
      } else if (token !== whole && isName(token)) terms.push(token);
    }
  }
  return { terms, codes };
}

/** A name, not a number, a placeholder or the web's generic vocabulary. */
function isName(token: string): boolean {
  return /[A-Za-z]/.test(token) && !PLACEHOLDER.test(token) && !WEB_VOCABULARY.test(token);
}

/** Does the sentence (or heading) state the protocol rather than illustrate it? */
function states(sentence: string): boolean {
  if (EXAMPLE_SENTENCE.test(sentence)) return false;
  return RFC2119.test(sentence) || sentence.trimStart().startsWith('|') || DEFINITION_ITEM.test(sentence);
}
