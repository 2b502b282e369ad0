import { resolve } from 'node:path';
import { UsageError } from '../../src/core/errors.ts';
import type { HttpOptions } from '../http.ts';
import { DirSource } from './dir.ts';
import { GitSource } from './git.ts';
import { DEFAULT_BASE_URL, HttpSource } from './http.ts';
import { SiteSource } from './site.ts';
import type { Source } from '../types.ts';

/** The environment variable naming a mirror folder (used when no source flag is given). */
const MIRROR_ENV = 'SPECDELTA_MIRROR';

export interface SourceFlags {
  /** A local folder with the upstream layout. */
  from?: string;
  /** A local git clone, read at `ref`. */
  git?: string;
  ref?: string;
  /** Raw-file base URL including the ref. */
  baseUrl?: string;
  /** The rendered documentation site, for pages with no raw source. */
  site?: string;
}

interface ResolvedSource {
  source: Source;
  site: SiteSource | null;
  /** False when nothing was asked for and the default network source is used. */
  explicit: boolean;
}

/**
 * Picks the source from flags, then the SPECDELTA_MIRROR environment variable, then the
 * upstream raw files over HTTPS. At most one of --from, --git and --base-url.
 */
export async function resolveSource(flags: SourceFlags, context: { cwd: string; env: Record<string, string | undefined>; http: HttpOptions; maxBytes: number }): Promise<ResolvedSource> {
  const given = (['from', 'git', 'baseUrl'] as const).filter((k) => flags[k] !== undefined && flags[k] !== '');
  if (given.length > 1) throw new UsageError(`choose one source: ${given.map(flagName).join(' and ')} cannot be used together.`);
  if (flags.ref !== undefined && flags.git === undefined) throw new UsageError('--ref only applies to a git clone given with --git DIR.');
  const site = flags.site ? new SiteSource(checkUrl(flags.site, '--site'), context.http) : null;
  if (flags.git !== undefined) {
    return { source: new GitSource(resolve(context.cwd, flags.git), flags.ref ?? 'HEAD', context.maxBytes, context.cwd), site, explicit: true };
  }
  if (flags.baseUrl !== undefined) {
    return { source: new HttpSource(checkUrl(flags.baseUrl, '--base-url'), context.http), site, explicit: true };
  }
  const mirror = flags.from ?? (context.env[MIRROR_ENV] || undefined);
  if (mirror !== undefined) {
    const dir = new DirSource(resolve(context.cwd, mirror), context.maxBytes, context.cwd);
    await dir.ensureExists();
    return { source: dir, site, explicit: true };
  }
  return { source: new HttpSource(DEFAULT_BASE_URL, context.http), site, explicit: false };
}

function checkUrl(value: string, flag: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`${flag} ${value} is not a URL (expected http:// or https://…).`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`${flag} ${value} must be an http:// or https:// URL.`);
  return value;
}

function flagName(key: 'from' | 'git' | 'baseUrl'): string {
  return key === 'baseUrl' ? '--base-url' : `--${key}`;
}
