import { folderTree, type RevisionTree } from '../input/revision-tree.ts';
import type { Diagnostic } from '../model/diagnostic.ts';
import { parsePage } from '../model/index.ts';
import type { Change } from './change.ts';
import { relocateRules } from './cross-page-rules.ts';
import { diffPageTexts, type PageDiffResult } from './index.ts';
import { pairPages, type PagePair } from './page-pairs.ts';
import { pageMoveChange, pagePresenceChange } from './page-presence.ts';

/**
 * Two whole revisions: pages are paired (page-pairs.ts: the same address, or moved) and
 * diffed, a page only one has is one record, rules that changed pages are moves rather
 * than removals (cross-page-rules.ts), and the schemas are diffed too. Each record says its
 * page (the newer id of a pair) and, for the schema, `source: 'schema'`.
 */

type Diagnostics = { old: Diagnostic[]; new: Diagnostic[] };

export interface RevisionPages {
  oldPages: readonly string[];
  newPages: readonly string[];
  text: (side: 'old' | 'new', page: string) => string;
  /** How diagnostics name each side (`2025-11-25`). */
  labels: { old: string; new: string };
  /** Diffs two page texts; a caller with a cache of its own (the site) passes it here. */
  diffTexts?: (oldText: string, newText: string) => PageDiffResult;
}

/** The pages of two revisions, without their schemas. */
export function diffRevisionPages(input: RevisionPages): { changes: Change[]; diagnostics: Diagnostics } {
  const { text, labels } = input;
  const diffTexts = input.diffTexts ?? diffPageTexts;
  const changes: Change[] = [];
  const diagnostics: Diagnostics = { old: [], new: [] };
  const pairs = pairPages(input.oldPages, input.newPages, text);
  for (const pair of pairs) {
    if (pair.old === null || pair.new === null) {
      const page = (pair.old ?? pair.new)!;
      changes.push({ ...pagePresenceChange(page, pair.old === null ? 'added' : 'removed'), page });
      continue;
    }
    const page = pair.new;
    if (pair.how === 'moved') changes.push({ ...pageMoveChange(pair.old, pair.new), page });
    const oldText = text('old', pair.old);
    const newText = text('new', pair.new);
    // An unchanged page has nothing to say (a one-page pull request touches one page of a hundred).
    if (oldText === newText) continue;
    const result = diffTexts(oldText, newText);
    changes.push(...result.changes.map((c) => ({ ...c, page })));
    diagnostics.old.push(...result.diagnostics.old.map((d) => ({ ...d, source: `${labels.old}:${pair.old}` })));
    diagnostics.new.push(...result.diagnostics.new.map((d) => ({ ...d, source: `${labels.new}:${pair.new}` })));
  }
  const pairedWith = new Map(pairs.filter((p) => p.old !== null && p.new !== null).map((p) => [p.new!, p.old!]));
  const involved = pagesWithMovableRules(changes, pairs, pairedWith);
  const parsed = (side: 'old' | 'new', pages: ReadonlySet<string>) => new Map([...pages].map((page) => [page, parsePage(text(side, page))]));
  const relocated = relocateRules(changes, { old: parsed('old', involved.old), new: parsed('new', involved.new), pairedWith });
  return { changes: relocated, diagnostics };
}

/**
 * The only pages a rule can have moved from or to: pages that came or went, and pages
 * whose diff removed or added a rule. The cross-page pass reads just these, so unchanged
 * pages are never parsed (their models come from the parse cache when they were).
 */
function pagesWithMovableRules(changes: readonly Change[], pairs: readonly PagePair[], pairedWith: ReadonlyMap<string, string>): { old: Set<string>; new: Set<string> } {
  const old = new Set(pairs.filter((p) => p.new === null).map((p) => p.old!));
  const now = new Set(pairs.filter((p) => p.old === null).map((p) => p.new!));
  for (const change of changes) {
    if (change.kind !== 'rule' || !change.page) continue;
    if (change.action === 'removed') old.add(pairedWith.get(change.page) ?? change.page);
    if (change.action === 'added') now.add(change.page);
  }
  return { old, new: now };
}

/** A revision as a folder of `<page>.mdx` files and a `schema.json` (a snapshot, or the upstream layout's revision folder). */
export interface RevisionFolder {
  dir: string;
  /** How diagnostics name this side (`2025-11-25`). */
  label: string;
}

export function diffRevisionFolders(oldSide: RevisionFolder, newSide: RevisionFolder): Promise<{ changes: Change[]; diagnostics: Diagnostics }> {
  return diffRevisionTrees(folderTree(oldSide.dir, { label: oldSide.label }), folderTree(newSide.dir, { label: newSide.label }));
}

/** Two whole revisions from any source of page texts (folders, git refs), pages and schemas. */
export async function diffRevisionTrees(oldTree: RevisionTree, newTree: RevisionTree): Promise<{ changes: Change[]; diagnostics: Diagnostics }> {
  const texts = new Map<string, string>();
  const text = (side: 'old' | 'new', page: string) => {
    const key = `${side}\0${page}`;
    let found = texts.get(key);
    if (found === undefined) texts.set(key, (found = (side === 'old' ? oldTree : newTree).text(page)));
    return found;
  };
  const { changes, diagnostics } = diffRevisionPages({
    oldPages: oldTree.pages,
    newPages: newTree.pages,
    text,
    labels: { old: oldTree.label, new: newTree.label },
  });
  const oldSchema = oldTree.schema();
  const newSchema = newTree.schema();
  if (oldSchema !== null && newSchema !== null && oldSchema !== newSchema) {
    // Loaded on demand: page diffs never pay for the schema reader.
    const { diffSchemaTexts } = await import('../schema/index.ts');
    const result = diffSchemaTexts(oldSchema, newSchema, {
      oldSource: `${oldTree.label}:schema`,
      newSource: `${newTree.label}:schema`,
    });
    changes.push(...result.changes.map((c) => ({ ...c, page: 'schema', source: 'schema' as const })));
    diagnostics.old.push(...result.diagnostics.old);
    diagnostics.new.push(...result.diagnostics.new);
  }
  return { changes, diagnostics };
}
