// `npm run build`: builds the site with Astro, unless the site in the output folder was built
// from exactly these inputs (the snapshots, the code, the settings): then there is nothing
// to do, and it says so. Astro itself has no partial build, so a rebuild from unchanged
// inputs would otherwise render every page again only to write the same files.
//
//   node scripts/build-site.mjs            build, or keep an up-to-date build
//   node scripts/build-site.mjs --force    always build (SPECDELTA_FORCE_BUILD=1 too)
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const fromRoot = (path) => (isAbsolute(path) ? path : resolve(root, path));
const outDir = fromRoot(process.env.SPECDELTA_OUT_DIR || 'dist');
const snapshots = fromRoot(process.env.SPECDELTA_SNAPSHOTS || 'snapshots');
const STAMP = '.specdelta-build';
const force = process.argv.includes('--force') || process.env.SPECDELTA_FORCE_BUILD === '1';

/** Everything the built site depends on, hashed: what it is built from, the code that builds it, and how. */
function inputsHash() {
  const hash = createHash('sha256');
  const walk = (path) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path).sort()) if (name !== 'node_modules' && !name.startsWith('.')) walk(join(path, name));
    } else if (!/\.test\.ts$/.test(path)) {
      hash.update(relative(root, path)).update('\0').update(readFileSync(path)).update('\0');
    }
  };
  for (const part of ['site', 'src', 'scraper', 'astro.config.mjs', 'package-lock.json']) walk(join(root, part));
  hash.update('snapshots\0');
  walk(snapshots);
  // The spec's identity too (npm run build:specs sets it, site/lib/spec-identity.ts reads it):
  // every SPECDELTA_SPEC* setting, so one added there needs no second list here.
  const identity = Object.keys(process.env).filter((n) => n.startsWith('SPECDELTA_SPEC')).sort();
  for (const name of ['SPECDELTA_BASE', 'SPECDELTA_SITE', 'SPECDELTA_SNAPSHOTS', 'SPECDELTA_OUT_DIR', ...identity]) hash.update(`${name}=${process.env[name] ?? ''}\0`);
  return hash.digest('hex');
}

const stamp = inputsHash();
const stampFile = join(outDir, STAMP);
if (!force && existsSync(join(outDir, 'index.html')) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) {
  process.stdout.write(`specdelta: the site in ${relative(process.cwd(), outDir) || '.'} is up to date (same snapshots, code and settings); nothing to build. --force builds it anyway.\n`);
  process.exit(0);
}
// A build that fails part-way leaves no stamp behind: the next run builds again.
rmSync(stampFile, { force: true });
const built = spawnSync(process.execPath, [join(root, 'node_modules/astro/astro.js'), 'build', ...process.argv.slice(2).filter((a) => a !== '--force')], { cwd: root, stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 2);
writeFileSync(stampFile, stamp);
