import { existsSync, readdirSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { confinedFile, listConfinedFiles } from './confined-files.ts';
import { orderRevisions } from './revision-order.ts';

/** The extensions a spec page may have. */
export const PAGE_FILE = /\.(?:mdx?|markdown)$/i;

/** Revision folders (`2025-11-25`, …) in date order, `draft` last: the order revisions follow each other. */
export function listRevisionFolders(dir: string): string[] {
  const dated = readdirSync(dir).filter((name) => /^\d{4}-\d{2}-\d{2}$/.test(name)).sort();
  return existsSync(join(dir, 'draft')) ? [...dated, 'draft'] : dated;
}

/**
 * Revisions of any spec laid out as `<root>/<revision>/…`: every sub-folder (or those
 * `match` accepts), in revision order (revision-order.ts; `order` overrides).
 */
export function listRevisions(root: string, options: { match?: string; order?: readonly string[] } = {}): string[] {
  const match = options.match ? new RegExp(options.match) : null;
  const names = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && (match ? match.test(entry.name) : true))
    .map((entry) => entry.name);
  return orderRevisions(names, options.order);
}

/** Pages (`client/elicitation`) of one revision folder, sorted. */
export function listPageFiles(revisionDir: string): string[] {
  return [...pageFiles(revisionDir).keys()].sort();
}

/**
 * Page id → file path relative to the revision folder (`guide/intro` → `guide/intro.md`),
 * any page extension. Read through confined-files.ts: a link that leaves the folder, or
 * loops, is skipped (and said once on stderr).
 */
export function pageFiles(revisionDir: string): Map<string, string> {
  const pages = new Map<string, string>();
  for (const file of listConfinedFiles(revisionDir, (path) => PAGE_FILE.test(path)).files) pages.set(file.replace(PAGE_FILE, ''), file);
  return pages;
}

/**
 * A revision folder's JSON Schema (JSON or YAML): `preferred` when set, else the first
 * conventional name present. A relative name must be a file inside the folder (a link
 * out of it is skipped); an absolute one is a file the caller named itself.
 */
export function schemaFile(revisionDir: string, preferred?: string): string | null {
  const candidates = preferred ? [preferred] : ['schema.json', 'schema.yaml', 'schema.yml', 'schema.ts'];
  for (const name of candidates) {
    // Named as given (messages show it), once its real path is known to stay inside.
    if (isAbsolute(name) ? existsSync(name) : confinedFile(revisionDir, name) !== null) return resolve(revisionDir, name);
  }
  return null;
}

/**
 * The TypeScript declarations a JSON Schema is generated from, when they sit beside it
 * (`schema.ts` next to `schema.json`): a second reading of the same shapes, which a revision
 * diff holds against the first. Null when the schema is itself TypeScript or has none.
 */
export function declarationsBeside(revisionDir: string, schemaPath: string | null): string | null {
  if (schemaPath === null || !/\.(?:json|ya?ml)$/i.test(schemaPath)) return null;
  const sibling = schemaPath.replace(/\.(?:json|ya?ml)$/i, '.ts');
  return confinedFile(revisionDir, sibling) !== null ? sibling : null;
}
