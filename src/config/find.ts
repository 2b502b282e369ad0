import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { InputError } from '../core/errors.ts';
import { confinedFile } from '../input/confined-files.ts';
import { parseSpecConfig, type SpecConfig } from './spec-config.ts';

const CONFIG_FILE = 'specdelta.config.json';

export interface LoadedConfig {
  config: SpecConfig;
  /** The file read, or null when none was found (defaults). */
  path: string | null;
}

interface ConfigSearch {
  /** A config file the user named (`--config`, the Action's `config`): it must exist, and nothing else is looked for. */
  configPath?: string;
  /**
   * The folders being compared, the newer side first: a revision folder (or the folder of a
   * loose page), each searched itself, then its parent (the folder of revision folders).
   */
  folders: readonly string[];
  /** The working directory: relative paths are resolved from it, and it is searched last. */
  cwd: string;
}

/**
 * The one way a spec's config is found, for the CLI, the library, the site and the detector:
 *
 * 1. `configPath` (`--config FILE`), when given;
 * 2. else the first `specdelta.config.json` in each compared folder and then its parent,
 *    newer side first (`new`, `new/..`, `old`, `old/..`);
 * 3. else the working directory's;
 * 4. else none: every setting has its default.
 *
 * A config in a searched folder is read only when its real path stays in that folder
 * (confined-files.ts): one that is a link elsewhere is skipped, and said once.
 */
export function loadSpecConfig(search: ConfigSearch): LoadedConfig {
  if (search.configPath) {
    const path = resolve(search.cwd, search.configPath);
    if (!existsSync(path)) throw new InputError(`${search.configPath} (--config) does not exist.`);
    return { config: parseSpecConfig(readFileSync(path, 'utf8'), search.configPath), path };
  }
  for (const dir of configSearchOrder(search)) {
    const real = confinedFile(dir, CONFIG_FILE);
    if (real === null) continue;
    const path = join(dir, CONFIG_FILE);
    return { config: parseSpecConfig(readFileSync(real, 'utf8'), path), path };
  }
  return { config: {}, path: null };
}

/** The folders searched, in order, each once (two sides in one parent share it). */
export function configSearchOrder(search: Pick<ConfigSearch, 'folders' | 'cwd'>): string[] {
  const dirs = search.folders.flatMap((folder) => {
    const dir = resolve(search.cwd, folder);
    return [dir, dirname(dir)];
  });
  return [...new Set([...dirs, resolve(search.cwd)])];
}
