import type { SpecDocument } from '../model/index.ts';
import type { SchemaModel } from '../schema/index.ts';
import type { Change } from '../records/change.ts';
import { finalizeChange } from '../records/finalize.ts';
import { loadedFromTypes } from '../schema/load.ts';
import { buildModel } from '../schema/model.ts';
import { lastName } from '../model/field-names.ts';

/**
 * What a whole revision names anywhere: its methods, error codes and their names, field
 * and definition names, from every page and its schema. Diffed page by page, a method
 * "appears" when a page gains an example of it and "disappears" when one stops showing it;
 * across a revision it is new only if the older revision named it nowhere, and gone only
 * if the newer names it nowhere (what `rule-moved` does for rules, for names).
 */
export interface Vocabulary {
  methods: Set<string>;
  codes: Set<string>;
  /** Field, definition and error names, and identifiers named in inline code. */
  names: Set<string>;
  /** What the pages' TypeScript declarations declare: each definition and each `Definition.field` (model/typescript.ts). */
  declared: Set<string>;
}

export function vocabularyOf(docs: Iterable<SpecDocument>, schema: SchemaModel | null): Vocabulary {
  const vocabulary: Vocabulary = { methods: new Set(), codes: new Set(), names: new Set(), declared: new Set() };
  const name = (text: string | null) => text && vocabulary.names.add(vocabularyKey(text));
  for (const doc of docs) {
    if (doc.types) {
      for (const definition of buildModel(loadedFromTypes(doc.types, 'page'), 'page').definitions) {
        vocabulary.declared.add(definition.name);
        for (const path of definition.fields.keys()) if (path) vocabulary.declared.add(`${definition.name}${/^[[{]/.test(path) ? '' : '.'}${path}`);
        if (definition.message) vocabulary.methods.add(definition.message.method);
        if (definition.errorCode !== null) vocabulary.codes.add(String(definition.errorCode));
      }
    }
    for (const message of doc.messages) if (message.method) vocabulary.methods.add(message.method);
    for (const code of doc.errorCodes) {
      vocabulary.codes.add(String(code.code));
      name(code.name);
    }
    // A bullet's parameter names (`version`, `name`) are its section's; they make no name known revision-wide.
    for (const field of doc.fields) if (field.origin !== 'list') name(field.name);
    for (const term of doc.terms) {
      name(term.token);
      if (term.token.includes('/')) vocabulary.methods.add(term.token);
      if (/^-?\d+$/.test(term.token)) vocabulary.codes.add(term.token);
    }
  }
  for (const definition of schema?.definitions ?? []) {
    name(definition.name);
    if (definition.message) vocabulary.methods.add(definition.message.method);
    if (definition.errorCode !== null) vocabulary.codes.add(String(definition.errorCode));
    for (const path of definition.fields.keys()) name(lastName(path));
  }
  return vocabulary;
}

/**
 * Page records of names that came or went on one page but not in the revision are
 * dropped; of the rest, a name the schema diff reports as added or removed too (a method,
 * a definition, a field), or that several pages report (as a method, a field, a term), is
 * one record: the schema's, else the first page's.
 */
export function dropPageLocalArrivals(changes: readonly Change[], vocabulary: { old: Vocabulary; new: Vocabulary }, exempt: (change: Change) => boolean = () => false): Change[] {
  const seen = new Set(changes.filter((c) => c.source === 'schema').map(identity).filter((k): k is string => k !== null));
  return changes.filter((change) => {
    if (change.source === 'schema' || exempt(change)) return true;
    const key = identity(change);
    if (key !== null) {
      if (seen.has(key)) return false;
      seen.add(key);
    }
    // A declaration (a page's TypeScript block) is new only if no page of the older revision declared it, wherever.
    if (isDeclared(change) && (change.kind === 'definition' || change.kind === 'schema-field')) {
      if (change.action === 'added') return !vocabulary.old.declared.has(change.subject);
      if (change.action === 'removed') return !vocabulary.new.declared.has(change.subject);
      return true;
    }
    if (change.action === 'added') return !known(change, change.subject, vocabulary.old);
    if (change.action === 'removed') return !known(change, change.subject, vocabulary.new);
    if (change.id === 'error-code-renamed') {
      // A rename says one name replaced another: not so while the old name is still used, or the new one already was.
      const from = String(change.before?.['name'] ?? '');
      const to = String(change.after?.['name'] ?? '');
      return !(vocabulary.new.names.has(vocabularyKey(from)) || vocabulary.old.names.has(vocabularyKey(to)));
    }
    return true;
  });
}

/**
 * A schema that starts to define a method or error code the older revision already used on
 * its pages (a code in its error tables and examples) gained a definition, not a new code or
 * method: what travels is what travelled before. Its record says so, as the definition it
 * gained, editorial. (A removal stays as it is: a newer revision that still names a code may
 * name it only to retire it.)
 */
export function readSchemaNamingWhatPagesUsed(changes: readonly Change[], old: Vocabulary): Change[] {
  return changes.map((change) => {
    if (change.source !== 'schema' || change.action !== 'added' || (change.kind !== 'error-code' && change.kind !== 'message')) return change;
    if (!known(change, change.subject, old)) return change;
    const definition = typeof change.after?.path === 'string' ? change.after.path : change.section.new;
    if (!definition) return change;
    const what = change.kind === 'error-code' ? `error code ${change.subject}` : `method ${change.subject}`;
    const draft = {
      id: 'definition-added', subject: definition, section: change.section, before: null, after: change.after, source: 'schema' as const,
      level: 'editorial' as const, levelReason: `the older revision already used ${what} on its pages; its schema now defines it as ${definition}`,
    };
    return { ...finalizeChange(draft), ...(change.page !== undefined ? { page: change.page } : {}) };
  });
}

function isDeclared(change: Change): boolean {
  return (change.after ?? change.before)?.['declaredIn'] === 'typescript';
}

function known(change: Change, subject: string, vocabulary: Vocabulary): boolean {
  const name = nameOf(change.kind, subject);
  switch (change.kind) {
    case 'message': return vocabulary.methods.has(name);
    case 'error-code': return vocabulary.codes.has(name);
    case 'schema-field':
    case 'term': return vocabulary.names.has(name);
    default: return false;
  }
}

/** The name a record is about, as the vocabulary keeps it. */
function nameOf(kind: Change['kind'], subject: string): string {
  switch (kind) {
    case 'message': return subject.replace(/ (result|error)$/, '');
    case 'error-code': return subject;
    default: return vocabularyKey(lastName(subject));
  }
}

/** Kinds whose records are about a name: the same name added (or removed) is the same change, whichever kind reports it. */
const NAMED_KINDS = new Set<Change['kind']>(['message', 'error-code', 'schema-field', 'term', 'definition']);

/** What makes two added (or removed) records the same change: the name they are about. */
function identity(change: Change): string | null {
  if (change.action !== 'added' && change.action !== 'removed') return null;
  if (!NAMED_KINDS.has(change.kind)) return null;
  // A declared field is its definition's (`A.uri` and `B.uri` are two fields).
  if (isDeclared(change) && change.kind !== 'message' && change.kind !== 'error-code') return `${change.action}\u0000${change.subject.toLowerCase()}`;
  return `${change.action}\u0000${nameOf(change.kind, change.subject).toLowerCase()}`;
}

/** A name as the vocabulary keeps it: no code marks, lower case. */
function vocabularyKey(text: string): string {
  return text.replace(/[`*]/g, '').trim().toLowerCase();
}
