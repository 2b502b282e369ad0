import type { RecordFacts } from '../facts.ts';

/**
 * The union of records into changes, and what the relations ask of it: which records no
 * relation has joined yet.
 */

export class UnionFind {
  private readonly parent: number[];
  /** Records of informative pages (a changelog describing changes) are never one change with the records they describe. */
  private readonly apart: readonly boolean[];
  constructor(apart: readonly boolean[]) {
    this.parent = Array.from({ length: apart.length }, (_, i) => i);
    this.apart = apart;
  }
  find(i: number): number {
    let root = i;
    while (this.parent[root] !== root) root = this.parent[root]!;
    while (this.parent[i] !== root) {
      const next = this.parent[i]!;
      this.parent[i] = root;
      i = next;
    }
    return root;
  }
  pass = '';
  union(a: number, b: number): void {
    if (this.apart[a] !== this.apart[b]) return;
    if (process.env['SPECDELTA_TRACE_GROUPS'] && this.find(a) !== this.find(b)) console.error(`${this.pass}: ${a} + ${b}`);
    const ra = this.find(a);
    const rb = this.find(b);
    // The earlier record stays the root, so groups are reported in record order.
    if (ra !== rb) this.parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }
}

export function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The records no pass has joined to another yet, as a pass starts (a pass's own joins do not change whom it asks about). */
export function lonelyRecords(facts: readonly RecordFacts[], uf: UnionFind): Set<number> {
  const sizes = new Map<number, number>();
  for (const f of facts) sizes.set(uf.find(f.index), (sizes.get(uf.find(f.index)) ?? 0) + 1);
  return new Set(facts.filter((f) => sizes.get(uf.find(f.index)) === 1).map((f) => f.index));
}
