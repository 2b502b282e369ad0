/** A plain object: not null, not an array. JSON, YAML and API answers are all checked with this one test. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
