// @ts-check
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';

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
  // Scripts ship as files, never inline: the pages' Content-Security-Policy allows only 'self'.
  vite: { build: { assetsInlineLimit: 0 } },
});
