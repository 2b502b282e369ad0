import type { Rule, SpecDocument } from '../model/index.ts';

/**
 * A grammar production's head: a symbol (with its parameters, `Value[Const]`) and `:`, `::`,
 * `:::` or `::=`.
 */
const DEFINES = /^([\p{L}_][\p{L}\p{N}_-]*(?:\[[^\]]*\])?)\s+(?::{1,3}|::=)(?:\s|$)/u;

/** The symbol a paragraph defines when it is a grammar production, else null. */
export function productionSymbol(text: string): string | null {
  return DEFINES.exec(text)?.[1] ?? null;
}

/** Any keyword, in either case: where a rule's subject ends. */
const KEYWORD = /\b(?:must|shall|should|may|required|recommended|optional)\b/i;
/** A grammar symbol named in a sentence: in braces (`{IntValue}`) or in code. */
const NAMED_SYMBOL = /\{([\p{L}_][\p{L}\p{N}_]*)\}|`([\p{L}_][\p{L}\p{N}_]*)`/gu;

/** A grammar terminal named in a sentence: punctuation in code, in braces or not ({`"`}, `\`). */
const NAMED_TERMINAL = /\{?`([^`\p{L}\p{N}\s]+)`\}?/gu;

/**
 * A rule whose subject is a symbol that a grammar production of its own section defines ("An
 * {Amount} must not have a leading {0}" beside `Amount :: Digit+`) says in words what that
 * grammar says: the symbol, or null. Its duty is the grammar's, whose change (if any) is the
 * production's own record. Likewise a rule whose subject names only terminals, characters in
 * code ("The {`\`}, {`"`} characters also must be escaped"), that one production of its
 * section spells in code: the grammar already says what may stand there (that production's
 * symbol, first one that excludes them: "but not `"` or `\`").
 */
export function spellsOutGrammar(rule: Rule, doc: SpecDocument): string | null {
  const keyword = KEYWORD.exec(rule.text);
  const subject = keyword ? rule.text.slice(0, keyword.index) : '';
  const named = new Set([...subject.matchAll(NAMED_SYMBOL)].map((m) => m[1] ?? m[2]!));
  const terminals = [...new Set([...subject.matchAll(NAMED_TERMINAL)].map((m) => m[1]!))];
  if (named.size === 0 && terminals.length === 0) return null;
  let spelling: string | null = null;
  for (const block of doc.prose) {
    if (block.sectionId !== rule.sectionId) continue;
    const symbol = productionSymbol(block.text)?.replace(/\[.*$/, '');
    if (symbol === undefined) continue;
    if (named.has(symbol)) return symbol;
    if (named.size > 0 || terminals.length === 0 || !terminals.every((t) => block.text.includes(`\`${t}\``))) continue;
    const excluded = /\bbut\s+not\b([^\n]*)/.exec(block.text)?.[1] ?? '';
    if (terminals.every((t) => excluded.includes(`\`${t}\``))) return symbol;
    spelling ??= symbol;
  }
  return spelling;
}
