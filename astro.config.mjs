// @ts-check
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import { snapshotsDir } from './site/lib/env.ts';
import { siteInputProblem } from './site/lib/lock.ts';
import { astroLeftovers } from './site/lib/astro-leftovers.ts';
import { searchIndex } from './site/lib/search-index.ts';
import { detectorPages } from './site/lib/spec-identity.ts';

/**
 * The specdelta site: static pages generated at build time from snapshots/ by the same
 * library as the CLI. Settings come from the environment so CI, tests and the bench can
 * build into other folders without editing this file:
 *
 *   SPECDELTA_BASE       base path the site is served under (default "/"; e.g. "/specdelta/")
 *   SPECDELTA_SITE       the site's absolute URL (optional; only used for canonical URLs)
 *   SPECDELTA_SNAPSHOTS  snapshot folder to read (default ./snapshots)
 *   SPECDELTA_OUT_DIR    output folder (default ./dist)
 *   SPECDELTA_SITE_CACHE_DIR  content-hash cache of diff results (default ./.cache/site; "off" disables)
 */
const root = fileURLToPath(new URL('.', import.meta.url));
process.env['SPECDELTA_ROOT'] ??= root;

const base = process.env['SPECDELTA_BASE'] || '/';

/**
 * A build whose snapshots cannot be read stops before Astro starts, with the one sentence
 * the CLI prints for the same folder and exit code 2 (thrown later, while Astro renders a
 * page, the same error would come with Astro's stack trace).
 */
const checkSnapshots = {
  name: 'specdelta-snapshots',
  hooks: {
    /** @param {{ command: string }} options */
    'astro:config:setup': ({ command }) => {
      if (command !== 'build') return;
      const problem = siteInputProblem(snapshotsDir());
      if (problem === null) return;
      process.stderr.write(`specdelta: ${problem}\n`);
      process.exit(2);
    },
  },
};

export default defineConfig({
  root,
  srcDir: './site',
  publicDir: './site/public',
  outDir: process.env['SPECDELTA_OUT_DIR'] || './dist',
  cacheDir: process.env['SPECDELTA_ASTRO_CACHE_DIR'] || './node_modules/.astro',
  base,
  site: process.env['SPECDELTA_SITE'] || undefined,
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  devToolbar: { enabled: false },
  // The search index is written after the pages, into <outDir>/pagefind/ (site/lib/search-index.ts).
  integrations: [checkSnapshots, astroLeftovers(), searchIndex(), detectorPages()],
  // Scripts ship as files, never inline: the pages' Content-Security-Policy allows only 'self'.
  vite: { build: { assetsInlineLimit: 0 } },
});
