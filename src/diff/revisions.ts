import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { listPageFiles } from '../input/spec-folders.ts';
import type { Diagnostic } from '../model/diagnostic.ts';
import { parsePage } from '../model/index.ts';
import type { Change } from './change.ts';
import { relocateRules } from './cross-page-rules.ts';
import { diffPageTexts, type PageDiffResult } from './index.ts';
import { pairPages } from './page-pairs.ts';
import { pageMoveChange, pagePresenceChange } from './page-presence.ts';
import { confirmEnvelopesBySchema, envelopesOf } from './schema-envelopes.ts';
import { agreeSectionLevels } from './section-levels.ts';

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
    const result = diffTexts(text('old', pair.old), text('new', pair.new));
    changes.push(...result.changes.map((c) => ({ ...c, page })));
    diagnostics.old.push(...result.diagnostics.old.map((d) => ({ ...d, source: `${labels.old}:${pair.old}` })));
    diagnostics.new.push(...result.diagnostics.new.map((d) => ({ ...d, source: `${labels.new}:${pair.new}` })));
  }
  const relocated = relocateRules(changes, {
    old: new Map(input.oldPages.map((page) => [page, parsePage(text('old', page))])),
    new: new Map(input.newPages.map((page) => [page, parsePage(text('new', page))])),
    pairedWith: new Map(pairs.filter((p) => p.old !== null && p.new !== null).map((p) => [p.new!, p.old!])),
  });
  return { changes: agreeSectionLevels(relocated), diagnostics };
}

/** A revision as a folder of `<page>.mdx` files and a `schema.json` (a snapshot, or the upstream layout's revision folder). */
export interface RevisionFolder {
  dir: string;
  /** How diagnostics name this side (`2025-11-25`). */
  label: string;
}

export async function diffRevisionFolders(oldSide: RevisionFolder, newSide: RevisionFolder): Promise<{ changes: Change[]; diagnostics: Diagnostics }> {
  const texts = new Map<string, string>();
  const text = (side: 'old' | 'new', page: string) => {
    const file = join((side === 'old' ? oldSide : newSide).dir, `${page}.mdx`);
    let found = texts.get(file);
    if (found === undefined) texts.set(file, (found = readFileSync(file, 'utf8')));
    return found;
  };
  const { changes, diagnostics } = diffRevisionPages({
    oldPages: listPageFiles(oldSide.dir),
    newPages: listPageFiles(newSide.dir),
    text,
    labels: { old: oldSide.label, new: newSide.label },
  });
  const oldSchema = join(oldSide.dir, 'schema.json');
  const newSchema = join(newSide.dir, 'schema.json');
  if (!existsSync(oldSchema) || !existsSync(newSchema)) return { changes, diagnostics };
  return addSchemas({ changes, diagnostics }, await readFile(oldSchema, 'utf8'), await readFile(newSchema, 'utf8'), { old: oldSide.label, new: newSide.label });
}

/**
 * The schemas' records beside the pages' (`page: 'schema'`, `source: 'schema'`); the
 * schemas also correct what examples alone suggested (schema-envelopes.ts).
 */
export async function addSchemas(
  pages: { changes: Change[]; diagnostics: Diagnostics },
  oldText: string,
  newText: string,
  labels: { old: string; new: string },
): Promise<{ changes: Change[]; diagnostics: Diagnostics }> {
  // Loaded on demand: page diffs never pay for the schema reader.
  const { diffSchemaTexts } = await import('../schema/index.ts');
  const result = diffSchemaTexts(oldText, newText, { oldSource: `${labels.old}:schema`, newSource: `${labels.new}:schema` });
  const changes = result.messages
    ? confirmEnvelopesBySchema(pages.changes, { old: envelopesOf(result.messages.old), new: envelopesOf(result.messages.new) })
    : pages.changes;
  changes.push(...result.changes.map((c) => ({ ...c, page: 'schema', source: 'schema' as const })));
  const { diagnostics } = pages;
  diagnostics.old.push(...result.diagnostics.old);
  diagnostics.new.push(...result.diagnostics.new);
  return { changes, diagnostics };
}
