import type { Field, SpecDocument } from '../model/index.ts';
import type { ChangeSide } from '../records/change.ts';
import { bothSections, sectionById, sectionPair, type DiffContext, type Emit } from './context.ts';
import { normalizeText, pairUp } from './similarity.ts';

/**
 * Fields pair by owner and path; a field whose owner was renamed (a retitled example, a
 * renamed section) still pairs by its name within the aligned section. Fields of
 * messages that came or went whole are left to the message record.
 */
export function diffFields(ctx: DiffContext, emit: Emit, skipOwners: ReadonlySet<string>): void {
  const keep = (f: Field) => !skipOwners.has(f.owner);
  const olds = ctx.old.fields.filter(keep);
  const news = ctx.new.fields.filter(keep);
  const byIdentity = pairUp(olds, news, { key: (f) => `${f.owner}\u0000${f.path}`, score: () => 0, threshold: 1 });
  const byName = pairUp(byIdentity.removed, byIdentity.added, {
    key: null,
    score: (o, n) => (o.name === n.name && o.origin === n.origin && ctx.oldToNew.get(o.sectionId) === n.sectionId ? 1 : 0),
    threshold: 1,
  });

  for (const field of byName.removed) {
    emit({ id: field.required ? 'required-field-removed' : 'field-removed', subject: subject(field), section: sectionPair(ctx, 'old', field.sectionId), before: side(field), after: null });
  }
  // A field told another way before (a table now lists what an example of the same message showed) is not new.
  for (const field of byName.added.filter((f) => !toldBefore(f, ctx))) {
    emit({ id: field.required ? 'required-field-added' : 'field-added', subject: subject(field), section: sectionPair(ctx, 'new', field.sectionId), before: null, after: side(field) });
  }
  for (const [before, after] of [...byIdentity.pairs, ...byName.pairs]) {
    const base = { subject: subject(after), key: subject(before), section: bothSections(ctx, before.sectionId, after.sectionId), before: side(before), after: side(after) };
    if (before.required === false && after.required === true) emit({ id: 'field-became-required', ...base });
    if (before.required === true && after.required === false) emit({ id: 'field-became-optional', ...base });
    if (before.type && after.type && normalizeText(before.type) !== normalizeText(after.type)) {
      emit({ id: 'field-type-changed', ...base, detail: { from: before.type, to: after.type } });
    }
    // A bullet or a definition list says what a field is in words: a new description is a record (its duties are rules of their own).
    if (before.origin === 'list' && after.origin === 'list' && plainWords(before.description) !== plainWords(after.description)) {
      emit({ id: 'field-description-changed', ...base, before: { ...side(before), text: before.description ?? '' }, after: { ...side(after), text: after.description ?? '' } });
    }
    const oldOptions = new Set(before.options);
    const newOptions = new Set(after.options);
    for (const value of after.options) if (!oldOptions.has(value) && oldOptions.size > 0) emit({ id: 'field-value-added', ...base, key: `${base.key}=${value}`, detail: { value: `\`${value}\`` } });
    for (const value of before.options) if (!newOptions.has(value) && newOptions.size > 0) emit({ id: 'field-value-removed', ...base, key: `${base.key}=${value}`, detail: { value: `\`${value}\`` } });
  }
}

/**
 * Did the older page have this field under another form: the same name in a message the
 * field's section names in code ("servers send a `widgets/create` request", then a
 * table of its parameters), or in the section the field's section (or its parent) was, or
 * a section right below it?
 */
function toldBefore(field: Field, ctx: DiffContext): boolean {
  const near = (doc: SpecDocument, sectionId: string) => {
    const section = sectionById(doc, sectionId);
    return [sectionId, ...(section?.parentId ? [section.parentId] : [])];
  };
  const here = new Set(near(ctx.new, field.sectionId));
  const named = namesInSection(ctx.new, field.sectionId);
  return ctx.old.fields.some((old) => {
    if (old.name !== field.name || old.origin === field.origin) return false;
    if (old.origin === 'message' && named.has(old.owner.replace(/ (result|error)$/, ''))) return true;
    return near(ctx.old, old.sectionId).some((id) => here.has(ctx.oldToNew.get(id) ?? ''));
  });
}

/** The names a section's own text writes in code. */
function namesInSection(doc: SpecDocument, sectionId: string): Set<string> {
  const texts = [...doc.prose, ...doc.rules].filter((b) => b.sectionId === sectionId).map((b) => b.text);
  return new Set(texts.flatMap((t) => [...t.matchAll(/`([^`]+)`/g)].map((m) => m[1]!)));
}

/** A description without its normative sentences (the rule differ reports those), compared as text. */
function plainWords(description: string | null): string {
  return normalizeText((description ?? '').split(/(?<=[.!?])\s+/).filter((s) => !/\b(?:MUST|SHALL|SHOULD|MAY|REQUIRED|RECOMMENDED|OPTIONAL)\b/.test(s)).join(' '));
}

/** "widgets/create params.colour" for a message's field, "String Schema › pattern" otherwise. */
function subject(field: Field): string {
  return field.origin === 'message' || field.path.includes('.') ? `${field.owner} ${field.path}` : `${field.owner} › ${field.path}`;
}

function side(field: Field): ChangeSide {
  const s: ChangeSide = { text: subject(field), line: field.line, path: field.path, required: field.required, origin: field.origin };
  if (field.type) s['type'] = field.type;
  if (field.options.length) s['options'] = field.options;
  return s;
}
