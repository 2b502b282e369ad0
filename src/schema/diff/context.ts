import type { SchemaAnalysis } from '../analysis.ts';
import { descriptionWithLinksRead, readableDescription } from '../description-text.ts';
import type { DefinitionPairing } from '../pairing.ts';
import type { PendingRecords } from './placement.ts';

/**
 * What every concern of the schema differ shares: both analysed schemas, which old
 * definition is which new one, and the one list records are placed in. The tallies of
 * inlined and extracted shapes are written while pairs of definitions are walked and read
 * when whole definitions are judged added or removed, so both see the same context.
 */
export interface SchemaDiffContext {
  a: SchemaAnalysis;
  b: SchemaAnalysis;
  pairs: DefinitionPairing;
  /** Old ↔ new definition names, for every pair (same name or renamed). */
  oldToNew: ReadonlyMap<string, string>;
  newToOld: ReadonlyMap<string, string>;
  /** Report description-only edits as editorial records. */
  descriptions: boolean;
  /** Names either schema defines: a description's link that glued a target to its label is split at one. */
  definitionNames: ReadonlySet<string>;
  records: PendingRecords;
  /** Old definitions whose shape a pair of definitions now spells inline. */
  inlined: ShapeTally;
  /** New definitions that only name a shape the old schema spelled inline where they are now referenced. */
  extracted: ShapeTally;
  /**
   * New definitions that carry on a shape the old schema spelled inline, now as one
   * alternative of a new union in its place (`Print.params` became `A | B`, and `A` is the
   * old params): by definition name, the field whose shape it was and the union.
   */
  heirs: Map<string, { shape: string; union: string }>;
}

/** Per definition: how many references were replaced without any change, and whether any came with changes. */
export interface ShapeTally {
  cleanly: Map<string, number>;
  withChanges: Set<string>;
  /** How many of the swaps had records inside them (the shape changed as it was named or inlined). */
  changed: Map<string, number>;
}

/** Definitions already reported as messages or error codes (`old:Name`, `new:Name`), so they get no second record. */
export type Reported = Set<string>;

/** Descriptions compare as a reader reads them: markup, link targets and whitespace do not count. */
export function readable(ctx: SchemaDiffContext, text: string | null): string | null {
  return text === null ? null : readableDescription(text, ctx.definitionNames);
}

/** A description as its record quotes it: links read as their text (see `descriptionWithLinksRead`). */
export function quoted(ctx: SchemaDiffContext, text: string | null | undefined): string {
  return text === null || text === undefined ? '' : descriptionWithLinksRead(text, ctx.definitionNames);
}

/** Paths of an array's items (`x[]`, `x[0]`) or an object's values (`x{}`): wrappers, not named members. */
export const WRAPPER = /(\[\d*\]|\{\})$/;
