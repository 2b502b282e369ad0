/**
 * The last name of a field path as pages and schemas write it: `params.x`, `A › b`,
 * `_meta["io.example/key"]`, `` `_meta` io.example/key ``, `items[]`. A namespaced key
 * (one with a `/`) keeps its dots.
 */
export function lastName(path: string): string {
  const segments = path.replace(/\[\]|\{\}/g, '').split(/\s*›\s*|\s+|\["|"\]/).map((p) => p.replace(/[`"[\]]/g, '').trim()).filter(Boolean);
  const last = segments.at(-1) ?? path;
  return last.includes('/') ? last : (last.split('.').filter(Boolean).at(-1) ?? last);
}
