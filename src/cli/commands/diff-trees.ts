import { statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { UsageError } from '../../core/errors.ts';
import { gitTree } from '../../input/git-tree.ts';
import { bothSides, folderTree, type RevisionTree } from '../../input/revision-tree.ts';
import type { CommandIO } from '../io.ts';

/**
 * The whole-spec inputs a reviewer has: two folders (a spec tree at two checkouts), or two
 * refs of a local git repository (`--git REPO OLDREF NEWREF --spec PATH`). Each side is a
 * RevisionTree named by what was given: the ref, the folder's name, or --old-label/--new-label.
 */
export interface TreeOptions {
  git?: string;
  spec?: string;
  schema?: string;
  oldLabel?: string;
  newLabel?: string;
}

/** The two trees OLD and NEW name, or null when they are documents (or snapshot revisions). */
export async function revisionTreesOf(oldInput: string, newInput: string, options: TreeOptions, io: CommandIO): Promise<[RevisionTree, RevisionTree] | null> {
  if (options.git !== undefined) {
    if (options.spec === undefined) throw new UsageError('--git needs --spec PATH: the folder of pages inside the repository (e.g. --spec docs/specification/draft).');
    const repo = resolve(io.cwd, options.git);
    const side = (ref: string, label: string | undefined) => gitTree(repo, ref, { spec: options.spec!, schema: options.schema, label, cwd: io.cwd });
    return bothSides(side(oldInput, options.oldLabel), side(newInput, options.newLabel));
  }
  if (options.spec !== undefined || options.schema !== undefined) throw new UsageError('--spec and --schema name paths inside a git repository: use them with --git REPO.');
  const oldDir = resolve(io.cwd, oldInput);
  const newDir = resolve(io.cwd, newInput);
  if (!isDirectory(oldDir) || !isDirectory(newDir)) return null;
  return [
    folderTree(oldDir, { label: options.oldLabel ?? basename(oldDir) }),
    folderTree(newDir, { label: options.newLabel ?? basename(newDir) }),
  ];
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
