import type { SchemaField, SchemaModel } from '../schema/index.ts';
import type { Change } from '../records/change.ts';

/**
 * A new MUST on a page that a field be of a type ("`widgets`: MUST be a non-empty array")
 * asks nothing new when the older revision's schema already required that field, of that
 * type: every implementation that conformed already sent it so. The field is the one the
 * rule names in code before its keyword (or in the lead-in it inherits); of the old
 * schema's fields of that name, the one of the definition the rule's section or lead-in
 * names, else all of them must agree.
 */
const TYPE_DUTY = /^(?:MUST|SHALL)\s+be\s+(?:an?\s+)?(?:[\w-]+\s+){0,4}?(object|array|string|number|integer|boolean)\b/i;

export function levelRulesTheSchemaRequired(changes: readonly Change[], oldSchema: SchemaModel): Change[] {
  const fields = fieldsByLeaf(oldSchema);
  return changes.map((change) => {
    if (change.id !== 'required-rule-added' || change.source === 'schema' || !change.after) return change;
    const text = change.after.text;
    const at = text.search(/\b(?:MUST|SHALL)\b/);
    if (at < 0) return change;
    const type = TYPE_DUTY.exec(text.slice(at))?.[1]?.toLowerCase();
    const leadIn = typeof change.after['leadIn'] === 'string' ? change.after['leadIn'] : '';
    const subject = `${leadIn} ${text.slice(0, at)}`;
    const name = [...subject.matchAll(/`([A-Za-z_$][\w$]*)`/g)].at(-1)?.[1];
    if (!type || !name) return change;
    const candidates = fields.get(name.toLowerCase()) ?? [];
    const context = `${subject} ${change.section.new ?? ''}`.toLowerCase();
    const owned = candidates.filter((c) => new RegExp(`\\b${c.definition.toLowerCase()}\\b`).test(context));
    const chosen = owned.length > 0 ? owned : candidates;
    if (chosen.length === 0 || !chosen.every((c) => c.field.required && c.field.types.length === 1 && c.field.types[0] === type)) return change;
    const where = chosen.map((c) => `\`${c.definition}.${c.field.path}\``).join(', ');
    return { ...change, level: 'editorial', levelReason: `the older revision's schema already required ${where}, as ${type === 'array' || type === 'object' || type === 'integer' ? 'an' : 'a'} ${type}: every implementation that conformed already sent it so` };
  });
}

function fieldsByLeaf(schema: SchemaModel): Map<string, { definition: string; field: SchemaField }[]> {
  const out = new Map<string, { definition: string; field: SchemaField }[]>();
  for (const definition of schema.definitions) {
    for (const [path, field] of definition.fields) {
      if (path === '') continue;
      const leaf = path.split('.').at(-1)!.replace(/\W/g, '').toLowerCase();
      out.set(leaf, [...(out.get(leaf) ?? []), { definition: definition.name, field }]);
    }
  }
  return out;
}
