import type { ChangeDraft } from '../../records/change.ts';
import type { SchemaDefinition, SchemaField, SchemaModel } from '../model.ts';

/**
 * Where each record goes in the output: records follow the new schema's lines, and a removed
 * definition or field is placed where it would have stood in the new schema. The differ's
 * concerns emit in whatever order they run; this list alone decides the order readers see.
 */

interface PendingRecord {
  draft: ChangeDraft;
  anchor: number;
  removed: boolean;
  oldLine: number;
  seq: number;
}

export class PendingRecords {
  private items: PendingRecord[] = [];
  private seq = 0;

  constructor(
    private readonly oldModel: SchemaModel,
    private readonly newModel: SchemaModel,
    private readonly oldToNew: ReadonlyMap<string, string>,
  ) {}

  /** How many records are pending: a mark from which `since` reads what came after. */
  get count(): number {
    return this.items.length;
  }

  since(mark: number): PendingRecord[] {
    return this.items.slice(mark);
  }

  emit(draft: ChangeDraft): void {
    draft.source = 'schema';
    const line = draft.after?.line ?? draft.before?.line ?? 0;
    this.items.push({ draft, anchor: line, removed: false, oldLine: draft.before?.line ?? 0, seq: this.seq++ });
  }

  /** A removed definition sits just before the next old definition that survived, at its new position. */
  emitRemoved(def: SchemaDefinition, draft: ChangeDraft): void {
    draft.source = 'schema';
    let anchor = Number.MAX_SAFE_INTEGER;
    for (const d of this.oldModel.definitions) {
      if (d.index <= def.index) continue;
      const partner = this.oldToNew.get(d.name);
      const line = partner ? this.newModel.byName.get(partner)?.line : null;
      if (line) {
        anchor = line - 0.5;
        break;
      }
    }
    this.items.push({ draft, anchor, removed: true, oldLine: def.line ?? 0, seq: this.seq++ });
  }

  /** A removed field sits just before the next old field of its definition that survived, or after the definition's last field. */
  emitRemovedField(o: SchemaDefinition, n: SchemaDefinition, oldFields: Map<string, SchemaField>, newFields: Map<string, SchemaField>, path: string, draft: ChangeDraft): void {
    draft.source = 'schema';
    const target = oldFields.get(path)?.line ?? 0;
    let next: { old: number; now: number } | null = null;
    let last = n.line ?? 0;
    for (const [p, f] of oldFields) {
      const now = newFields.get(p)?.line;
      if (!now) continue;
      const old = f.line ?? 0;
      if (old > target && (!next || old < next.old)) next = { old, now };
    }
    for (const f of newFields.values()) last = Math.max(last, f.line ?? 0);
    const anchor = next ? next.now - 0.5 : last + 0.5;
    this.items.push({ draft, anchor, removed: true, oldLine: target || (o.line ?? 0), seq: this.seq++ });
  }

  /** The records in reading order, after `regroup` (which may merge or drop some) has seen them all. */
  ordered(regroup: (items: PendingRecord[]) => PendingRecord[]): ChangeDraft[] {
    this.items = regroup(this.items);
    this.items.sort((x, y) => x.anchor - y.anchor || Number(x.removed) - Number(y.removed) || x.oldLine - y.oldLine || x.seq - y.seq);
    return this.items.map((p) => p.draft);
  }
}
