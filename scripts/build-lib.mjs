// Compiles src/ and scraper/ into lib/ (tsconfig.build.json) and stamps the build with the
// sources it was made from (scripts/lib-stamp.mjs), so bin/specdelta.js runs lib/ only
// while it matches them.
//
//   node scripts/build-lib.mjs             always a clean build (npm run build:lib, prepack)
//   node scripts/build-lib.mjs --if-stale  only when lib/ is missing or stale (prepare, run by npm ci)
import { spawnSync } from 'node:child_process';
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { libIsFresh, sourceStamp, STAMP_FILE } from './lib-stamp.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ifStale = process.argv.includes('--if-stale');

if (ifStale && libIsFresh(root)) process.exit(0);

let tsc;
try {
  tsc = createRequire(join(root, 'package.json')).resolve('typescript/bin/tsc');
} catch {
  // An install without dev dependencies cannot compile; that must not fail the install itself.
  if (ifStale) {
    process.stderr.write('specdelta: typescript is not installed, so lib/ is not built; the CLI runs the sources through tsx.\n');
    process.exit(0);
  }
  process.stderr.write('specdelta: typescript is not installed; run npm ci first.\n');
  process.exit(2);
}

// Taken before compiling: an edit made while tsc runs leaves the build stale, as it is.
const stamp = sourceStamp(root);
rmSync(join(root, 'lib'), { recursive: true, force: true });
const compiled = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { cwd: root, stdio: 'inherit' });
if (compiled.status !== 0) process.exit(compiled.status ?? 2);
cpSync(join(root, 'src/detect/data'), join(root, 'lib/src/detect/data'), { recursive: true });
writeFileSync(join(root, STAMP_FILE), stamp);
