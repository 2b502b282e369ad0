import { existsSync, readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { InputError } from '../core/errors.ts';
import { confinedFile, readConfinedText } from './confined-files.ts';
import { assemble, partsNamed, type PartReader } from './includes.ts';
import { declarationsBeside, pageFiles, schemaFile } from './spec-tree.ts';
import { yamlSchemaAsJson } from './yaml-schema.ts';

/**
 * One revision of a spec as the whole-revision diff reads it: page ids, and a function that
 * gives a page's text. Where the texts come from (a folder, a git ref read without checking
 * it out) is the tree's business; the differ never touches the file system.
 */
export interface RevisionTree {
  /** How reports and diagnostics name this side: a revision id, a folder name, a ref. */
  label: string;
  /** Where it was read from, for the report's `source` (a folder path, `REPO@REF:PATH`). */
  source: string;
  /** Page ids (`client/elicitation`), sorted. */
  pages: readonly string[];
  /** A page's text; called at most once per page by the differ, so a tree may read lazily. */
  text(page: string): string;
  /** The revision's schema.json text, or null when this tree has none. */
  schema(): string | null;
  /** The schema file's name (`schema.json`), for reports that name where a record came from. */
  schemaName?: string;
  /**
   * The TypeScript declarations the schema is written from (`schema.ts` beside `schema.json`),
   * when the tree has both: the revision diff reads both and says where they disagree.
   */
  declarations?(): { name: string; text: string } | null;
}

export interface FolderTreeOptions {
  label?: string;
  /** The schema file relative to the folder (a spec config's `schema`); default `schema.json`, `schema.yaml` or `schema.yml` when there is one. */
  schema?: string;
}

/** A folder of pages of any Markdown extension (a snapshot, a revision folder of the upstream layout, any checkout's spec folder). */
export function folderTree(dir: string, options: FolderTreeOptions = {}): RevisionTree {
  if (!existsSync(dir)) throw new InputError(`${dir} does not exist.`);
  const files = pageFiles(dir);
  const schemaPath = schemaFile(dir, options.schema);
  const declarationsPath = declarationsBeside(dir, schemaPath);
  // Parts are read inside the folder only (confined-files.ts); a page made of parts is diffed assembled (includes.ts).
  const read: PartReader = (path) => {
    const real = confinedFile(dir, path);
    return real === null ? null : readFileSync(real, 'utf8');
  };
  const raw = (page: string) => readConfinedText(dir, files.get(page) ?? `${page}.mdx`);
  const parts = new Set([...files].flatMap(([page, file]) => partsNamed(file, raw(page), read)));
  return {
    label: options.label ?? (basename(resolve(dir)) || dir),
    source: dir,
    pages: [...files].filter(([, file]) => !parts.has(file)).map(([page]) => page).sort(),
    // Listed inside the folder; read inside it too (the real path is checked again).
    text: (page) => assemble(files.get(page) ?? `${page}.mdx`, raw(page), read).text,
    // A YAML schema is read as the JSON it stands for.
    schema: () => {
      if (schemaPath === null) return null;
      const raw = readFileSync(schemaPath, 'utf8');
      return yamlSchemaAsJson(raw, schemaPath) ?? raw;
    },
    ...(schemaPath ? { schemaName: basename(schemaPath) } : {}),
    declarations: () => (declarationsPath === null ? null : { name: basename(declarationsPath), text: readFileSync(declarationsPath, 'utf8') }),
  };
}

/** A tree over texts already in memory (a git ref read in one batch, a test's pages). */
export function memoryTree(label: string, source: string, pages: ReadonlyMap<string, string>, schema: string | null = null): RevisionTree {
  return {
    label,
    source,
    pages: [...pages.keys()].sort(),
    text: (page) => {
      const text = pages.get(page);
      if (text === undefined) throw new Error(`${label} has no page ${page}.`);
      return text;
    },
    schema: () => schema,
  };
}

/** Both sides read at once; when both fail, OLD's problem is the one reported, every time (not whichever failed first). */
export async function bothSides<T>(oldSide: Promise<T>, newSide: Promise<T>): Promise<[T, T]> {
  const [a, b] = await Promise.allSettled([oldSide, newSide]);
  if (a.status === 'rejected') throw a.reason;
  if (b.status === 'rejected') throw b.reason;
  return [a.value, b.value];
}
