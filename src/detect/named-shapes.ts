import type { SchemaAnalysis, SchemaDefinition, SchemaField } from '../schema/index.ts';

/**
 * A schema revision often gives a name to a shape that already travelled on the wire
 * unnamed (a request's inline `params` becomes `XRequestParams`). SDKs name such shapes
 * long before the schema does, so the name is no evidence that a text was written for the
 * revision that introduced it. This finds, for a definition first seen in one revision,
 * the earlier revisions whose schema already carried its shape without the name.
 *
 * Two ways a shape can have existed unnamed, both read from the schemas alone:
 * - **the same place**: where the new revision refers to the definition (`P.path → D`), the
 *   older schema has `P.path` as an inline object;
 * - **the same wire shape**: the older schema has an inline object whose required
 *   properties are exactly the definition's, and whose properties the definition all has.
 * Node only (it reads schema analyses).
 */
export function unnamedBefore(name: string, firstIndex: number, analyses: readonly (SchemaAnalysis | null)[]): number {
  const current = analyses[firstIndex];
  const definition = current?.model.byName.get(name);
  if (!current || !definition) return firstIndex;
  const places = placesOf(name, current);
  let earliest = firstIndex;
  for (let i = firstIndex - 1; i >= 0; i--) {
    const older = analyses[i];
    if (!older || older.model.byName.has(name)) break;
    if (!places.some((place) => isInlineObject(older, place)) && !hasSameWireShape(definition, older)) break;
    earliest = i;
  }
  return earliest;
}

interface Place {
  owner: string;
  path: string;
}

/** Where a definition is referred to: `ElicitRequest` at `params`. */
function placesOf(name: string, analysis: SchemaAnalysis): Place[] {
  const out: Place[] = [];
  for (const owner of analysis.model.definitions) {
    for (const field of owner.fields.values()) if (field.types.includes(`→${name}`)) out.push({ owner: owner.name, path: field.path });
  }
  return out;
}

function isInlineObject(analysis: SchemaAnalysis, place: Place): boolean {
  const owner = analysis.model.byName.get(place.owner);
  const field = owner?.fields.get(place.path);
  return !!owner && !!field && field.types.includes('object') && !field.types.some((t) => t.startsWith('→')) && childrenOf(owner, place.path).length > 0;
}

function hasSameWireShape(definition: SchemaDefinition, older: SchemaAnalysis): boolean {
  const own = childrenOf(definition, '');
  const required = new Set(own.filter((f) => f.required).map(lastSegment));
  if (required.size < 2) return false;
  const names = new Set(own.map(lastSegment));
  for (const owner of older.model.definitions) {
    for (const field of owner.fields.values()) {
      if (field.path === '' || !field.types.includes('object') || field.types.some((t) => t.startsWith('→'))) continue;
      const children = childrenOf(owner, field.path);
      const theirRequired = children.filter((f) => f.required).map(lastSegment);
      if (theirRequired.length !== required.size || !theirRequired.every((n) => required.has(n))) continue;
      if (children.every((f) => names.has(lastSegment(f)))) return true;
    }
  }
  return false;
}

/** The direct properties of the object at `path` (`params` → `params.message`, not `params.a.b`). */
function childrenOf(definition: SchemaDefinition, path: string): SchemaField[] {
  const prefix = path === '' ? '' : `${path}.`;
  const out: SchemaField[] = [];
  for (const field of definition.fields.values()) {
    if (field.path === path || !field.path.startsWith(prefix)) continue;
    const rest = field.path.slice(prefix.length);
    if (rest && !/[.[{]/.test(rest)) out.push(field);
  }
  return out;
}

function lastSegment(field: SchemaField): string {
  return field.path.slice(field.path.lastIndexOf('.') + 1);
}
