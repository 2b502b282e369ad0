import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PACKAGE_CACHE_DIR } from '../core/cache-dir.ts';
import { InputError } from '../core/errors.ts';
import { FINGERPRINT_FORMAT, validateFingerprints, type FingerprintData } from './fingerprints.ts';
import { digestTree, openSpecTree, type RevisionSetting } from '../input/spec-tree.ts';
// The builder's version lives apart from the builder, so a cache hit loads no differ.
import { BUILDER_VERSION } from './version.ts';

/**
 * Where the detector's fingerprints come from, in order:
 * 1. a file named with `--fingerprints`;
 * 2. the snapshots folder (built from it on first use, then cached by a digest of every
 *    page and schema in it, so a new snapshot rebuilds them and nothing else does);
 * 3. a local upstream mirror named by SPECDELTA_MIRROR (likewise built and cached);
 * 4. the copy shipped in `src/detect/data/fingerprints.json`, so `which` works on a fresh clone.
 */

const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const SHIPPED_FINGERPRINTS = join(packageRoot, 'src/detect/data/fingerprints.json');

export interface FingerprintSource {
  cwd: string;
  /** The snapshots folder (relative to cwd). */
  snapshots: string;
  /** A fingerprints JSON file to use as is. */
  file?: string;
  env?: Record<string, string | undefined>;
  /** Where built fingerprints are cached; false: no cache. */
  cacheDir?: string | false;
  onProgress?: (message: string) => void;
}

export interface LoadedFingerprints {
  data: FingerprintData;
  /** Human words for where they came from ("built from snapshots/", "cache", …). */
  origin: string;
}

export async function loadFingerprints(source: FingerprintSource): Promise<LoadedFingerprints> {
  if (source.file) return { data: await readFingerprintFile(resolve(source.cwd, source.file), source.file), origin: source.file };
  const snapshots = resolve(source.cwd, source.snapshots);
  // The lock is committed but page bodies are fetched: a fresh clone has the one without the other.
  if (await hasSnapshotBodies(snapshots)) return fromTree(snapshots, source.snapshots, source);
  const mirror = source.env?.['SPECDELTA_MIRROR'];
  if (mirror && existsSync(resolve(source.cwd, mirror))) return fromTree(resolve(source.cwd, mirror), mirror, source);
  if (existsSync(SHIPPED_FINGERPRINTS)) return { data: await readFingerprintFile(SHIPPED_FINGERPRINTS, 'the shipped fingerprints'), origin: 'shipped with specdelta' };
  throw new InputError(`there are no fingerprints to detect revisions with: ${source.snapshots}/ has no snapshots.lock.json; run \`specdelta snapshot\` first, set SPECDELTA_MIRROR to a local copy of the spec, or pass --fingerprints FILE.`);
}

async function hasSnapshotBodies(snapshots: string): Promise<boolean> {
  if (!existsSync(join(snapshots, 'snapshots.lock.json'))) return false;
  return readdirSync(snapshots, { withFileTypes: true }).some((entry) => entry.isDirectory());
}

/** Builds (or reads from the cache) the fingerprints of a spec folder in either layout. */
export async function fromTree(dir: string, label: string, source: Pick<FingerprintSource, 'cacheDir' | 'onProgress'> = {}): Promise<LoadedFingerprints> {
  const tree = await openSpecTree(dir, label, { revisionSetting: configuredRevisions });
  const salt = `fingerprints:${FINGERPRINT_FORMAT}`;
  const cacheDir = source.cacheDir === undefined ? PACKAGE_CACHE_DIR : source.cacheDir;
  // Reading and hashing every page (megabytes) costs more than the detection itself: a tree
  // whose files have the sizes and times they had last time has the digest it had then.
  // One stamp file per tree, holding the stamp it was taken with: a different stamp is a miss.
  const stamp = cacheDir && tree.stamp ? await tree.stamp() : null;
  const stampFile = cacheDir && stamp !== null ? join(cacheDir, `${STAMP_PREFIX}${cacheName(`${salt}\0${dir}`)}.json`) : null;
  const stamped = stampFile && stamp !== null ? await readStampedDigest(stampFile, stamp) : null;
  // The digest names the inputs (recorded in the data); the cache key adds the code that reads them.
  const digest = stamped ?? (await digestTree(tree, salt));
  const cacheFile = cacheDir ? join(cacheDir, `${FINGERPRINTS_PREFIX}${cacheName(`${digest}:${BUILDER_VERSION}:${await codeHash()}`)}.json`) : null;
  const remember = async () => {
    if (stampFile && stamped === null) await writeQuietly(stampFile, JSON.stringify({ digest, stamp }), STAMP_PREFIX);
  };
  if (cacheFile && existsSync(cacheFile)) {
    try {
      // Read synchronously, like the stamp: `which` has nothing else to do meanwhile.
      const data = JSON.parse(readFileSync(cacheFile, 'utf8')) as FingerprintData;
      if (validateFingerprints(data) === null && data.source.digest === digest) {
        await remember();
        return { data, origin: `${label} (cached)` };
      }
    } catch {
      /* a broken cache entry is rebuilt below */
    }
  }
  // The differs are loaded only when there is something to build.
  const { buildFingerprints } = await import('./build.ts');
  const data = await buildFingerprints(tree, { digest, onProgress: source.onProgress });
  if (cacheFile) await writeQuietly(cacheFile, JSON.stringify(data), FINGERPRINTS_PREFIX);
  await remember();
  return { data, origin: `${label} (built)` };
}

const FINGERPRINTS_PREFIX = 'fingerprints-';
const STAMP_PREFIX = 'tree-stamp-';

/**
 * A cache file's name: 53 bits of a string hash (cyrb53). Names need no cryptographic
 * strength (what a file holds is checked against what was asked for: the tree's stamp, the
 * data's digest), and node:crypto alone costs a tenth of a warm `which`: it loads only when
 * there is content to digest.
 */
export function cacheName(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}

/** The content digest recorded for a tree with this stamp, or null (none yet, another stamp, or unreadable). */
async function readStampedDigest(file: string, stamp: string): Promise<string | null> {
  try {
    const recorded = JSON.parse(readFileSync(file, 'utf8')) as { digest?: unknown; stamp?: unknown };
    return recorded.stamp === stamp && typeof recorded.digest === 'string' && recorded.digest !== '' ? recorded.digest : null;
  } catch {
    return null;
  }
}

/** The library code the builder runs (detector, model, differs), when its sources can be found; '' otherwise. */
let codeDigest: Promise<string> | null = null;
function codeHash(): Promise<string> {
  codeDigest ??= (async () => {
    const roots = [packageRoot, process.env['SPECDELTA_ROOT']].filter((r): r is string => !!r);
    const root = roots.find((r) => existsSync(join(r, 'src/detect/build.ts')));
    if (!root) return '';
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256');
    for (const part of ['src/detect', 'src/model', 'src/diff', 'src/schema']) {
      const dir = join(root, part);
      if (!existsSync(dir)) continue;
      for (const name of (await readdir(dir)).filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts')).sort()) {
        hash.update(`${part}/${name}\0`).update(await readFile(join(dir, name))).update('\0');
      }
    }
    return hash.digest('hex');
  })();
  return codeDigest;
}

async function readFingerprintFile(path: string, label: string): Promise<FingerprintData> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new InputError(`${label} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'unknown error'}).`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new InputError(`${label} is not valid JSON; build it again with \`npm run fingerprints\`.`);
  }
  const problem = validateFingerprints(value);
  if (problem) throw new InputError(`${label} is not a fingerprints file: ${problem}.`);
  return value as FingerprintData;
}

/** A cache that cannot be written (read-only install) only costs a rebuild next time. */
async function writeQuietly(file: string, text: string, prefix: string): Promise<void> {
  try {
    await mkdir(dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, text);
    await rename(tmp, file);
    // Keep the few newest entries of the kind: each snapshot or code change leaves an old one behind.
    const dir = dirname(file);
    const entries = await Promise.all((await readdir(dir)).filter((n) => n.startsWith(prefix) && /^[\w-]+\.json$/.test(n)).map(async (n) => ({ n, t: (await stat(join(dir, n))).mtimeMs })));
    for (const { n } of entries.sort((a, b) => b.t - a.t).slice(4)) await rm(join(dir, n), { force: true });
  } catch {
    /* no cache this time */
  }
}

/** The `revisions` setting of a folder's spec config, if any (loaded on demand: a warm `which` never reads a config). */
async function configuredRevisions(dir: string): Promise<RevisionSetting | undefined> {
  const { loadSpecConfig } = await import('../config/index.ts');
  return loadSpecConfig({ folders: [dir], cwd: process.cwd() }).config.revisions;
}
