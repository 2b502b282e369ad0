import type { JsonObject } from './load.ts';

/** Which way a change of constraints moves what is valid: fewer values (narrowing) or more (widening). */
export type Shift = 'narrowing' | 'widening';

/**
 * JSON Schema's value constraints beyond type and enum (bounds, lengths, patterns, formats),
 * and how a change of each moves the set of valid values. A catalog of the vocabulary's
 * keywords, not of any schema's fields: a tightened bound narrows, a loosened one widens,
 * and a swapped pattern or format is a change in both directions.
 */

type Effect =
  | 'lower' // a lower bound: a larger value accepts fewer instances
  | 'upper' // an upper bound: a smaller value accepts fewer instances
  | 'exact' // any other value accepts a different set: neither narrower nor wider
  | 'flag'; // true constrains, false is the same as absent

/** The instance type a keyword constrains; other instances pass it untouched. */
type Domain = 'string' | 'number' | 'array' | 'object';

const KEYWORDS: Readonly<Record<string, { effect: Effect; domain: Domain }>> = {
  minimum: { effect: 'lower', domain: 'number' },
  exclusiveMinimum: { effect: 'lower', domain: 'number' },
  maximum: { effect: 'upper', domain: 'number' },
  exclusiveMaximum: { effect: 'upper', domain: 'number' },
  multipleOf: { effect: 'exact', domain: 'number' },
  minLength: { effect: 'lower', domain: 'string' },
  maxLength: { effect: 'upper', domain: 'string' },
  pattern: { effect: 'exact', domain: 'string' },
  format: { effect: 'exact', domain: 'string' },
  contentEncoding: { effect: 'exact', domain: 'string' },
  contentMediaType: { effect: 'exact', domain: 'string' },
  minItems: { effect: 'lower', domain: 'array' },
  maxItems: { effect: 'upper', domain: 'array' },
  minContains: { effect: 'lower', domain: 'array' },
  maxContains: { effect: 'upper', domain: 'array' },
  uniqueItems: { effect: 'flag', domain: 'array' },
  minProperties: { effect: 'lower', domain: 'object' },
  maxProperties: { effect: 'upper', domain: 'object' },
};

/** Keyword → value, keys sorted, for the constraint keywords a (sub)schema carries. */
export type Constraints = Readonly<Record<string, string | number | boolean>>;

export const NO_CONSTRAINTS: Constraints = Object.freeze({});

export function readConstraints(schema: JsonObject): Constraints {
  const out: Record<string, string | number | boolean> = {};
  for (const keyword of Object.keys(KEYWORDS).sort()) {
    const value = schema[keyword];
    const effect = KEYWORDS[keyword]?.effect;
    if (effect === 'flag') {
      if (value === true) out[keyword] = true;
    } else if (effect === 'lower' || effect === 'upper') {
      // draft-04 spells exclusiveMinimum as a boolean beside minimum: keep it, compared as exact.
      if (typeof value === 'number' || typeof value === 'boolean') out[keyword] = value;
    } else if (typeof value === 'string' || typeof value === 'number') {
      out[keyword] = value;
    }
  }
  return Object.keys(out).length ? out : NO_CONSTRAINTS;
}

/**
 * The constraints of a union (`anyOf` branches, or two spellings of one place): a value may
 * match any branch, so a keyword holds only when every branch that admits its instance type
 * demands it with the same value. A branch of other types does not weaken it (`maxLength` on
 * the string branch of `string | integer` still bounds every string); a reference admits
 * anything, as far as this shallow view can tell.
 */
export function unionConstraints(branches: readonly { types: readonly string[]; constraints: Constraints }[]): Constraints {
  const out: Record<string, string | number | boolean> = {};
  const keywords = new Set(branches.flatMap((b) => Object.keys(b.constraints)));
  for (const keyword of [...keywords].sort()) {
    const domain = KEYWORDS[keyword]?.domain;
    if (!domain) continue;
    const relevant = branches.filter((b) => admits(b.types, domain));
    const value = relevant[0]?.constraints[keyword];
    if (value !== undefined && relevant.every((b) => b.constraints[keyword] === value)) out[keyword] = value;
  }
  return Object.keys(out).length ? out : NO_CONSTRAINTS;
}

function admits(types: readonly string[], domain: Domain): boolean {
  return types.some((t) => t === domain || t === 'any' || t.startsWith('→') || (domain === 'number' && t === 'integer'));
}

/** Constraints of both (an intersection of schemas must satisfy each); on a clash the first wins. */
export function combinedConstraints(a: Constraints, b: Constraints): Constraints {
  const out: Record<string, string | number | boolean> = { ...b, ...a };
  const keys = Object.keys(out).sort();
  return keys.length ? Object.fromEntries(keys.map((k) => [k, out[k] as string | number | boolean])) : NO_CONSTRAINTS;
}

/** How each constraint that differs moves the set of valid values. Empty when they are equal. */
export function constraintShifts(before: Constraints, after: Constraints): (Shift | 'changed')[] {
  const shifts: (Shift | 'changed')[] = [];
  for (const keyword of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = before[keyword];
    const now = after[keyword];
    if (was === now) continue;
    if (was === undefined) shifts.push('narrowing');
    else if (now === undefined) shifts.push('widening');
    else if (typeof was === 'number' && typeof now === 'number' && KEYWORDS[keyword]?.effect === 'lower') shifts.push(now > was ? 'narrowing' : 'widening');
    else if (typeof was === 'number' && typeof now === 'number' && KEYWORDS[keyword]?.effect === 'upper') shifts.push(now < was ? 'narrowing' : 'widening');
    else shifts.push('changed');
  }
  return shifts;
}

/** `minLength 1, format uri`; empty when there are none. */
export function describeConstraints(constraints: Constraints): string {
  return Object.entries(constraints)
    .map(([k, v]) => (v === true ? k : `${k} ${typeof v === 'string' ? JSON.stringify(v) : v}`))
    .join(', ');
}

export function constraintsSignature(constraints: Constraints): string {
  return Object.entries(constraints).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(',');
}
