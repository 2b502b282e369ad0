import type { Change, ChangeDraft, ChangeSide } from '../records/change.ts';
import { finalizeChange } from '../records/finalize.ts';
import { excerpt } from '../records/quote.ts';
import type { Diagnostic } from '../model/diagnostic.ts';
import { constraintShifts, NO_CONSTRAINTS } from './constraints.ts';
import { readableDescription } from './description-text.ts';
import { describeField, describeShape, describeTypeDelta } from './describe.ts';
import { describeDirection, directionsOf, lower, type Directions, type Flow } from './direction.ts';
import { agreeRemovedBases, collapseInherited } from './inherited.ts';
import { decideLevel, type LevelShift, type Shift } from './levels.ts';
import { errorCodesOf, messagesOf, type SchemaErrorCode, type SchemaMessage } from './messages.ts';
import { parentPath, parseSchemaText, type SchemaDefinition, type SchemaField, type SchemaModel } from './model.ts';
import { DefinitionPairing, joinPath, singleRef } from './pairing.ts';

/**
 * The schema differ: pairs definitions (by name, then renames by shape), messages (by
 * method) and error codes (by number), then walks each pair of definitions field by field.
 * It emits `ChangeDraft`s with `source: 'schema'`, finalized through the shared catalog.
 */

export interface SchemaAnalysis {
  model: SchemaModel;
  directions: Directions;
  messages: Map<string, SchemaMessage>;
  codes: Map<number, SchemaErrorCode>;
}

export function analyzeSchema(model: SchemaModel): SchemaAnalysis {
  const directions = directionsOf(model);
  return { model, directions, messages: messagesOf(model, directions), codes: errorCodesOf(model) };
}

export interface SchemaDiffResult {
  changes: Change[];
  diagnostics: { old: Diagnostic[]; new: Diagnostic[] };
  /** Each side's messages by method, for callers that let the schema correct what pages suggest. */
  messages?: { old: Map<string, SchemaMessage>; new: Map<string, SchemaMessage> };
}

export interface SchemaDiffOptions {
  oldSource?: string;
  newSource?: string;
  /** Report description-only edits as editorial records (default true). */
  descriptions?: boolean;
}

export function diffSchemaTexts(oldText: string, newText: string, options: SchemaDiffOptions = {}): SchemaDiffResult {
  const oldModel = parseSchemaText(oldText, options.oldSource ?? 'the old schema');
  const newModel = parseSchemaText(newText, options.newSource ?? 'the new schema');
  const a = analyzeSchema(oldModel);
  const b = analyzeSchema(newModel);
  return { changes: diffSchemaAnalyses(a, b, options), diagnostics: { old: oldModel.diagnostics, new: newModel.diagnostics }, messages: { old: a.messages, new: b.messages } };
}

interface Pending {
  draft: ChangeDraft;
  anchor: number;
  removed: boolean;
  oldLine: number;
  seq: number;
}

const WRAPPER = /(\[\d*\]|\{\})$/;
const ENVELOPE_FIELDS = new Set(['jsonrpc', 'id']);

export function diffSchemaModels(oldModel: SchemaModel, newModel: SchemaModel, options: SchemaDiffOptions = {}): Change[] {
  return diffSchemaAnalyses(analyzeSchema(oldModel), analyzeSchema(newModel), options);
}

/** Two schemas already analysed (a caller that also needs their messages analyses once). */
export function diffSchemaAnalyses(a: SchemaAnalysis, b: SchemaAnalysis, options: SchemaDiffOptions = {}): Change[] {
  return diffSchemaDrafts(a, b, options).map(finalizeChange);
}

/**
 * The differ's drafts, in order, before the catalog finalizes them: for a caller that places
 * them itself (a page's TypeScript blocks are diffed as schemas, their records as the page's).
 */
export function diffSchemaDrafts(a: SchemaAnalysis, b: SchemaAnalysis, options: SchemaDiffOptions = {}): ChangeDraft[] {
  const ctx = new DiffContext(a, b, options.descriptions ?? true);
  ctx.run();
  return ctx.finish();
}

class DiffContext {
  private pending: Pending[] = [];
  private seq = 0;
  /** Old ↔ new definition names, for every pair (same name or renamed). */
  private readonly pairs: DefinitionPairing;
  private readonly oldToNew: ReadonlyMap<string, string>;
  private readonly newToOld: ReadonlyMap<string, string>;
  /** Old definitions whose shape a pair of definitions now spells inline, without any change. */
  private readonly inlinedCleanly = new Map<string, number>();
  private readonly inlinedWithChanges = new Set<string>();
  /** New definitions that only name a shape the old schema spelled inline where they are now referenced. */
  private readonly extractedCleanly = new Map<string, number>();
  private readonly extractedWithChanges = new Set<string>();

  /** Names either schema defines: a description's link that glued a target to its label is split at one. */
  private readonly definitionNames: ReadonlySet<string>;

  constructor(
    private readonly a: SchemaAnalysis,
    private readonly b: SchemaAnalysis,
    private readonly descriptions: boolean,
  ) {
    this.pairs = new DefinitionPairing(a.model, b.model);
    this.oldToNew = this.pairs.oldToNew;
    this.newToOld = this.pairs.newToOld;
    this.definitionNames = new Set([...a.model.byName.keys(), ...b.model.byName.keys()]);
  }

  run(): void {
    const reported = new Set<string>();
    this.diffMessages(reported);
    this.diffErrorCodes(reported);
    for (const def of this.a.model.definitions) {
      const partner = this.oldToNew.get(def.name);
      if (partner) this.diffDefinition(def, this.b.model.byName.get(partner) as SchemaDefinition);
    }
    this.diffDefinitionSets(reported);
  }

  finish(): ChangeDraft[] {
    this.pending = agreeRemovedBases(collapseInherited(this.pending, { old: this.a.model, new: this.b.model }), (name) => referenceCount(this.a.model, name));
    this.pending.sort((x, y) => x.anchor - y.anchor || Number(x.removed) - Number(y.removed) || x.oldLine - y.oldLine || x.seq - y.seq);
    return this.pending.map((p) => p.draft);
  }

  // ── Messages and error codes ───────────────────────────────────────────────────────────

  private diffMessages(reported: Set<string>): void {
    for (const [method, message] of this.a.messages) {
      const now = this.b.messages.get(method);
      if (!now) {
        const def = message.definition;
        reported.add(`old:${def.name}`);
        this.emitRemoved(def, {
          id: 'message-removed',
          subject: method,
          section: { old: def.name, new: null },
          before: this.messageSide(message, this.a),
          after: null,
          detail: { envelope: envelopeWord(message.envelope) },
        });
        continue;
      }
      if (message.envelope !== now.envelope) {
        const detail: Record<string, string> = { from: message.envelope, to: now.envelope };
        if (now.container) detail['container'] = now.container;
        this.emit({
          id: 'message-envelope-changed',
          subject: method,
          section: { old: message.definition.name, new: now.definition.name },
          before: this.messageSide(message, this.a),
          after: this.messageSide(now, this.b),
          detail,
        });
      }
    }
    for (const [method, message] of this.b.messages) {
      if (this.a.messages.has(method)) continue;
      const def = message.definition;
      reported.add(`new:${def.name}`);
      this.emit({
        id: 'message-added',
        subject: method,
        section: { old: null, new: def.name },
        before: null,
        after: this.messageSide(message, this.b),
        detail: { envelope: envelopeWord(message.envelope) },
      });
    }
  }

  private messageSide(message: SchemaMessage, side: SchemaAnalysis): ChangeSide {
    const def = message.definition;
    const direction = describeDirection(side.directions, message.flows);
    const fields = [...def.fields.keys()].filter((p) => p !== '' && !p.includes('.') && !WRAPPER.test(p));
    const result: ChangeSide = {
      text: `${message.method}: ${message.envelope}${message.container ? ` inside ${message.container}` : ''} (${fields.join(', ')})`,
      line: def.line,
      path: def.name,
    };
    const senders = [...new Set(message.flows.map((f) => lower(f.sender)))];
    if (senders.length) result.actor = senders.join(', ');
    if (direction) result['direction'] = direction;
    return result;
  }

  private diffErrorCodes(reported: Set<string>): void {
    for (const [code, error] of this.a.codes) {
      const now = this.b.codes.get(code);
      const def = error.definition;
      if (!now) {
        reported.add(`old:${def.name}`);
        this.emitRemoved(def, {
          id: 'error-code-removed',
          subject: String(code),
          section: { old: def.name, new: null },
          before: { text: `${code} ${def.name}`, line: def.line, path: def.name },
          after: null,
          detail: { name: def.name },
        });
      } else if (now.definition.name !== def.name && this.oldToNew.get(def.name) !== def.name) {
        reported.add(`old:${def.name}`);
        reported.add(`new:${now.definition.name}`);
        this.emit({
          id: 'error-code-renamed',
          subject: String(code),
          section: { old: def.name, new: now.definition.name },
          before: { text: `${code} ${def.name}`, line: def.line, path: def.name },
          after: { text: `${code} ${now.definition.name}`, line: now.definition.line, path: now.definition.name },
          detail: { from: def.name, to: now.definition.name },
        });
      }
    }
    for (const [code, error] of this.b.codes) {
      if (this.a.codes.has(code)) continue;
      const def = error.definition;
      reported.add(`new:${def.name}`);
      this.emit({
        id: 'error-code-added',
        subject: String(code),
        section: { old: null, new: def.name },
        before: null,
        after: { text: `${code} ${def.name}`, line: def.line, path: def.name },
        detail: { name: def.name },
      });
    }
  }

  // ── Definitions as a whole ───────────────────────────────────────────────────────────

  private diffDefinitionSets(reported: Set<string>): void {
    for (const def of this.a.model.definitions) {
      const partner = this.oldToNew.get(def.name);
      // An error-code constant names a code: the code's own records say what became of it.
      if (def.constant) continue;
      if (partner === undefined) {
        if (reported.has(`old:${def.name}`)) continue;
        const draft: ChangeDraft = {
          id: 'definition-removed',
          subject: def.name,
          section: { old: def.name, new: null },
          before: { text: describeField(def.name, def.fields.get('') as SchemaField), line: def.line, path: def.name },
          after: null,
        };
        if (!this.inlinedWithChanges.has(def.name) && (this.inlinedCleanly.get(def.name) ?? 0) > 0 && (this.inlinedCleanly.get(def.name) ?? 0) === referenceCount(this.a.model, def.name)) {
          draft.level = 'non-breaking';
          draft.levelReason = `Every definition that referred to ${def.name} now spells the same shape inline; only code that names the type is affected.`;
        }
        this.emitRemoved(def, draft);
      } else if (partner !== def.name && !reported.has(`old:${def.name}`)) {
        const now = this.b.model.byName.get(partner) as SchemaDefinition;
        this.emit({
          id: 'definition-renamed',
          subject: partner,
          key: `${def.name}→${partner}`,
          section: { old: def.name, new: partner },
          before: { text: def.name, line: def.line, path: def.name },
          after: { text: partner, line: now.line, path: partner },
          detail: { from: def.name, to: partner },
        });
      }
    }
    for (const def of this.b.model.definitions) {
      if (def.constant || this.newToOld.has(def.name) || reported.has(`new:${def.name}`)) continue;
      const draft: ChangeDraft = {
        id: 'definition-added',
        subject: def.name,
        section: { old: null, new: def.name },
        before: null,
        after: { text: describeField(def.name, def.fields.get('') as SchemaField), line: def.line, path: def.name },
      };
      if (!this.extractedWithChanges.has(def.name) && (this.extractedCleanly.get(def.name) ?? 0) > 0 && (this.extractedCleanly.get(def.name) ?? 0) === referenceCount(this.b.model, def.name)) {
        draft.level = 'editorial';
        draft.levelReason = `${def.name} names a shape the old schema already spelled inline everywhere it is now referenced.`;
      }
      this.emit(draft);
    }
  }

  // ── One pair of definitions, field by field ────────────────────────────────────────────

  private diffDefinition(o: SchemaDefinition, n: SchemaDefinition): void {
    const oldFields = new Map<string, SchemaField>();
    for (const [p, f] of o.fields) oldFields.set(p, this.pairs.mapField(f));
    const newFields = new Map(n.fields);
    this.substituteEqualRoot(oldFields, o, this.a.model, true);
    this.substituteEqualRoot(newFields, n, this.b.model, false);
    const grafts = this.graftReferences(oldFields, newFields);

    const flows = mergeFlows(this.a.directions.flows.get(o.name) ?? [], this.b.directions.flows.get(n.name) ?? []);
    const directions = this.b.directions.parties.length ? this.b.directions : this.a.directions;
    const isMessage = o.message !== null && n.message !== null;
    const before = this.pending.length;
    const subjectOf = (path: string) => (path === '' ? n.name : `${n.name}${path.startsWith('[') || path.startsWith('{') ? '' : '.'}${path}`);
    const changedPaths = new Set<string>();
    // JSON-RPC's own members are framing, not shape: a message (or a base shape with a `method`,
    // such as a paginated request) that starts spelling them out has not changed what it carries.
    const framed = isMessage || (isMethodShaped(o) && isMethodShaped(n));
    const skip = (path: string) => framed && ENVELOPE_FIELDS.has(path);

    const emitField = (draft: Omit<ChangeDraft, 'section' | 'source'>, shift: LevelShift | null, path: string, removedFrom: SchemaField | null) => {
      const decision = decideLevel(draft.id, shift, flows, directions, draft.subject);
      const full: ChangeDraft = { ...draft, section: { old: o.name, new: n.name } };
      if (decision.level) {
        full.level = decision.level;
        full.levelReason = decision.levelReason as string;
      }
      if (decision.direction) {
        if (full.before) full.before['direction'] = decision.direction;
        if (full.after) full.after['direction'] = decision.direction;
      }
      if (decision.mustSend && full.after) full.after['mustSend'] = decision.mustSend;
      if (!draft.id.endsWith('description-changed')) changedPaths.add(path);
      if (full.after === null && removedFrom) this.emitRemovedField(o, n, oldFields, newFields, path, full);
      else this.emit(full);
    };

    const side = (path: string, field: SchemaField): ChangeSide => ({
      text: describeField(path === '' ? n.name : path, field),
      line: field.line,
      path: subjectOf(path),
    });

    // Added and changed, in new order; then removed, in old order.
    for (const [path, nf] of newFields) {
      if (skip(path)) continue;
      const wrapperOnBoth = WRAPPER.test(path) && sameContainer(oldFields.get(parentPath(path)), newFields.get(parentPath(path)), path);
      if (WRAPPER.test(path) && !oldFields.has(path) && !wrapperOnBoth) continue; // the parent's type change says it
      const of = oldFields.get(path) ?? (wrapperOnBoth ? anyField(path, oldFields.get(parentPath(path))?.line ?? null) : undefined);
      if (!of) {
        if (path === '' || (parentPath(path) !== '' && !oldFields.has(parentPath(path)))) continue; // inside an added parent
        const required = nf.required && !WRAPPER.test(path);
        emitField(
          { id: required ? 'required-field-added' : 'field-added', subject: subjectOf(path), before: null, after: side(path, nf) },
          required ? 'obligation' : null,
          path,
          null,
        );
        continue;
      }
      this.compareField(path, of, nf, subjectOf(path), side, emitField);
    }
    for (const [path, of] of oldFields) {
      if (skip(path) || newFields.has(path) || path === '') continue;
      if (WRAPPER.test(path) && newFields.has(parentPath(path))) {
        if (sameContainer(oldFields.get(parentPath(path)), newFields.get(parentPath(path)), path)) this.compareField(path, of, anyField(path, newFields.get(parentPath(path))?.line ?? null), subjectOf(path), side, emitField);
        continue;
      }
      if (parentPath(path) !== '' && !newFields.has(parentPath(path))) continue; // inside a removed parent
      const parent = oldFields.get(parentPath(path));
      const required = of.required && !WRAPPER.test(path);
      if (!required && stillAdmitted(path, newFields.get(parentPath(path)))) continue;
      const shift: Shift | null = required ? (parent?.additional === 'closed' ? null : 'widening') : null;
      emitField(
        { id: required ? 'required-field-removed' : 'field-removed', subject: subjectOf(path), before: side(path, of), after: null },
        shift,
        path,
        of,
      );
    }

    const shapeChanged = this.pending.slice(before).some((p) => !p.draft.id.endsWith('description-changed'));
    if (this.descriptions && !shapeChanged) {
      const od = this.readable(o.description);
      const nd = this.readable(n.description);
      if (od !== nd && od !== null && nd !== null) {
        this.emit({
          id: 'definition-description-changed',
          subject: n.name,
          section: { old: o.name, new: n.name },
          before: { text: o.description ?? '', line: o.line, path: o.name },
          after: { text: n.description ?? '', line: n.line, path: n.name },
        });
      }
    }

    for (const graft of grafts) {
      const dirty = [...changedPaths].some((p) => p === graft.path || p.startsWith(`${graft.path}.`) || p.startsWith(`${graft.path}[`) || p.startsWith(`${graft.path}{`));
      const [clean, changed] = graft.side === 'old' ? [this.inlinedCleanly, this.inlinedWithChanges] : [this.extractedCleanly, this.extractedWithChanges];
      if (dirty) changed.add(graft.target);
      else clean.set(graft.target, (clean.get(graft.target) ?? 0) + 1);
    }
  }

  /** Descriptions compare as a reader reads them: markup, link targets and whitespace do not count. */
  private readable(text: string | null): string | null {
    return text === null ? null : readableDescription(text, this.definitionNames);
  }

  private compareField(
    path: string,
    of: SchemaField,
    nf: SchemaField,
    subject: string,
    side: (path: string, field: SchemaField) => ChangeSide,
    emitField: (draft: Omit<ChangeDraft, 'section' | 'source'>, shift: LevelShift | null, path: string, removedFrom: SchemaField | null) => void,
  ): void {
    const wrapper = path === '' || WRAPPER.test(path);
    if (!of.deprecated && nf.deprecated) {
      // The description's own notice when it has one ("Deprecated in favor of …"), else the keyword.
      const notice = nf.description && /deprecat/i.test(nf.description) ? nf.description.replace(/\s+/g, ' ') : '`deprecated: true`';
      emitField({ id: 'field-deprecated', subject, before: side(path, of), after: side(path, nf), detail: { notice: excerpt(notice, Math.max(0, notice.search(/deprecat/i)), 110) } }, null, path, null);
    }
    if (!wrapper && of.required !== nf.required) {
      emitField(
        { id: nf.required ? 'field-became-required' : 'field-became-optional', subject, before: side(path, of), after: side(path, nf) },
        nf.required ? 'obligation' : 'widening',
        path,
        null,
      );
    }

    // The shape: types, bases, values (lifted or imposed, or a const swapped), openness.
    const shifts: ('narrowing' | 'widening' | 'changed')[] = [];
    let typeRel = relation(of.types, nf.types);
    let typesBefore = of.types;
    let typesAfter = nf.types;
    if (typeRel !== 'same') {
      // A union may be spelled out or named (`A | B` vs `ContentBlock` = `A | B | C`): compare members.
      const ex = this.expandUnions(of.types, 'old');
      const nx = this.expandUnions(nf.types, 'new');
      const expanded = relation(ex, nx);
      if (expanded !== typeRel) {
        typeRel = expanded;
        typesBefore = ex;
        typesAfter = nx;
      }
    }
    if (typeRel !== 'same') shifts.push(typeRel === 'widened' ? 'widening' : typeRel === 'narrowed' ? 'narrowing' : 'changed');
    if (of.extends.join('&') !== nf.extends.join('&')) shifts.push('changed');
    const valueRecords: { id: string; value: string; shift: Shift }[] = [];
    if (of.values === null && nf.values !== null) shifts.push('narrowing');
    else if (of.values !== null && nf.values === null) shifts.push('widening');
    else if (of.values && nf.values) {
      if (of.values.length === 1 && nf.values.length === 1 && of.values[0] !== nf.values[0]) shifts.push('changed');
      else {
        for (const v of nf.values) if (!of.values.includes(v)) valueRecords.push({ id: 'field-value-added', value: v, shift: 'widening' });
        for (const v of of.values) if (!nf.values.includes(v)) valueRecords.push({ id: 'field-value-removed', value: v, shift: 'narrowing' });
      }
    }
    if (of.additional === 'open' && nf.additional === 'closed') shifts.push('narrowing');
    if (of.additional === 'closed' && nf.additional === 'open') shifts.push('widening');
    const constraintMoves = constraintShifts(of.constraints, nf.constraints);
    shifts.push(...constraintMoves);

    if (shifts.length > 0) {
      const kind = shifts.includes('changed') || (shifts.includes('narrowing') && shifts.includes('widening')) ? 'changed' : (shifts[0] as 'narrowing' | 'widening');
      const id = kind === 'changed' ? 'field-type-changed' : kind === 'narrowing' ? 'field-type-narrowed' : 'field-type-widened';
      const onlyTypes = of.values === null && nf.values === null && of.extends.join() === nf.extends.join() && of.additional === nf.additional && constraintMoves.length === 0;
      const delta = onlyTypes ? describeTypeDelta(typesBefore, typesAfter) : { from: describeShape(of), to: describeShape(nf) };
      emitField(
        { id, subject, before: side(path, of), after: side(path, nf), detail: { from: delta.from, to: delta.to } },
        kind === 'changed' ? null : kind,
        path,
        null,
      );
    }
    for (const record of valueRecords) {
      emitField(
        { id: record.id, subject, key: `${subject}=${record.value}`, before: side(path, of), after: side(path, nf), detail: { value: `\`${record.value}\`` } },
        record.shift,
        path,
        null,
      );
    }
    // A default is what a receiver assumes when the sender leaves the field out.
    if (of.default !== nf.default) {
      emitField({ id: 'field-default-changed', subject, before: { ...side(path, of), default: of.default ?? null }, after: { ...side(path, nf), default: nf.default ?? null }, detail: { from: of.default ?? 'none', to: nf.default ?? 'none' } }, null, path, null);
    }
    // A description that changed as the field was deprecated carries the notice the deprecation record quotes.
    const newlyDeprecated = !of.deprecated && nf.deprecated === true;
    if (this.descriptions && path !== '' && shifts.length === 0 && valueRecords.length === 0 && of.required === nf.required && !newlyDeprecated) {
      const od = this.readable(of.description);
      const nd = this.readable(nf.description);
      if (od !== nd && od !== null && nd !== null) {
        emitField({ id: 'field-description-changed', subject, before: { ...side(path, of), text: of.description ?? '' }, after: { ...side(path, nf), text: nf.description ?? '' } }, null, path, null);
      }
    }
  }

  /**
   * Replaces references to definitions that are only a union of references (or an alias of
   * one) by their members, transitively; cycle-safe. Old-side atoms are spelled with new names.
   */
  private expandUnions(types: readonly string[], side: 'old' | 'new'): string[] {
    const model = side === 'old' ? this.a.model : this.b.model;
    const out = new Set<string>();
    const seen = new Set<string>();
    const visit = (atom: string, depth: number) => {
      if (!atom.startsWith('→') || depth > 16) {
        out.add(atom);
        return;
      }
      const target = atom.slice(1);
      const name = side === 'old' ? this.newToOld.get(target) ?? target : target;
      const def = model.byName.get(name);
      const root = def?.fields.get('');
      if (!def || !root || def.fields.size !== 1 || root.values !== null || root.extends.length > 0 || !root.types.every((t) => t.startsWith('→')) || seen.has(name)) {
        out.add(atom);
        return;
      }
      seen.add(name);
      for (const member of side === 'old' ? this.pairs.mapField(root).types : root.types) visit(member, depth + 1);
    };
    for (const atom of types) visit(atom, 0);
    return [...out].sort();
  }

  /**
   * A definition that is only a union of references to object definitions, read as one
   * object: every member's fields, a field required only when every member requires it
   * (the way inline `anyOf` branches are read). Null when the definition is not such a union.
   */
  private unionView(def: SchemaDefinition, side: 'old' | 'new'): Map<string, SchemaField> | null {
    const root = def.fields.get('');
    if (!root || def.fields.size !== 1 || root.values !== null || root.extends.length || !root.types.every((t) => t.startsWith('→'))) return null;
    const model = side === 'old' ? this.a.model : this.b.model;
    const members: SchemaDefinition[] = [];
    for (const atom of this.expandUnions(root.types.map((t) => (side === 'old' ? this.pairs.mapTarget(t.slice(1)) : t.slice(1))).map((t) => `→${t}`), side)) {
      const target = atom.slice(1);
      const member = model.byName.get(side === 'old' ? this.newToOld.get(target) ?? target : target);
      if (!member || !member.fields.get('')?.types.includes('object')) return null;
      members.push(member);
    }
    if (members.length === 0) return null;
    const view = new Map<string, SchemaField>();
    const count = new Map<string, number>();
    for (const member of members) {
      for (const [path, f] of member.fields) {
        count.set(path, (count.get(path) ?? 0) + (f.required ? 1 : 0));
        const seen = view.get(path);
        if (!seen) {
          view.set(path, { ...f });
          continue;
        }
        seen.types = [...new Set([...seen.types, ...f.types])].sort();
        seen.values = seen.values && f.values ? [...new Set([...seen.values, ...f.values])].sort() : null;
        seen.extends = [...new Set([...seen.extends, ...f.extends])].sort();
        if (f.additional === 'open') seen.additional = 'open';
      }
    }
    for (const [path, f] of view) if (path !== '' && parentPath(path) === '') f.required = count.get(path) === members.length;
    return view;
  }

  /**
   * A definition whose whole shape is written inline on one side and as a reference (or a
   * union of references) on the other: when the inline shape equals another definition of
   * its own schema, read it as a reference to that definition.
   */
  private substituteEqualRoot(fields: Map<string, SchemaField>, def: SchemaDefinition, model: SchemaModel, old: boolean): void {
    const root = fields.get('');
    if (!root || root.types.some((t) => t.startsWith('→'))) return;
    const other = old ? this.b.model.byName.get(this.oldToNew.get(def.name) ?? '') : this.a.model.byName.get(this.newToOld.get(def.name) ?? '');
    const otherRoot = other?.fields.get('');
    if (!otherRoot || !otherRoot.types.some((t) => t.startsWith('→'))) return;
    const twin = model.definitions.find((d) => d !== def && d.signature === def.signature);
    if (!twin) return;
    const target = old ? this.pairs.mapTarget(twin.name) : twin.name;
    fields.clear();
    fields.set('', { ...root, types: [`→${target}`], values: null, extends: [], additional: null });
  }

  /**
   * Where one side refers to a definition and the other spells a shape inline, the
   * referenced definition's fields are read in place of the reference, so an inline object
   * replaced by a `$ref` to an equal definition shows no change.
   */
  private graftReferences(oldFields: Map<string, SchemaField>, newFields: Map<string, SchemaField>): { side: 'old' | 'new'; path: string; target: string }[] {
    const done = new Set<string>();
    const grafts: { side: 'old' | 'new'; path: string; target: string }[] = [];
    for (let round = 0; round < 500; round++) {
      let found: { side: 'old' | 'new'; path: string; target: string } | null = null;
      for (const [path, nf] of newFields) {
        const of = oldFields.get(path);
        if (!of || done.has(path)) continue;
        const oRef = singleRef(of);
        const nRef = singleRef(nf);
        if (oRef && !nRef && isInline(nf)) found = { side: 'old', path, target: oRef };
        else if (nRef && !oRef && isInline(of)) found = { side: 'new', path, target: nRef };
        if (found) break;
      }
      if (!found) break;
      done.add(found.path);
      const oldName = found.side === 'old' ? this.newToOld.get(found.target) ?? found.target : null;
      const def = found.side === 'old' ? this.a.model.byName.get(oldName as string) : this.b.model.byName.get(found.target);
      if (!def) continue;
      const fields = found.side === 'old' ? oldFields : newFields;
      const at = fields.get(found.path) as SchemaField;
      const view = this.unionView(def, found.side) ?? def.fields;
      const root = view.get('') as SchemaField;
      const mapped = found.side === 'old' ? this.pairs.mapField(root) : root;
      fields.set(found.path, { ...mapped, path: found.path, required: at.required, line: at.line, description: at.description });
      for (const [rel, f] of view) {
        if (rel === '') continue;
        const p = joinPath(found.path, rel);
        // Grafted fields are reported where the reference stood.
        if (!fields.has(p)) fields.set(p, { ...(found.side === 'old' ? this.pairs.mapField(f) : f), path: p, line: at.line });
      }
      grafts.push({ side: found.side, path: found.path, target: oldName ?? found.target });
    }
    return grafts;
  }

  // ── Emitting ───────────────────────────────────────────────────────────────────────────

  private emit(draft: ChangeDraft): void {
    draft.source = 'schema';
    const line = draft.after?.line ?? draft.before?.line ?? 0;
    this.pending.push({ draft, anchor: line, removed: false, oldLine: draft.before?.line ?? 0, seq: this.seq++ });
  }

  /** A removed definition sits just before the next old definition that survived, at its new position. */
  private emitRemoved(def: SchemaDefinition, draft: ChangeDraft): void {
    draft.source = 'schema';
    let anchor = Number.MAX_SAFE_INTEGER;
    for (const d of this.a.model.definitions) {
      if (d.index <= def.index) continue;
      const partner = this.oldToNew.get(d.name);
      const line = partner ? this.b.model.byName.get(partner)?.line : null;
      if (line) {
        anchor = line - 0.5;
        break;
      }
    }
    this.pending.push({ draft, anchor, removed: true, oldLine: def.line ?? 0, seq: this.seq++ });
  }

  /** A removed field sits just before the next old field of its definition that survived, or after the definition's last field. */
  private emitRemovedField(o: SchemaDefinition, n: SchemaDefinition, oldFields: Map<string, SchemaField>, newFields: Map<string, SchemaField>, path: string, draft: ChangeDraft): void {
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
    this.pending.push({ draft, anchor, removed: true, oldLine: target || (o.line ?? 0), seq: this.seq++ });
  }
}

/** How many fields of a schema refer to a definition (as a type or a base). */
function referenceCount(model: SchemaModel, name: string): number {
  let count = 0;
  for (const def of model.definitions) {
    if (!def.refs.includes(name)) continue;
    for (const field of def.fields.values()) if (field.types.includes(`→${name}`) || field.extends.includes(name)) count++;
  }
  return count;
}

function isInline(field: SchemaField): boolean {
  return !field.types.some((t) => t.startsWith('→'));
}

/** Both parents are arrays (for `x[]`) or both objects (for `x{}`), so their items or values can be compared. */
function sameContainer(a: SchemaField | undefined, b: SchemaField | undefined, path: string): boolean {
  if (!a || !b) return false;
  const kind = path.endsWith('{}') ? 'object' : 'array';
  return a.types.includes(kind) && b.types.includes(kind);
}

/**
 * An optional property the new object no longer lists but still admits with any value, by an
 * explicit declaration (`additionalProperties: true` / `{}`, or a `patternProperties` entry that
 * constrains nothing and matches its name): it is not removed, only no longer typed, and no
 * sender or receiver of the old shape is wrong under the new one, so there is no record. At most
 * its value was loosened from its old type to anything; the object's own declaration already
 * tells receivers to expect untyped properties, and its description says what may appear.
 * A required property still needs its record: senders need no longer send it.
 */
function stillAdmitted(path: string, parent: SchemaField | undefined): boolean {
  const key = lastKey(path);
  if (key === null || !parent?.untypedKeys) return false;
  return parent.untypedKeys.some((pattern) => {
    try {
      return new RegExp(pattern, 'u').test(key);
    } catch {
      return false; // a pattern JavaScript cannot read admits nothing we can vouch for
    }
  });
}

/** The property name a path ends with (`a.b` → `b`, `a["x.y"]` → `x.y`); null for items and values (`[]`, `{}`). */
function lastKey(path: string): string | null {
  const rest = path.slice(parentPath(path).length);
  if (rest.startsWith('["')) return JSON.parse(rest.slice(1, -1)) as string;
  if (rest === '' || rest.startsWith('[') || rest.startsWith('{')) return null;
  return rest.replace(/^\./, '');
}

/** The implicit `{}` of an array or object that does not constrain its items or values: reported at its parent's line. */
function anyField(path: string, line: number | null): SchemaField {
  return { path, line, required: true, types: ['any'], values: null, extends: [], additional: null, constraints: NO_CONSTRAINTS, description: null };
}

type Relation = 'same' | 'widened' | 'narrowed' | 'changed';

function covers(set: readonly string[], atom: string): boolean {
  return set.includes(atom) || set.includes('any') || atom === 'never' || (atom === 'integer' && set.includes('number'));
}

export function relation(before: readonly string[], after: readonly string[]): Relation {
  const grew = before.every((t) => covers(after, t));
  const shrank = after.every((t) => covers(before, t));
  if (grew && shrank) return 'same';
  if (grew) return 'widened';
  if (shrank) return 'narrowed';
  return 'changed';
}

function mergeFlows(a: readonly Flow[], b: readonly Flow[]): Flow[] {
  const out = [...a];
  for (const f of b) if (!out.some((g) => g.sender === f.sender && g.role === f.role)) out.push(f);
  return out;
}

/** A request or notification shape, concrete or not: it has a top-level `method` member. */
function isMethodShaped(def: SchemaDefinition): boolean {
  return def.fields.has('method');
}

function envelopeWord(envelope: string): string {
  return envelope.replace(/^JSON-RPC /, '');
}


