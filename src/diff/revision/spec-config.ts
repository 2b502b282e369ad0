import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { InputError } from '../../errors.ts';

/**
 * A spec's own say over how its pages are read, in `specdelta.config.json` beside the
 * revision folders (or inside one): `{"informative": ["glob"], "normative": ["glob"]}`.
 * Globs match page ids (`changelog`, `basic/**`); `*` stays within a path segment, `**`
 * crosses them. The derived judgement (informative.ts) applies to pages neither names.
 */
export interface SpecConfig {
  informative: string[];
  normative: string[];
}

export const CONFIG_FILE = 'specdelta.config.json';

export const EMPTY_CONFIG: SpecConfig = { informative: [], normative: [] };

/** The config for a revision folder: its own file, else its parent's (the snapshots folder), else none. */
export function findSpecConfig(revisionDir: string): SpecConfig {
  for (const dir of [revisionDir, dirname(revisionDir)]) {
    const file = join(dir, CONFIG_FILE);
    if (existsSync(file)) return parseSpecConfig(readFileSync(file, 'utf8'), file);
  }
  return EMPTY_CONFIG;
}

export function parseSpecConfig(text: string, source: string): SpecConfig {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new InputError(`${source} is not valid JSON (${(error as Error).message}).`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new InputError(`${source} must hold a JSON object like {"informative": ["changelog"]}.`);
  const list = (key: keyof SpecConfig): string[] => {
    const entry = (value as Record<string, unknown>)[key];
    if (entry === undefined) return [];
    if (!Array.isArray(entry) || entry.some((g) => typeof g !== 'string')) throw new InputError(`${source}: "${key}" must be a list of page globs (strings).`);
    return entry as string[];
  };
  return { informative: list('informative'), normative: list('normative') };
}

/** Which list of the config names the page, if any (normative wins: it is the safer reading). */
export function configuredKind(config: SpecConfig, page: string): 'informative' | 'normative' | null {
  if (config.normative.some((glob) => globMatches(glob, page))) return 'normative';
  if (config.informative.some((glob) => globMatches(glob, page))) return 'informative';
  return null;
}

export function globMatches(glob: string, page: string): boolean {
  const pattern = glob
    .split('/')
    .map((segment) => (segment === '**' ? '\u0000' : segment.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]')))
    .join('/')
    .replace(/\u0000\//g, '(?:.*/)?')
    .replace(/\/\u0000/g, '(?:/.*)?')
    .replace(/\u0000/g, '.*');
  return new RegExp(`^${pattern}$`).test(page.replace(/\.mdx?$/, ''));
}
