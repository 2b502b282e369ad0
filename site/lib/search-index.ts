import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import * as pagefind from 'pagefind';
import { changeSearchDocuments } from './search-records.ts';
import { revisionPairs } from './spec.ts';
import { paths } from './urls.ts';

/** The built pages search reads (the others carry no `data-pagefind-body`): revision pages and timelines. */
export const SEARCHED_PAGES = '{rev,feature}/**/*.html';

/**
 * Writes the site's static search index (Pagefind) into the built site, after Astro wrote
 * its pages: the revision pages and the pages' timelines (their `data-pagefind-body` text;
 * every other page is left out) and one document per change, at the step that made it
 * (search-records.ts). Returns what it indexed.
 */
export async function writeSearchIndex(dist: string): Promise<{ pages: number; records: number }> {
  const { index, errors } = await pagefind.createIndex({ forceLanguage: 'en' });
  if (!index) throw new Error(`pagefind: ${errors.join('; ')}`);
  try {
    // Only the revision pages and the timelines are searched as pages (their markup says what): the rest is not read.
    const pages = await index.addDirectory({ path: dist, glob: SEARCHED_PAGES });
    if (pages.errors.length) throw new Error(`pagefind: ${pages.errors.join('; ')}`);
    const adjacent = new Set(revisionPairs().filter((p) => p.adjacent).map((p) => `${p.old}/${p.new}`));
    const records = changeSearchDocuments(dist, adjacent);
    for (const record of records) {
      const added = await index.addHTMLFile({ url: record.url, content: record.content });
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
        logger.info(`search index: ${pages} pages and timelines and ${records} changes in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      },
    },
  };
}
