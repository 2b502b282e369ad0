import type { Change } from '../records/change.ts';

/**
 * A reference page renders each definition twice: once as a declaration (`interface X { a: T;
 * b?: U; }`), then member by member (`b?: U`, each with its description). A member retyped
 * changes both: the declaration is reworded, and the member's old line goes while its new line
 * arrives. The declaration's record already says it, in the context of the whole shape; the
 * member lines are its halves. So an added, removed or reworded paragraph of a reference page
 * that is one whole member of a reworded declaration in the same section, on the same side
 * (a removed line in the old declaration and no longer in the new one, an added line the other
 * way round), is dropped.
 */
export function foldMembersIntoSignatures(changes: readonly Change[]): Change[] {
  const signatures = changes.filter((c) => c.source === 'reference' && c.kind === 'prose' && c.action === 'changed' && c.before !== null && c.after !== null);
  if (signatures.length === 0) return [...changes];
  return changes.filter((change) => !(change.source === 'reference' && change.kind === 'prose' && signatures.some((sig) => sig !== change && isHalfOf(change, sig))));
}

function isHalfOf(member: Change, signature: Change): boolean {
  if (member.page !== signature.page || member.section.old !== signature.section.old || member.section.new !== signature.section.new) return false;
  const before = member.before?.text;
  const after = member.after?.text;
  if (before === undefined && after === undefined) return false;
  // Each side the member has must be a member of the declaration on that side, and gone from
  // (or new to) the other side: the declaration changed exactly there.
  if (before !== undefined && !(declaresMember(signature.before!.text, before) && !declaresMember(signature.after!.text, before))) return false;
  if (after !== undefined && !(declaresMember(signature.after!.text, after) && !declaresMember(signature.before!.text, after))) return false;
  return true;
}

/** A TypeScript member as a reference page shows it: a name (or an index signature), `:` or `?:`, a type. */
const MEMBER = /^(?:readonly\s+)?(?:[\p{L}_$][\p{L}\p{N}_$]*|"[^"]*"|\[[^\]]+\])\??:\s*\S/u;

/** Is `line` one whole member of `declaration`: after its opening `{` or a `;`, and ended by `;` or its closing `}`? */
function declaresMember(declaration: string, line: string): boolean {
  const member = squash(line).replace(/;$/, '');
  if (!MEMBER.test(member)) return false;
  const escaped = member.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?:\\{|;)\\s*${escaped}\\s*(?:;|\\})`, 'u').test(squash(declaration));
}

function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
