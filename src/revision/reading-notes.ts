import type { SpecDocument } from '../model/index.ts';
import type { KeywordConvention } from '../model/keyword-case.ts';
import type { PageReading } from './reading.ts';

/**
 * What a reader must be told about how the revisions were read, so nothing informative
 * happens in silence: pages that yielded no rule at all (with the setting that would read
 * lower-case keywords, when the spec is read in capitals), and a revision whose every page
 * was judged informative (nothing in it counts; the config can say otherwise).
 */
export function readingNotes(docs: { old: ReadonlyMap<string, SpecDocument>; new: ReadonlyMap<string, SpecDocument> }, pages: readonly PageReading[], keywords: KeywordConvention | null): string[] {
  const notes: string[] = [];
  const ruleless = pages.filter((p) => !p.informative && [p.old && docs.old.get(p.old), p.new && docs.new.get(p.new)].every((doc) => !doc || doc.rules.length === 0));
  if (ruleless.length > 0) {
    const listed = ruleless.slice(0, 8).map((p) => p.page).join(', ') + (ruleless.length > 8 ? `, and ${ruleless.length - 8} more` : '');
    const all = ruleless.length === pages.filter((p) => !p.informative).length;
    // The setting that would change it, unless the spec itself said how to read its keywords.
    const option = keywords && keywords.keywordCase === 'uppercase' && keywords.how === 'usage'
      ? ` Keywords were read in capitals only (${keywords.evidence}); if this spec writes its requirements in lower case, set "keywordCase": "any-case" in specdelta.config.json.`
      : keywords && keywords.how !== 'declared' ? ` Keywords were read in ${keywords.keywordCase === 'any-case' ? 'any case' : 'capitals only'} (${keywords.evidence}).` : '';
    notes.push(`${all ? 'No page yielded an' : `${ruleless.length} of ${pages.length} pages yielded no`} RFC 2119 rule${all ? '' : ` (${listed})`}: ${all ? 'the' : 'their'} changes are paragraphs and sections only.${option}`);
  }
  if (pages.length > 0 && pages.every((p) => p.informative)) {
    notes.push(`Every page was judged informative, so no change counts (${pages.map((p) => `${p.page}: ${p.reason}`).slice(0, 3).join('; ')}${pages.length > 3 ? '; …' : ''}). If that is wrong, list the normative pages under "normative" in specdelta.config.json.`);
  }
  return notes;
}
