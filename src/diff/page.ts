import type { SpecDocument } from '../model/index.ts';
import { diffCapabilities } from './capabilities.ts';
import { foldCapabilityRules } from './capability-rule-fold.ts';
import { diffDeprecations } from './deprecations.ts';
import type { Change, ChangeDraft } from '../records/change.ts';
import type { DiffContext } from './context.ts';
import { diffErrorCodes } from './error-codes.ts';
import { diffEntries } from './entries.ts';
import { diffFields } from './fields.ts';
import { finalizeChange } from '../records/finalize.ts';
import { levelUnstableSections } from './maturity.ts';
import { levelNewOptionalEntries } from './optional-entries.ts';
import { foldTableColumns } from './table-columns.ts';
import { diffMessages } from './messages.ts';
import { orderDrafts } from './order.ts';
import { foldGoneProseIntoRules, foldProseIntoRules } from './prose-become-rule.ts';
import { foldRowProse } from './row-prose.ts';
import { foldProseBecomeFields } from './prose-become-fields.ts';
import { diffProse } from './prose.ts';
import { diffRules } from './rules.ts';
import { agreeSectionLevels } from './section-levels.ts';
import { alignSections, diffSections } from './sections.ts';
import { readRenamedWords } from './renamed-words.ts';
import { foldRulesIntoProse } from './rule-become-prose.ts';
import { foldPlainHalvesOfRules } from './rule-half-prose.ts';
import { pairRestructuredProse } from './restructured-prose.ts';
import { levelRewrittenPassages } from './rewritten-passages.ts';
import { foldSplitOffProse } from './split-off-prose.ts';
import { diffTerms } from './terms.ts';
import { diffTypeDeclarations } from './type-declarations.ts';

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
  diffEntries(ctx, emit);
  diffCapabilities(ctx, emit);
  diffTypeDeclarations(ctx, emit);
  diffProse(ctx, emit);
  diffDeprecations(ctx, emit);
  diffTerms(ctx, emit, [...drafts]);
  return agreeSectionLevels(distinguishRepeats(orderDrafts(ctx, oneRecordPerChange(drafts, ctx))).map(finalizeChange));
}

/**
 * One change the differs saw from two sides is one record: a rule reworded because its
 * capability moved, a sentence rewritten into a rule or a rule into a plain sentence, words
 * split off a reworded sentence, a paragraph rewritten around its content, a paragraph that
 * says what a new table row says, a rule's plain half kept as a paragraph, a bullet that became a named field's description, sentences
 * that changed only by a name the page renamed.
 */
function oneRecordPerChange(drafts: ChangeDraft[], ctx: DiffContext): ChangeDraft[] {
  const restated = foldGoneProseIntoRules(foldProseIntoRules(foldCapabilityRules(drafts)), ctx);
  const reworded = readRenamedWords(foldProseBecomeFields(foldRowProse(pairRestructuredProse(foldSplitOffProse(foldPlainHalvesOfRules(foldRulesIntoProse(restated, ctx)))), ctx.new.fields), ctx.new.fields), ctx);
  return levelNewOptionalEntries(levelUnstableSections(levelRewrittenPassages(foldTableColumns(reworded, ctx), ctx), ctx), ctx);
}

/**
 * A page can say the same thing twice (one sentence in two lists); the second and later
 * records of the same identity get an occurrence number, so every fingerprint is unique
 * and still stable from run to run.
 */
function distinguishRepeats(drafts: ChangeDraft[]): ChangeDraft[] {
  const seen = new Map<string, number>();
  return drafts.map((draft) => {
    const identity = [draft.id, draft.key ?? draft.subject, draft.section.old, draft.section.new].join('\u0000');
    const count = (seen.get(identity) ?? 0) + 1;
    seen.set(identity, count);
    return count === 1 ? draft : { ...draft, key: `${draft.key ?? draft.subject}#${count}` };
  });
}
