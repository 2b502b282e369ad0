import { dirname, isAbsolute, resolve } from 'node:path';
import { revisionFolders } from '../input/spec-tree.ts';
import type { LoadedConfig } from './find.ts';
import type { SpecConfig, SpecEntry } from './spec-config.ts';

/**
 * The specs a config lists (`specs`), each ready to read: its folder resolved from the
 * config's own folder, its settings (the entry's over the top-level ones) and its revisions,
 * ids and order taken from its `revisions` setting or its folder names, whatever their form
 * (input/revision-order.ts). A config without `specs` lists none: its own folder is the spec.
 */
interface ResolvedSpec {
  name: string;
  title: string;
  /** Absolute folder of its revision folders. */
  folder: string;
  /** Its settings: what applies to a diff of two of its revisions. */
  config: SpecConfig;
  /** Its revisions, oldest first. */
  revisions(): string[];
}

export function specsOf(loaded: LoadedConfig, cwd = process.cwd()): ResolvedSpec[] {
  const base = loaded.path === null ? cwd : dirname(resolve(cwd, loaded.path));
  const { specs, ...shared } = loaded.config;
  return (specs ?? []).map((entry: SpecEntry) => {
    const { name, title, folder, ...own } = entry;
    const config: SpecConfig = { ...shared, ...own };
    const at = isAbsolute(folder) ? folder : resolve(base, folder);
    return { name, title: title ?? name, folder: at, config, revisions: () => revisionFolders(at, config.revisions ?? {}) };
  });
}
