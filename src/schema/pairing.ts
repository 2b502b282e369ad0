import type { SchemaDefinition, SchemaField, SchemaModel } from './model.ts';
import { targetDefinition } from './refs.ts';

/**
 * Which old definition is which new one: the same name, else a rename told by shape (a
 * removed and an added definition whose fields mostly agree). Messages pair by method and
 * error codes by number whatever their definitions are called. Old fields can then be read
 * with their references spelled by the new names, so a rename never reads as a type change.
 */

const RENAME_THRESHOLD = 0.7;

export class DefinitionPairing {
  /** Old definition name → new definition name, for every pair (same name or renamed). */
  readonly oldToNew = new Map<string, string>();
  readonly newToOld = new Map<string, string>();

  constructor(
    private readonly a: SchemaModel,
    private readonly b: SchemaModel,
  ) {
    this.pair();
  }

  private pair(): void {
    for (const def of this.a.definitions) {
      if (this.b.byName.has(def.name)) {
        this.oldToNew.set(def.name, def.name);
        this.newToOld.set(def.name, def.name);
      }
    }
    this.pairBySpelling();
    const sets = new Map<SchemaDefinition, Set<string>>();
    const shape = (def: SchemaDefinition, old: boolean) => {
      let set = sets.get(def);
      if (!set) sets.set(def, (set = this.shapeSet(def, old)));
      return set;
    };
    const added = () => this.b.definitions.filter((d) => !this.newToOld.has(d.name));

    // A name kept for a different shape while the old shape moved to a new name
    // (`JSONRPCResponse` became a union and its old shape is now `JSONRPCResultResponse`).
    for (const o of this.a.definitions) {
      const same = this.b.byName.get(o.name);
      if (!same || o.message || o.errorCode !== null) continue;
      if (this.renameScore(o, same, shape(o, true), shape(same, false)) >= 0.3) continue;
      const better = added()
        .map((n) => ({ n, score: this.renameScore(o, n, shape(o, true), shape(n, false)) }))
        .filter((c) => c.score >= 0.9)
        .sort((x, y) => y.score - x.score || x.n.index - y.n.index)[0];
      if (!better) continue;
      this.newToOld.delete(o.name);
      this.oldToNew.set(o.name, better.n.name);
      this.newToOld.set(better.n.name, o.name);
    }

    const removed = this.a.definitions.filter((d) => !this.oldToNew.has(d.name));
    const candidates: { o: SchemaDefinition; n: SchemaDefinition; score: number; names: number }[] = [];
    for (const o of removed) {
      for (const n of added()) {
        const score = this.renameScore(o, n, shape(o, true), shape(n, false));
        if (score >= RENAME_THRESHOLD) candidates.push({ o, n, score, names: nameSimilarity(o.name, n.name) });
      }
    }
    candidates.sort((x, y) => y.score - x.score || y.names - x.names || x.o.index - y.o.index || x.n.index - y.n.index);
    for (const { o, n } of candidates) {
      if (this.oldToNew.has(o.name) || this.newToOld.has(n.name)) continue;
      this.oldToNew.set(o.name, n.name);
      this.newToOld.set(n.name, o.name);
    }
  }

  /**
   * `definitions/Info` → `$defs/info`, `ServerVariable` → `server-variable`: a schema that
   * moves to the other keyword family often respells its names too. Names that are one name
   * but for case and separators pair before any rename is guessed from shape, when exactly
   * one definition on each side reads that way.
   */
  private pairBySpelling(): void {
    const unpaired = (defs: readonly SchemaDefinition[], paired: Map<string, string>) => {
      const bySpelling = new Map<string, SchemaDefinition[]>();
      for (const def of defs) if (!paired.has(def.name)) bySpelling.set(spelling(def.name), [...(bySpelling.get(spelling(def.name)) ?? []), def]);
      return bySpelling;
    };
    const olds = unpaired(this.a.definitions, this.oldToNew);
    const news = unpaired(this.b.definitions, this.newToOld);
    for (const [key, [o, ...moreOld]] of olds) {
      const [n, ...moreNew] = news.get(key) ?? [];
      if (!o || !n || moreOld.length || moreNew.length) continue;
      this.oldToNew.set(o.name, n.name);
      this.newToOld.set(n.name, o.name);
    }
  }

  /**
   * A definition's shape for rename detection: path, types and values of every field (not
   * required-ness, which a rename may well change too), with references to object
   * definitions read one level deep, so `error: {inline}` and `error: $ref Error` match.
   */
  private shapeSet(def: SchemaDefinition, old: boolean): Set<string> {
    const model = old ? this.a : this.b;
    const out = new Set<string>();
    const line = (path: string, f: SchemaField) => `${path} ${f.types.join('|')} ${f.values?.join('|') ?? '*'} ${f.extends.join('&')} ${f.additional ?? ''}`;
    for (const [path, raw] of def.fields) {
      const f = old ? this.mapField(raw) : raw;
      const ref = singleRef(raw);
      const target = ref !== null && ref !== def.name ? model.byName.get(ref) : undefined;
      if (!target || target.fields.size < 2) {
        out.add(line(path, f));
        continue;
      }
      for (const [rel, g] of target.fields) out.add(line(joinPath(path, rel), old ? this.mapField(g) : g));
    }
    return out;
  }

  private renameScore(o: SchemaDefinition, n: SchemaDefinition, os: Set<string>, ns: Set<string>): number {
    // A message is its method, an error its code: the same one under a new name is a rename, another one is not.
    if (o.message || n.message) return o.message && n.message && o.message.method === n.message.method ? 1 : 0;
    if (o.errorCode !== null || n.errorCode !== null) return o.errorCode === n.errorCode ? 1 : 0;
    let shared = 0;
    for (const s of os) if (ns.has(s)) shared++;
    const union = os.size + ns.size - shared;
    if (union === 0) return 0;
    // A one-field shape (a bare type or union) is only "the same" when it is identical.
    if (os.size <= 1 || ns.size <= 1) return shared === union ? 1 : 0;
    return shared / union;
  }

  /** An old field with its references spelled by their new names, so renames do not read as type changes. */
  mapField(field: SchemaField): SchemaField {
    const mapAtom = (atom: string) => (atom.startsWith('→') ? `→${this.mapTarget(atom.slice(1))}` : atom);
    return { ...field, types: field.types.map(mapAtom).sort(), extends: field.extends.map((e) => this.mapTarget(e)).sort() };
  }

  /** An old reference target (`Name`, `Name/properties/x`) spelled with its definition's new name. */
  mapTarget(target: string): string {
    const def = targetDefinition(target);
    if (def === null) return target;
    const renamed = this.oldToNew.get(def);
    return renamed ? renamed + target.slice(def.length) : target;
  }
}

/** The definition a field is nothing but a reference to, or null. */
export function singleRef(field: SchemaField): string | null {
  if (field.types.length !== 1 || field.values !== null || field.extends.length > 0) return null;
  const atom = field.types[0] as string;
  if (!atom.startsWith('→')) return null;
  const target = atom.slice(1);
  return targetDefinition(target) === target ? target : null;
}

/** `params` + `x` → `params.x`; `content` + `[]` → `content[]`. */
export function joinPath(path: string, rel: string): string {
  if (path === '') return rel;
  return rel.startsWith('[') || rel.startsWith('{') ? `${path}${rel}` : `${path}.${rel}`;
}

/** A name without case or word separators: `Server_Variable`, `server-variable` and `serverVariable` read alike. */
function spelling(name: string): string {
  return name.toLowerCase().replace(/[-_.\s]/g, '');
}

function nameSimilarity(a: string, b: string): number {
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  let suffix = 0;
  while (suffix < a.length - prefix && suffix < b.length - prefix && a[a.length - 1 - suffix] === b[b.length - 1 - suffix]) suffix++;
  return (prefix + suffix) / Math.max(a.length, b.length);
}
