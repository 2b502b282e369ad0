import { type JsonObject, type JsonValue } from './load.ts';
import { isObject } from '../core/objects.ts';

/**
 * `$ref` spelling, made dialect-neutral: `#/definitions/X` (draft-07) and `#/$defs/X`
 * (2020-12) both name the definition `X`, so a change of spelling is not a change of shape.
 */

/** What a reference points at, written without the dialect: `X`, `X#/properties/y`, `#`, or the ref verbatim when external. */
export function refTarget(ref: string): string {
  if (ref === '#' || ref === '#/') return '#';
  const match = /^#\/(?:\$defs|definitions)\/([^/]+)(\/.*)?$/.exec(ref);
  if (match) {
    const name = decodeSegment(match[1] ?? '');
    const rest = match[2];
    return rest ? `${name}#${rest}` : name;
  }
  return ref;
}

/** True when the target is a definition name (not a deep pointer, the root, or an external document). */
export function isDefinitionTarget(target: string): boolean {
  return !target.includes('#') && !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.includes('/');
}

/** The definition a target lives in (`X` for `X#/properties/y`), or null for the root or an external ref. */
export function targetDefinition(target: string): string | null {
  if (target.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(target)) return null;
  const hash = target.indexOf('#');
  return hash === -1 ? target : target.slice(0, hash);
}

type Resolution = { ok: true; value: JsonValue } | { ok: false; reason: 'external' | 'dangling' };

/** Looks a `$ref` up in the same document. External references are not followed. */
export function resolveRef(root: JsonObject, ref: string): Resolution {
  if (!ref.startsWith('#')) return { ok: false, reason: 'external' };
  if (ref === '#' || ref === '#/') return { ok: true, value: root };
  if (!ref.startsWith('#/')) {
    // An anchor (`#foo`, 2020-12 `$anchor`): look for it among the definitions.
    const anchor = ref.slice(1);
    const found = findAnchor(root, anchor, 0);
    return found === undefined ? { ok: false, reason: 'dangling' } : { ok: true, value: found };
  }
  let current: JsonValue = root;
  for (const raw of ref.slice(2).split('/')) {
    const segment = decodeSegment(raw);
    if (Array.isArray(current)) {
      const index = Number(segment);
      if (!Number.isInteger(index) || index < 0 || index >= current.length) return { ok: false, reason: 'dangling' };
      current = current[index] as JsonValue;
    } else if (isObject(current) && Object.prototype.hasOwnProperty.call(current, segment)) {
      current = current[segment] as JsonValue;
    } else {
      return { ok: false, reason: 'dangling' };
    }
  }
  return { ok: true, value: current };
}

function findAnchor(node: JsonValue, anchor: string, depth: number): JsonValue | undefined {
  if (depth > 64 || !isObject(node) && !Array.isArray(node)) return undefined;
  if (isObject(node) && (node['$anchor'] === anchor || node['$id'] === `#${anchor}`)) return node;
  for (const child of Array.isArray(node) ? node : Object.values(node)) {
    const found = findAnchor(child, anchor, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

function decodeSegment(segment: string): string {
  let s = segment;
  try {
    s = decodeURIComponent(segment);
  } catch {
    // keep it as written
  }
  return s.replace(/~1/g, '/').replace(/~0/g, '~');
}
