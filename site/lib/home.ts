import type { ImpactSummary } from '../../src/index.ts';
import { changeSections, type ChangeSection, type RevisionInfo } from '../../src/site-entry.ts';
import { totalOf } from './labels.ts';
import { pairView, type PairView } from './pair-view.ts';
import { revisionPairs, specSet, type RevisionPair } from './spec.ts';
import { lineages, timelineOf, type Lineage } from './timeline.ts';

/**
 * What the home page answers first, "what changed?", from the same changes as every view:
 * the latest revision's step with its changes grouped by changelog item, the draft's
 * state, the checklists of the latest step, every step of the timeline, the catch-up pairs,
 * and the pages that changed most (their timelines).
 */

export interface StepSummary {
  pair: RevisionPair;
  view: PairView;
  impact: ImpactSummary;
  changedPages: number;
}

export interface HomeView {
  latest: RevisionInfo | null;
  draft: RevisionInfo | null;
  /** The step into the latest revision, its changes the changelog's items first. */
  latestStep: (StepSummary & { sections: ChangeSection[] }) | null;
  /** The step from the latest into the draft. */
  draftStep: StepSummary | null;
  /** Each adjacent step, by its newer revision. */
  steps: Map<string, StepSummary>;
  /** Each older released revision against the latest, oldest first (the adjacent pair last). */
  catchUp: StepSummary[];
  /** The pages with the most changes counted across the released steps, each with its timeline. */
  mostChanged: { lineage: Lineage; total: ImpactSummary }[];
}

/** How many pages' timelines the home page links. */
export const MOST_CHANGED = 8;

async function summary(pair: RevisionPair): Promise<StepSummary> {
  const view = await pairView(pair);
  return { pair, view, impact: view.headline, changedPages: view.rows.filter((r) => r.status !== 'unchanged').length };
}

/** The step into the latest revision, as the home page leads with it. */
export async function latestStepView(): Promise<HomeView['latestStep']> {
  const { latest } = specSet();
  const pair = latest ? revisionPairs().find((p) => p.adjacent && p.new === latest.id) : undefined;
  if (!pair) return null;
  const into = await summary(pair);
  return { ...into, sections: changeSections(into.view.data.report) };
}

export async function homeView(): Promise<HomeView> {
  const { revisions, latest } = specSet();
  const draft = revisions.find((r) => r.status === 'draft') ?? null;
  const steps = new Map<string, StepSummary>();
  for (const pair of revisionPairs().filter((p) => p.adjacent)) steps.set(pair.new, await summary(pair));
  const position = (id: string) => revisions.findIndex((r) => r.id === id);
  // Every older released revision against the latest, the one just before it included.
  const catchUp = await Promise.all(revisionPairs().filter((p) => latest && p.new === latest.id).sort((a, b) => position(a.old) - position(b.old)).map(summary));
  const latestStep = await latestStepView();
  const draftStep = draft ? steps.get(draft.id) ?? null : null;
  const inLatest = lineages().filter((l) => latest && l.ids.some((i) => i.revision === latest.id));
  const ranked = await Promise.all(inLatest.map(async (lineage) => ({ lineage, total: (await timelineOf(lineage)).total })));
  const mostChanged = ranked
    .filter((r) => totalOf(r.total) > 0)
    .sort((a, b) => b.total.breaking - a.total.breaking || totalOf(b.total) - totalOf(a.total) || a.lineage.key.localeCompare(b.lineage.key))
    .slice(0, MOST_CHANGED);
  return { latest, draft, latestStep, draftStep, steps, catchUp, mostChanged };
}
