import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { listPageFiles } from '../input/spec-folders.ts';
import type { Diagnostic } from '../model/diagnostic.ts';
import { parsePage } from '../model/index.ts';
import type { Change } from './change.ts';
import { relocateRules } from './cross-page-rules.ts';
import { diffPageTexts } from './index.ts';
import { pairPages } from './page-pairs.ts';
import { pageMoveChange, pagePresenceChange } from './page-presence.ts';

/**
 * Two whole revisions, each a folder of `<page>.mdx` files and a `schema.json` (a snapshot
 * or the upstream layout's revision folder): pages are paired (page-pairs.ts: the same
 * address, or moved) and diffed, a page only one has is one record, and the schemas are
 * diffed too; rules that changed pages are moves, not removals (cross-page-rules.ts). Each
 * record says its page (the newer id of a pair) and, for the schema, `source: 'schema'`.
 */
export interface RevisionFolder {
  dir: string;
  /** How diagnostics name this side (`2025-11-25`). */
  label: string;
}

export async function diffRevisionFolders(
  oldSide: RevisionFolder,
  newSide: RevisionFolder,
): Promise<{ changes: Change[]; diagnostics: { old: Diagnostic[]; new: Diagnostic[] } }> {
  const texts = new Map<string, string>();
  const text = (side: 'old' | 'new', page: string) => {
    const file = join((side === 'old' ? oldSide : newSide).dir, `${page}.mdx`);
    let found = texts.get(file);
    if (found === undefined) texts.set(file, (found = readFileSync(file, 'utf8')));
    return found;
  };
  let changes: Change[] = [];
  const diagnostics: { old: Diagnostic[]; new: Diagnostic[] } = { old: [], new: [] };
  const oldPages = listPageFiles(oldSide.dir);
  const newPages = listPageFiles(newSide.dir);
  const pairs = pairPages(oldPages, newPages, text);
  for (const pair of pairs) {
    if (pair.old === null || pair.new === null) {
      const page = (pair.old ?? pair.new)!;
      changes.push({ ...pagePresenceChange(page, pair.old === null ? 'added' : 'removed'), page });
      continue;
    }
    const page = pair.new;
    if (pair.how === 'moved') changes.push({ ...pageMoveChange(pair.old, pair.new), page });
    const result = diffPageTexts(text('old', pair.old), text('new', pair.new));
    changes.push(...result.changes.map((c) => ({ ...c, page })));
    diagnostics.old.push(...result.diagnostics.old.map((d) => ({ ...d, source: `${oldSide.label}:${pair.old}` })));
    diagnostics.new.push(...result.diagnostics.new.map((d) => ({ ...d, source: `${newSide.label}:${pair.new}` })));
  }
  changes = relocateRules(changes, {
    old: new Map(oldPages.map((page) => [page, parsePage(text('old', page))])),
    new: new Map(newPages.map((page) => [page, parsePage(text('new', page))])),
    pairedWith: new Map(pairs.filter((p) => p.old !== null && p.new !== null).map((p) => [p.new!, p.old!])),
  });
  const oldSchema = join(oldSide.dir, 'schema.json');
  const newSchema = join(newSide.dir, 'schema.json');
  if (existsSync(oldSchema) && existsSync(newSchema)) {
    // Loaded on demand: page diffs never pay for the schema reader.
    const { diffSchemaTexts } = await import('../schema/index.ts');
    const result = diffSchemaTexts(await readFile(oldSchema, 'utf8'), await readFile(newSchema, 'utf8'), {
      oldSource: `${oldSide.label}:schema`,
      newSource: `${newSide.label}:schema`,
    });
    changes.push(...result.changes.map((c) => ({ ...c, page: 'schema', source: 'schema' as const })));
    diagnostics.old.push(...result.diagnostics.old);
    diagnostics.new.push(...result.diagnostics.new);
  }
  return { changes, diagnostics };
}
