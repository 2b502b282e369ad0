import type { SpecConfig } from '../config/index.ts';
import { matchGlob } from '../config/glob.ts';
import { stripPageExtension } from '../input/spec-tree.ts';

/**
 * What a spec's config (config/spec-config.ts) says about its pages: `informative` and
 * `normative` are globs of page ids (`changelog`, `basic/**`); `*` stays within a path
 * segment, `**` crosses them. The derived judgement (informative.ts) applies to pages
 * neither names.
 */

export const EMPTY_CONFIG: SpecConfig = {};

/** Which list of the config names the page, if any (normative wins: it is the safer reading). */
export function configuredKind(config: SpecConfig, page: string): 'informative' | 'normative' | null {
  if ((config.normative ?? []).some((glob) => globMatches(glob, page))) return 'normative';
  if ((config.informative ?? []).some((glob) => globMatches(glob, page))) return 'informative';
  return null;
}

/** A page-id glob against a page id (config/glob.ts: linear, no regular expression); an extension on either (`CHANGELOG.md`) is ignored. */
export function globMatches(glob: string, page: string): boolean {
  return matchGlob(stripPageExtension(glob), stripPageExtension(page));
}
