import type { SpecConfig } from '../config/index.ts';
import type { PageReading } from '../revision/revisions.ts';
import { globMatches } from '../revision/spec-config.ts';
import { namesChangeRecord } from '../revision/informative.ts';

/**
 * Which page of the newer revision is its changelog: the one the spec's config names, else
 * the first page whose title (or first heading) names a record of changes ("Key Changes",
 * "Release Notes", "Changelog"), preferring one informative.ts judged informative. Null
 * when the revision has none.
 */
export function findChangelogPage(pages: readonly PageReading[], titleOf: (page: string) => string | null, config: SpecConfig = {}): string | null {
  const present = pages.filter((p) => p.new !== null);
  if (config.changelog !== undefined) return present.find((p) => globMatches(config.changelog!, p.page))?.page ?? null;
  const named = present.filter((p) => namesChangeRecord(titleOf(p.page) ?? ''));
  // A page judged informative is the surer reading; a page titled so only by its first heading comes next.
  return (named.find((p) => p.informative) ?? named[0])?.page ?? null;
}
