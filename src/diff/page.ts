import type { SpecDocument } from '../model/index.ts';
import { diffCapabilities } from './capabilities.ts';
import type { Change, ChangeDraft } from './change.ts';
import type { DiffContext } from './context.ts';
import { diffErrorCodes } from './error-codes.ts';
import { diffFields } from './fields.ts';
import { finalizeChange } from './finalize.ts';
import { diffMessages } from './messages.ts';
import { orderDrafts } from './order.ts';
import { diffProse } from './prose.ts';
import { diffRules } from './rules.ts';
import { alignSections } from './sections.ts';
import { diffSections } from './sections.ts';
import { diffTerms } from './terms.ts';

/** All change records between two readings of a page, in the contract's order. */
export function diffDocuments(oldDoc: SpecDocument, newDoc: SpecDocument): Change[] {
  const ctx: DiffContext = { old: oldDoc, new: newDoc, ...alignSections(oldDoc, newDoc) };
  const drafts: ChangeDraft[] = [];
  const emit = (draft: ChangeDraft) => drafts.push({ source: 'page', ...draft });
  diffSections(ctx, emit);
  diffRules(ctx, emit);
  const { whollyChanged } = diffMessages(ctx, emit);
  diffFields(ctx, emit, whollyChanged);
  diffErrorCodes(ctx, emit);
  diffCapabilities(ctx, emit);
  diffProse(ctx, emit);
  diffTerms(ctx, emit, [...drafts]);
  return orderDrafts(ctx, drafts).map(finalizeChange);
}
