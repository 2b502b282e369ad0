import type { Processor } from 'unified';

/**
 * remark-gfm looks for a footnote call (`[^1]`) at every `]` by walking back over the whole
 * paragraph's tokens before it checks whether the page defines any footnote; a paragraph of
 * many `]` (100,000 characters of `](a`) then costs minutes. Definitions are read before
 * inline text, so when the page defines none the answer is already known: no call. This
 * plugin (used after the GFM parts, gfm-parts.ts) answers that without the walk; with
 * definitions present the original check runs unchanged, so the tree is the same either way.
 */

interface Construct {
  name?: string;
  tokenize: (this: { parser: { gfmFootnotes?: string[] } }, effects: unknown, ok: unknown, nok: unknown) => unknown;
}

type Extension = { text?: Record<number, Construct | Construct[]> };

const POTENTIAL_CALL = 'gfmPotentialFootnoteCall';

export function footnoteCallsOnlyWithDefinitions(this: Processor): void {
  const extensions = (this.data('micromarkExtensions') ?? []) as Extension[];
  for (const extension of extensions.flatMap(flatten)) {
    const text = extension.text;
    if (!text) continue;
    for (const [code, constructs] of Object.entries(text)) {
      text[Number(code)] = Array.isArray(constructs) ? constructs.map(bounded) : bounded(constructs);
    }
  }
}

/** micromark-extension-gfm hands its parts over as one combined extension or a list of them. */
function flatten(extension: Extension | Extension[]): Extension[] {
  return Array.isArray(extension) ? extension.flatMap(flatten) : [extension];
}

function bounded(construct: Construct): Construct {
  if (construct.name !== POTENTIAL_CALL) return construct;
  const original = construct.tokenize;
  return {
    ...construct,
    tokenize(effects, ok, nok) {
      const defined = this.parser.gfmFootnotes;
      return defined && defined.length > 0 ? original.call(this, effects, ok, nok) : nok;
    },
  };
}
