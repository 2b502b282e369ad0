import { isIdentifierLike } from '../model/terms.ts';
import { TOKEN_PATTERN, wellKnownName } from './tokens.ts';

/**
 * The names a spec page's sequence diagrams show. A sequence diagram (a Mermaid
 * `sequenceDiagram` block) is how a spec page states a flow: which party sends which message,
 * which parameter it reads (`Note over C: Extract resource_metadata from WWW-Authenticate`),
 * which path it requests (`C->>M: GET /.well-known/oauth-protected-resource`). It is no
 * sample of a request, so a name it shows is there in that revision: the builder counts it
 * where the revision carries the name, like the names of its examples, and a name counts as
 * the protocol's when some revision defines it (see build.ts).
 *
 * Read from Mermaid's syntax alone: message lines (`A->>B: text`), notes (`Note over A: text`)
 * and the labels of blocks (`alt text`, `else text`, `loop text`, `opt text`); never
 * participants (the parties' names), never a sample call (`get_weather("Paris")`) or a
 * placeholder host. Nothing here names a protocol name. Node and browser alike.
 */

/** The participant line and every arrow Mermaid's sequence diagrams know. */
const PARTICIPANT = /^\s*(?:participant|actor|create|destroy|box|end|activate|deactivate|autonumber|title|sequenceDiagram)\b/;
const MESSAGE = /^\s*[^:]+?\s*(?:-{1,2}(?:>>|>|x|\))[+-]?)\s*[^:]+:(.*)$/;
const NOTE = /^\s*note\s+(?:over|left of|right of)\s+[^:]+:(.*)$/i;
const BLOCK = /^\s*(?:alt|else|opt|loop|par|and|critical|option|break|rect)\b(.*)$/i;
/** Hosts and addresses reserved for examples (RFC 2606, loopback). */
const PLACEHOLDER = /\bexample\.(?:com|org|net)\b|\blocalhost\b|\b127\.0\.0\.1\b/i;
/** English abbreviations that look like dotted names. */
const ABBREVIATION = /^(?:e\.g|i\.e|etc|vs|cf)$/i;

/** Is this code block a Mermaid sequence diagram? */
export function isSequenceDiagram(lang: string | null, value: string): boolean {
  return (lang === null || /^mermaid$/i.test(lang)) && /^\s*sequenceDiagram\b/.test(value);
}

/** The names a sequence diagram's messages, notes and block labels show, as written. */
export function diagramNames(value: string): string[] {
  const out: string[] = [];
  for (const line of value.split('\n')) {
    if (PARTICIPANT.test(line)) continue;
    const text = NOTE.exec(line)?.[1] ?? MESSAGE.exec(line)?.[1] ?? BLOCK.exec(line)?.[1];
    if (!text) continue;
    // Markup is no part of a name: `<br/>`, emphasis (`_Not applicable_`).
    const plain = text.replace(/<[^>]+>/g, ' ').replace(/(^|\s)[_*]+|[_*]+(?=\s|$|[.,;:)])/g, '$1');
    for (const m of plain.matchAll(TOKEN_PATTERN)) {
      const raw = m[0].replace(/[.\-/]+$/, '');
      // A call with arguments (`get_weather("Paris")`) is a sample of a call, not a name the protocol gives.
      if (plain[m.index + m[0].length] === '(') continue;
      // A URL's host or a path on a placeholder host is a sample; a well-known path (RFC 8615) names a document wherever it is served.
      const known = wellKnownName(raw);
      if (known) {
        out.push(known);
        continue;
      }
      if (PLACEHOLDER.test(raw) || ABBREVIATION.test(raw) || plain[m.index - 1] === '/') continue;
      if (isIdentifierLike(raw)) out.push(raw);
    }
  }
  return out;
}
