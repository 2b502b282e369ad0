// Bundles the GitHub Action (src/action/entry.ts and the library code it calls) into one
// file, action/dist/index.mjs, which action.yml runs with node20: no install step, no
// Astro, no site. The bundle is committed; test/action/bundle.test.ts builds it again and
// fails when the committed file differs, so it never drifts from the sources.
//
//   node scripts/build-action.mjs      (npm run build:action)
//
// Deterministic: the same sources and esbuild version give the same bytes (paths in its
// comments are relative to the repository, no timestamps, no source map).
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const ACTION_BUNDLE = 'action/dist/index.mjs';

/** The bundle's text, built in memory. */
export async function bundleAction() {
  const result = await build({
    absWorkingDir: repoRoot,
    entryPoints: ['src/action/entry.ts'],
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    // ES module builds first: a UMD build (jsonc-parser's main) requires its parts at run time, which a bundle cannot.
    mainFields: ['module', 'main'],
    // CommonJS dependencies that require Node's built-ins need a require in an ES module.
    banner: { js: "import { createRequire as __specdeltaRequire } from 'node:module';\nconst require = __specdeltaRequire(import.meta.url);" },
    legalComments: 'inline',
    charset: 'utf8',
    write: false,
    outfile: ACTION_BUNDLE,
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const text = await bundleAction();
  writeFileSync(join(repoRoot, ACTION_BUNDLE), text);
  process.stdout.write(`${ACTION_BUNDLE}: ${(Buffer.byteLength(text) / 1024).toFixed(0)} KiB\n`);
}
