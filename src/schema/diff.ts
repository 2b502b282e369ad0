import type { Change, ChangeDraft } from '../records/change.ts';
import { finalizeChange } from '../records/finalize.ts';
import type { Diagnostic } from '../model/diagnostic.ts';
import { analyzeSchema, type SchemaAnalysis } from './analysis.ts';
import { agreeRemovedBases, collapseInherited } from './inherited.ts';
import type { SchemaMessage } from './messages.ts';
import { parseSchemaText, type SchemaDefinition, type SchemaModel } from './model.ts';
import { DefinitionPairing } from './pairing.ts';
import type { Reported, SchemaDiffContext } from './diff/context.ts';
import { diffDefinitionPair } from './diff/definition-pair.ts';
import { diffDefinitionSets } from './diff/definitions.ts';
import { diffErrorCodes } from './diff/error-codes.ts';
import { diffMessages } from './diff/messages.ts';
import { PendingRecords } from './diff/placement.ts';
import { referenceCount } from './diff/references.ts';

/**
 * The schema differ: pairs definitions (by name, then renames by shape), messages (by
 * method) and error codes (by number), then walks each pair of definitions field by field.
 * It emits `ChangeDraft`s with `source: 'schema'`, finalized through the shared catalog.
 * Each concern lives in a module of diff/, sharing the small context of diff/context.ts;
 * this file says in which order they run.
 */

export { analyzeSchema, type SchemaAnalysis };

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
  const ctx = openContext(a, b, options.descriptions ?? true);
  // Messages and error codes first: a definition they already reported is not reported again as a definition.
  const reported: Reported = new Set();
  diffMessages(ctx, reported);
  diffErrorCodes(ctx, reported);
  for (const def of a.model.definitions) {
    const partner = ctx.oldToNew.get(def.name);
    if (partner) diffDefinitionPair(ctx, def, b.model.byName.get(partner) as SchemaDefinition);
  }
  // Last, because the pairs' walks tell whether a removed or added definition only moved inline or out of it.
  diffDefinitionSets(ctx, reported);
  return ctx.records.ordered((items) => agreeRemovedBases(collapseInherited(items, { old: a.model, new: b.model }), (name) => referenceCount(a.model, name)));
}

function openContext(a: SchemaAnalysis, b: SchemaAnalysis, descriptions: boolean): SchemaDiffContext {
  const pairs = new DefinitionPairing(a.model, b.model);
  return {
    a,
    b,
    pairs,
    oldToNew: pairs.oldToNew,
    newToOld: pairs.newToOld,
    descriptions,
    definitionNames: new Set([...a.model.byName.keys(), ...b.model.byName.keys()]),
    records: new PendingRecords(a.model, b.model, pairs.oldToNew),
    inlined: { cleanly: new Map(), withChanges: new Set(), changed: new Map() },
    extracted: { cleanly: new Map(), withChanges: new Set(), changed: new Map() },
    heirs: new Map(),
  };
}
