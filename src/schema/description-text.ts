/**
 * A description as a reader reads it. Schemas generated from annotated sources carry the
 * source's markup in their descriptions: JSDoc inline links, Markdown links and code spans.
 * Adding or respelling that markup changes how the text is rendered, not what it says, so
 * descriptions are compared in this reading: an edit of markup alone is no record.
 *
 * The JSDoc inline link forms (TSDoc / TypeDoc / JSDoc):
 *   {@link Target}            reads `Target`
 *   {@link Target | label}    reads `label`
 *   {@link Target label}      reads `label` (whitespace ends the target)
 *   {@link https://… label}   reads `label`
 *   {@linkcode …} / {@linkplain …}: the same, only styled differently
 * A generator that drops the ` | ` separator glues target and label together
 * (`{@link Targetlabel}`); when the text starts with a name the schema defines and what follows
 * cannot continue that name, the rest is the label (this also splits `{@link Target label}`
 * and `{@link Target`code` label}` where the target is a defined name). Otherwise whitespace
 * ends the target, and a link without label reads as its target.
 */

const INLINE_LINK = /\{@link(?:code|plain)?\s+([^{}]*)\}/g;
const MARKDOWN_LINK = /\[([^\]]*)\]\([^)]*\)/g;
const CODE_SPAN = /`([^`]*)`/g;

/** The visible text of a description: links read as their text, code spans as their content, whitespace collapsed. */
export function readableDescription(text: string, definitionNames: ReadonlySet<string> = new Set()): string {
  return text
    .replace(INLINE_LINK, (_, inner: string) => linkText(inner.trim(), definitionNames))
    .replace(MARKDOWN_LINK, '$1')
    .replace(CODE_SPAN, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A description as a record quotes it: each inline link reads as its text, written in code when
 * that text is one name (a link's text names what it links to), the rest of the markup kept.
 * Records show this, so a reader never sees a link's target glued to its label, and the
 * grouping meets the linked name as the name a page writes in code.
 */
export function descriptionWithLinksRead(text: string, definitionNames: ReadonlySet<string>): string {
  return text.replace(INLINE_LINK, (_, inner: string) => {
    const label = linkText(inner.trim(), definitionNames);
    return /^[\w$@./:#-]+$/.test(label) ? `\`${label}\`` : label;
  });
}

function linkText(inner: string, names: ReadonlySet<string>): string {
  const bar = inner.indexOf('|');
  if (bar >= 0) return inner.slice(bar + 1).trim() || inner.slice(0, bar).trim();
  const glued = gluedLabel(inner, names);
  if (glued !== null) return glued.trim();
  const space = /\s/.exec(inner);
  return space ? inner.slice(space.index).trim() : inner;
}

/**
 * `Targetlabel` with the separator lost: the longest defined name the text starts with, when
 * what follows cannot continue that name or a member path (`Name.field`, `Name#member`) and
 * does not start a longer PascalCase word (`NameOther` is some other, undefined, name).
 */
function gluedLabel(inner: string, names: ReadonlySet<string>): string | null {
  let best = '';
  for (const name of names) if (name.length > best.length && inner.startsWith(name)) best = name;
  if (best === '' || best === inner) return null;
  const rest = inner.slice(best.length);
  return /^[A-Z0-9_.#$]/.test(rest) ? null : rest;
}
