import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { listPageFiles } from '../input/spec-folders.ts';
import type { Diagnostic } from '../model/diagnostic.ts';
import type { Change } from './change.ts';
import { diffPageTexts } from './index.ts';
import { pagePresenceChange } from './page-presence.ts';

/**
 * Two whole revisions, each a folder of `<page>.mdx` files and a `schema.json` (a snapshot
 * or the upstream layout's revision folder): every page both have is diffed, a page only
 * one has is one record, and the schemas are diffed too. Each record says its page and, for
 * the schema, `source: 'schema'`.
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
  const [oldPages, newPages] = [listPageFiles(oldSide.dir), listPageFiles(newSide.dir)];
  const changes: Change[] = [];
  const diagnostics: { old: Diagnostic[]; new: Diagnostic[] } = { old: [], new: [] };
  const read = (dir: string, page: string) => readFile(join(dir, `${page}.mdx`), 'utf8');
  for (const page of [...new Set([...oldPages, ...newPages])].sort()) {
    if (!oldPages.includes(page) || !newPages.includes(page)) {
      changes.push({ ...pagePresenceChange(page, oldPages.includes(page) ? 'removed' : 'added'), page });
      continue;
    }
    const result = diffPageTexts(await read(oldSide.dir, page), await read(newSide.dir, page));
    changes.push(...result.changes.map((c) => ({ ...c, page })));
    diagnostics.old.push(...result.diagnostics.old.map((d) => ({ ...d, source: `${oldSide.label}:${page}` })));
    diagnostics.new.push(...result.diagnostics.new.map((d) => ({ ...d, source: `${newSide.label}:${page}` })));
  }
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
