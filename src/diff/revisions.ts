import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pageFiles, schemaFile } from '../input/spec-folders.ts';
import { yamlSchemaAsJson } from '../input/yaml-schema.ts';
import type { Diagnostic } from '../model/diagnostic.ts';
import { keywordCaseOfPages, parsePage, type KeywordCase, type ParseOptions } from '../model/index.ts';
import type { Change } from './change.ts';
import { relocateRules } from './cross-page-rules.ts';
import { diffPageTexts, type PageDiffOptions, type PageDiffResult } from './index.ts';
import { pairPages } from './page-pairs.ts';
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
  /** How each side's pages are read (their revision's RFC 2119 keyword case). */
  read?: PageDiffOptions;
}

/** The pages of two revisions, without their schemas. */
export function diffRevisionPages(input: RevisionPages): { changes: Change[]; diagnostics: Diagnostics } {
  const { text, labels } = input;
  const diffTexts = input.diffTexts ?? ((a: string, b: string) => diffPageTexts(a, b, input.read));
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
    old: new Map(input.oldPages.map((page) => [page, parsePage(text('old', page), input.read?.old)])),
    new: new Map(input.newPages.map((page) => [page, parsePage(text('new', page), input.read?.new)])),
    pairedWith: new Map(pairs.filter((p) => p.old !== null && p.new !== null).map((p) => [p.new!, p.old!])),
  });
  return { changes: relocated, diagnostics };
}

/** A revision as a folder of pages (`.md`, `.mdx`, `.markdown`) and an optional schema (a snapshot, the upstream layout's revision folder, any spec's). */
export interface RevisionFolder {
  dir: string;
  /** How diagnostics name this side (`2025-11-25`). */
  label: string;
}

/** What a spec's config says about reading its revision folders (config/spec-config.ts). */
export interface RevisionReading {
  /** The schema's path inside each folder; unset: schema.json, schema.yaml or schema.yml. */
  schema?: string;
  /** Unset: what the revision's pages declare. */
  keywordCase?: KeywordCase;
}

export async function diffRevisionFolders(oldSide: RevisionFolder, newSide: RevisionFolder, reading: RevisionReading = {}): Promise<{ changes: Change[]; diagnostics: Diagnostics }> {
  const files = { old: pageFiles(oldSide.dir), new: pageFiles(newSide.dir) };
  const texts = new Map<string, string>();
  const text = (side: 'old' | 'new', page: string) => {
    const file = join((side === 'old' ? oldSide : newSide).dir, files[side].get(page) ?? `${page}.mdx`);
    let found = texts.get(file);
    if (found === undefined) texts.set(file, (found = readFileSync(file, 'utf8')));
    return found;
  };
  const oldPages = [...files.old.keys()].sort();
  const newPages = [...files.new.keys()].sort();
  // A spec declares its keyword case once (a conformance section); it holds for all its
  // pages. Left unset when no page declares it, so parses are shared with single-page diffs.
  const keywordCase = (side: 'old' | 'new', pages: string[]): ParseOptions => {
    const declared = reading.keywordCase ?? keywordCaseOfPages(pages.map((p) => text(side, p)));
    return declared === 'any-case' || reading.keywordCase ? { keywordCase: declared } : {};
  };
  const { changes, diagnostics } = diffRevisionPages({
    oldPages,
    newPages,
    text,
    labels: { old: oldSide.label, new: newSide.label },
    read: { old: keywordCase('old', oldPages), new: keywordCase('new', newPages) },
  });
  const oldSchema = schemaFile(oldSide.dir, reading.schema);
  const newSchema = schemaFile(newSide.dir, reading.schema);
  if (oldSchema && newSchema) {
    // Loaded on demand: page diffs never pay for the schema reader.
    const { diffSchemaTexts } = await import('../schema/index.ts');
    const schemaText = async (file: string) => {
      const raw = await readFile(file, 'utf8');
      return yamlSchemaAsJson(raw, file) ?? raw;
    };
    const result = diffSchemaTexts(await schemaText(oldSchema), await schemaText(newSchema), {
      oldSource: `${oldSide.label}:schema`,
      newSource: `${newSide.label}:schema`,
    });
    changes.push(...result.changes.map((c) => ({ ...c, page: 'schema', source: 'schema' as const })));
    diagnostics.old.push(...result.diagnostics.old);
    diagnostics.new.push(...result.diagnostics.new);
  }
  return { changes, diagnostics };
}
