import type { SpecConfig } from '../config/index.ts';
import type { PageReading } from '../diff/revisions.ts';
import { globMatches } from '../diff/revision/spec-config.ts';
import { namesChangeRecord } from '../diff/revision/informative.ts';

/**
 * Which page of the newer revision is its changelog: the one the spec's config names, else
 * the first informative page (informative.ts judged it so) whose title names a record of
 * changes ("Key Changes", "Release Notes", "Changelog"). Null when the revision has none.
 */
export function findChangelogPage(pages: readonly PageReading[], titleOf: (page: string) => string | null, config: SpecConfig = {}): string | null {
  const present = pages.filter((p) => p.new !== null);
  if (config.changelog !== undefined) return present.find((p) => globMatches(config.changelog!, p.page))?.page ?? null;
  return present.find((p) => p.informative && namesChangeRecord(titleOf(p.page) ?? ''))?.page ?? null;
}
