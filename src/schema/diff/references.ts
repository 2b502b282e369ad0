import type { SchemaModel } from '../model.ts';

/**
 * How many fields of a schema refer to a definition (as a type or a base). A definition that
 * every referrer now spells inline, or that names a shape every referrer once spelled inline,
 * is judged by comparing this count with how many referrers the differ saw do so.
 */
export function referenceCount(model: SchemaModel, name: string, counts: (referrer: string) => boolean = () => true): number {
  let count = 0;
  for (const def of model.definitions) {
    if (!def.refs.includes(name) || !counts(def.name)) continue;
    for (const field of def.fields.values()) if (field.types.includes(`→${name}`) || field.extends.includes(name)) count++;
  }
  return count;
}
