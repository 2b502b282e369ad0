import type { Field } from '../model/index.ts';
import type { ChangeDraft } from '../records/change.ts';
import { contentWords, MIN_CONTENT_WORDS, shareFoundIn } from './content-words.ts';

/**
 * A list of plain bullets rewritten as a list of named fields ("- An initial value for …" →
 * "- {initialValue} (optional): An initial value for …"): each gone bullet is the new field's
 * description, not text removed. Its record is the field's: the field record keeps what the
 * paragraph read (`after.wasProse`) and the paragraph has none of its own. Only a paragraph
 * of the same section whose words and the description's are nearly the same.
 */
const SAME_SHARE = 0.75;

export function foldProseBecomeFields(drafts: readonly ChangeDraft[], newFields: readonly Field[]): ChangeDraft[] {
  const fields = drafts.filter((d) => (d.id === 'field-added' || d.id === 'required-field-added') && d.after?.['origin'] === 'list' && d.section.new !== null);
  if (fields.length === 0) return [...drafts];
  const descriptions = new Map(fields.map((d) => [d, contentWords(newFields.find((f) => f.origin === 'list' && f.line === d.after!.line && f.path === d.after!['path'])?.description ?? '')]));
  const told = new Map<ChangeDraft, string>();
  const dropped = new Set<ChangeDraft>();
  for (const prose of drafts) {
    if (prose.id !== 'prose-removed' || !prose.before || prose.section.new === null) continue;
    const words = contentWords(prose.before.text);
    if (words.length < MIN_CONTENT_WORDS) continue;
    const field = fields.find((f) => !told.has(f) && f.section.new === prose.section.new && descriptions.get(f)!.length > 0
      && shareFoundIn(words, descriptions.get(f)!) >= SAME_SHARE && shareFoundIn(descriptions.get(f)!, words) >= SAME_SHARE);
    if (!field) continue;
    dropped.add(prose);
    told.set(field, prose.before.text);
  }
  return drafts
    .filter((d) => !dropped.has(d))
    .map((d) => (told.has(d) ? { ...d, after: { ...d.after!, wasProse: told.get(d)! } } : d));
}
