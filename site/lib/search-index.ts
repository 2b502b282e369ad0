import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import * as pagefind from 'pagefind';
import { changeSearchRecords } from './search-records.ts';
import { paths } from './urls.ts';

/**
 * Writes the site's static search index (Pagefind) into the built site, after Astro wrote
 * its pages: the revision pages (their `data-pagefind-body` text; every other page is left
 * out) and one record per change of the diff pages (search-records.ts). Returns what it indexed.
 */
export async function writeSearchIndex(dist: string): Promise<{ pages: number; records: number }> {
  const { index, errors } = await pagefind.createIndex({ forceLanguage: 'en' });
  if (!index) throw new Error(`pagefind: ${errors.join('; ')}`);
  try {
    const pages = await index.addDirectory({ path: dist });
    if (pages.errors.length) throw new Error(`pagefind: ${pages.errors.join('; ')}`);
    const records = changeSearchRecords(dist);
    for (const record of records) {
      const added = await index.addCustomRecord(record);
      if (added.errors.length) throw new Error(`pagefind: ${record.url}: ${added.errors.join('; ')}`);
    }
    const written = await index.writeFiles({ outputPath: join(dist, paths.searchIndex()) });
    if (written.errors.length) throw new Error(`pagefind: ${written.errors.join('; ')}`);
    return { pages: pages.page_count, records: records.length };
  } finally {
    await pagefind.close();
  }
}

/** The Astro integration: the index is part of every `astro build` (npm run build, the tests' and the bench's builds). */
export function searchIndex() {
  return {
    name: 'specdelta-search-index',
    hooks: {
      'astro:build:done': async ({ dir, logger }: { dir: URL; logger: { info(message: string): void } }) => {
        const started = performance.now();
        const { pages, records } = await writeSearchIndex(fileURLToPath(dir));
        logger.info(`search index: ${pages} revision pages and ${records} change records in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      },
    },
  };
}
