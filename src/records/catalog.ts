import type { CatalogEntry } from './catalog-entry.ts';
import { PAGE_CATALOG } from './page-catalog.ts';
import { SCHEMA_CATALOG } from './schema-catalog.ts';

export type { CatalogEntry } from './catalog-entry.ts';

/**
 * The one catalog: every change id the page differ and the schema differ may emit, listed
 * as plain data in two files and joined here, so what `catalogEntries()` returns never
 * depends on which differ was imported first.
 */
const ALL: readonly CatalogEntry[] = [...PAGE_CATALOG, ...SCHEMA_CATALOG];

const byId = new Map<string, CatalogEntry>();
for (const entry of ALL) {
  // An id defined twice is a programming error, caught the first time anything loads the catalog.
  if (byId.has(entry.id)) throw new Error(`Catalog id "${entry.id}" is defined twice; give the new entry its own id.`);
  byId.set(entry.id, entry);
}

export function catalogEntry(id: string): CatalogEntry {
  const entry = byId.get(id);
  if (!entry) throw new Error(`Change id "${id}" is not in the catalog; add it to src/records/page-catalog.ts or schema-catalog.ts before emitting it.`);
  return entry;
}

export function catalogEntries(): CatalogEntry[] {
  return [...ALL];
}
