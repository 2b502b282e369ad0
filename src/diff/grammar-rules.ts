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

/**
 * A rule whose subject is a symbol that a grammar production of its own section defines ("An
 * {Amount} must not have a leading {0}" beside `Amount :: Digit+`) says in words what that
 * grammar says: the symbol, or null. Its duty is the grammar's, whose change (if any) is the
 * production's own record.
 */
export function spellsOutGrammar(rule: Rule, doc: SpecDocument): string | null {
  const keyword = KEYWORD.exec(rule.text);
  const subject = keyword ? rule.text.slice(0, keyword.index) : '';
  const named = new Set([...subject.matchAll(NAMED_SYMBOL)].map((m) => m[1] ?? m[2]!));
  if (named.size === 0) return null;
  for (const block of doc.prose) {
    if (block.sectionId !== rule.sectionId) continue;
    const symbol = productionSymbol(block.text)?.replace(/\[.*$/, '');
    if (symbol !== undefined && named.has(symbol)) return symbol;
  }
  return null;
}
