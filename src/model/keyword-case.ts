/**
 * Whether a spec's RFC 2119 keywords count in lower case too, and how that was decided: the
 * spec's keyword convention. RFC 8174 says only capitals are normative, and that is the
 * default; some specs declare otherwise next to their RFC 2119 reference ("These key words
 * may appear in lowercase and still retain their meaning"), and some never cite RFC 2119 at
 * all and write their requirements in lower case. The convention is read from the spec's own
 * words (its boilerplate first, then how it uses the keywords), or set by its config.
 */

export type KeywordCase = 'uppercase' | 'any-case';

export interface ParseOptions {
  /** Unset: read from the page's own declaration (keywordCaseDeclared). */
  keywordCase?: KeywordCase;
}

/**
 * How a spec writes its requirements, as detected (or configured): `uppercase` BCP 14
 * keywords (cited, or simply used), keywords in any case (declared, or by usage: the spec
 * never cites RFC 2119, never writes them in capitals and writes "must" and "should" in lower
 * case throughout), or `none` found (no keyword in capitals, too few in lower case to say).
 */
export interface KeywordConvention {
  keywordCase: KeywordCase;
  convention: 'uppercase' | 'any-case' | 'none';
  /** `config`: the spec's config said; `declared`: its boilerplate says; `usage`: read from how it writes them. */
  how: 'config' | 'declared' | 'usage';
  /** What showed it, in words a reader can check ("cites RFC 2119", "“…may appear in lowercase…”"). */
  evidence: string;
}

const REFERENCE = /\b(?:RFC\s*2119|RFC\s*8174|BCP\s*14)\b/gi;
const ANY_CASE = /\b(?:lower[- ]?case|regardless of (?:their )?(?:letter )?case|in any case|case[- ]insensitive(?:ly)?)\b/i;

/** 'any-case' when the text declares, beside its RFC 2119 reference, that lower-case keywords count. */
export function keywordCaseDeclared(text: string): KeywordCase {
  return anyCaseDeclaration(text) === null ? 'uppercase' : 'any-case';
}

/** The words around the RFC 2119 reference that declare lower-case keywords, or null. */
function anyCaseDeclaration(text: string): string | null {
  for (const match of text.matchAll(REFERENCE)) {
    const around = text.slice(Math.max(0, match.index - 400), match.index + 400);
    const declared = ANY_CASE.exec(around);
    if (declared) return around.slice(Math.max(0, declared.index - 60), declared.index + 60).replace(/\s+/g, ' ').trim();
  }
  return null;
}

/** Below this many lower-case requirement verbs, a spec without capitals is not read as writing them in lower case. */
const LOWER_CASE_USAGE = 20;

/**
 * A spec's keyword convention, from all its pages: the config's word first; then a
 * declaration of lower-case keywords beside an RFC 2119 reference; then any RFC 2119 / BCP 14
 * reference (capitals, as RFC 8174 has it); then usage: keywords in capitals make it upper
 * case; none in capitals and "must"/"should"/"shall" written as requirements at least
 * `LOWER_CASE_USAGE` times (and twenty times as often as any capital) make it any case.
 */
export function keywordConventionOf(texts: Iterable<string>, configured?: KeywordCase): KeywordConvention {
  if (configured) return { keywordCase: configured, convention: configured, how: 'config', evidence: `"keywordCase": "${configured}" in specdelta.config.json` };
  let cited: string | null = null;
  let capitals = 0;
  let lower = 0;
  for (const text of texts) {
    const declared = anyCaseDeclaration(text);
    if (declared) return { keywordCase: 'any-case', convention: 'any-case', how: 'declared', evidence: `“…${declared}…”` };
    cited ??= /\{::boilerplate\s+bcp14/i.test(text) ? 'cites BCP 14 (its boilerplate)' : /\bBCP\s*14\b/i.test(text) ? 'cites BCP 14' : /\bRFC\s*8174\b/i.test(text) ? 'cites RFC 8174' : /\bRFC\s*2119\b/i.test(text) ? 'cites RFC 2119' : null;
    const prose = outsideCode(text);
    capitals += prose.match(/\b(?:MUST|SHALL|SHOULD|REQUIRED|RECOMMENDED)\b/g)?.length ?? 0;
    lower += prose.match(/\b(?:must|shall|should)(?: not)? [a-z]+/g)?.length ?? 0;
  }
  if (cited) return { keywordCase: 'uppercase', convention: 'uppercase', how: 'declared', evidence: `${cited}, so keywords count in capitals only (RFC 8174)` };
  if (lower >= LOWER_CASE_USAGE && capitals * 20 <= lower) {
    return { keywordCase: 'any-case', convention: 'any-case', how: 'usage', evidence: `no RFC 2119 reference; ${capitals === 0 ? 'no keyword in capitals' : `${capitals} in capitals`}, ${lower} requirements written "must", "should" or "shall" in lower case` };
  }
  if (capitals > 0) return { keywordCase: 'uppercase', convention: 'uppercase', how: 'usage', evidence: `no RFC 2119 reference; ${capitals} keyword${capitals === 1 ? '' : 's'} written in capitals` };
  return { keywordCase: 'uppercase', convention: 'none', how: 'usage', evidence: `no RFC 2119 reference, no keyword in capitals${lower ? `, ${lower} in lower case: too few to read as requirements` : ''}` };
}

/** Text outside fenced code and code spans: keywords in code are names, not requirements. */
function outsideCode(text: string): string {
  return text.replace(/^(```|~~~)[\s\S]*?^\1/gm, ' ').replace(/`[^`\n]*`/g, ' ');
}
