import { createHash } from 'node:crypto';
import type { Change } from '../records/change.ts';

/**
 * One record per fingerprint within a report: anchors (`#c-FINGERPRINT`) and JSON
 * consumers key on it. Records that share one (the same change id and subject on two
 * pages) each get a fingerprint derived from the shared one and their page, then, if still
 * shared, their order among those records: deterministic, so stable across runs.
 */
export function uniqueFingerprints(changes: readonly Change[]): Change[] {
  const count = new Map<string, number>();
  for (const c of changes) count.set(c.fingerprint, (count.get(c.fingerprint) ?? 0) + 1);
  if ([...count.values()].every((n) => n === 1)) return [...changes];
  const taken = new Set(changes.filter((c) => count.get(c.fingerprint) === 1).map((c) => c.fingerprint));
  return changes.map((change) => {
    if (count.get(change.fingerprint) === 1) return change;
    let fingerprint = derive(change.fingerprint, change.page ?? '');
    for (let n = 2; taken.has(fingerprint); n++) fingerprint = derive(change.fingerprint, `${change.page ?? ''}\u0000${n}`);
    taken.add(fingerprint);
    return { ...change, fingerprint };
  });
}

function derive(fingerprint: string, salt: string): string {
  return createHash('sha256').update(`${fingerprint}\u0000${salt}`).digest('hex').slice(0, 12);
}
