import type { SchemaModel } from '../schema/index.ts';
import type { Change } from '../records/change.ts';
import { keywordsIn } from '../model/rules.ts';
import { dice, tokens } from '../diff/similarity.ts';
import { KEYWORD_WORDS } from '../diff/rule-words.ts';

/**
 * A new permission or recommendation on a page that only documents what the older
 * revision's schema already said about the field ("The client MAY modify or ignore this
 * field" under "System Prompt", where the older schema's `systemPrompt` said "The client
 * MAY modify or omit this prompt") is not a new rule for anyone: editorial, with the
 * schema's words as the reason. The field is one the rule or its section's paragraphs
 * name in code, or the one its section's heading spells.
 */

/** Most of the rule's words (keywords aside) are the description's. */
const SAME_MEANING = 0.5;

/** `sectionText(page, heading)`: the paragraphs of that section in the newer revision, where the field it is about is named. */
export function levelRulesTheSchemaStated(changes: readonly Change[], oldSchema: SchemaModel, sectionText: (page: string, heading: string) => string[]): Change[] {
  const described = fieldDescriptions(oldSchema);
  return changes.map((change) => {
    if (change.id !== 'rule-added' || change.source === 'schema' || !change.after) return change;
    const keyword = change.after.keyword;
    const around = change.section.new && change.page ? sectionText(change.page, change.section.new) : [];
    const names = [change.after.text, ...around].flatMap((text) => [...text.matchAll(/`([A-Za-z_][\w]*)`/g)].map((m) => m[1]!.toLowerCase()));
    if (change.section.new) names.push(change.section.new.replace(/[^A-Za-z0-9_]/g, '').toLowerCase());
    const words = tokens(change.after.text).filter((w) => !KEYWORD_WORDS.has(w));
    for (const name of names) {
      for (const description of described.get(name) ?? []) {
        const said = description.sentences.find((s) => keywordsIn(s).includes(keyword as never) && dice(words, tokens(s).filter((w) => !KEYWORD_WORDS.has(w))) >= SAME_MEANING);
        if (said) return { ...change, level: 'editorial', levelReason: `the older revision's schema already said it of \`${description.field}\`: "${said}"` };
      }
    }
    return change;
  });
}

function fieldDescriptions(schema: SchemaModel): Map<string, { field: string; sentences: string[] }[]> {
  const out = new Map<string, { field: string; sentences: string[] }[]>();
  for (const definition of schema.definitions) {
    for (const [path, field] of definition.fields) {
      if (!field.description || path === '') continue;
      const leaf = path.split('.').at(-1)!.replace(/\W/g, '').toLowerCase();
      const list = out.get(leaf) ?? [];
      list.push({ field: `${definition.name}.${path}`, sentences: field.description.split(/(?<=[.!?])\s+/) });
      out.set(leaf, list);
    }
  }
  return out;
}
