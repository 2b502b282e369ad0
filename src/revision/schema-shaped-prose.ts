import { levelRank, type Change } from '../records/change.ts';
import { tokens } from '../diff/similarity.ts';

/**
 * A paragraph of a normative page reworded to say what the schema now says of a field's shape
 * ("returned as a JSON object in the `f` field" → "…as any JSON value…") is that shape change
 * told in prose: it weighs what the schema's record of it weighs, not editorial. A prose
 * record takes the level of a schema record when the paragraph names the field in code on
 * both sides (by its last path segment), and the words the rewording changed include a word
 * of the shape the schema changed (`object` → `any`): naming the field alone is not enough,
 * a paragraph may reword something else beside it. Informative pages (change logs) only
 * describe changes and keep their level.
 */
export function levelProseBySchemaShape(changes: readonly Change[], informative: (change: Change) => boolean): Change[] {
  const shapes = changes.filter(isShapeChange);
  if (shapes.length === 0) return [...changes];
  return changes.map((change) => {
    if (change.id !== 'prose-changed' || change.source !== 'page' || informative(change) || !change.before || !change.after) return change;
    const named = codeNames(change.before.text).filter((n) => codeNames(change.after!.text).includes(n));
    if (named.length === 0) return change;
    const reworded = symmetricDifference(tokens(change.before.text), tokens(change.after.text));
    const evidence = shapes
      .filter((s) => named.includes(identifierLeaf(s.subject) ?? '') && shapeWords(s).some((w) => reworded.has(w)))
      .sort((a, b) => levelRank(a.level) - levelRank(b.level));
    const strongest = evidence[0];
    if (!strongest || levelRank(strongest.level) >= levelRank(change.level)) return change;
    return { ...change, level: strongest.level, levelReason: `the schema reports the same change of \`${identifierLeaf(strongest.subject)}\`: ${strongest.message}` };
  });
}

/** A schema record of a field's shape that has both sides (retyped, narrowed, widened, made required…); descriptions are not shape. */
function isShapeChange(change: Change): boolean {
  return change.source === 'schema' && change.kind === 'schema-field' && change.before !== null && change.after !== null && !change.id.endsWith('description-changed');
}

/** Names a text spells in code: `` `structuredContent` ``. */
function codeNames(text: string): string[] {
  return [...text.matchAll(/`([A-Za-z_$][\w$]*)`/g)].map((m) => m[1]!);
}

/** `CallToolResult.structuredContent` → `structuredContent`; null when the path ends in items, values or a quoted key. */
function identifierLeaf(subject: string): string | null {
  return /(?:^|\.)([A-Za-z_$][\w$]*)$/.exec(subject)?.[1] ?? null;
}

/**
 * The words of the shape that differ between the schema record's sides: a side's text is the
 * field as one line (`name: object (optional)`, schema/describe.ts), so the shape is what
 * follows the first `: `, without the required-ness the record's id already says.
 */
function shapeWords(change: Change): string[] {
  const shape = (text: string) => tokens(text.slice(text.indexOf(': ') + 2).replace(/\s\((?:optional|required)\)$/, ''));
  return [...symmetricDifference(shape(change.before!.text), shape(change.after!.text))];
}

function symmetricDifference(a: readonly string[], b: readonly string[]): Set<string> {
  const [sa, sb] = [new Set(a), new Set(b)];
  return new Set([...a.filter((w) => !sb.has(w)), ...b.filter((w) => !sa.has(w))]);
}
