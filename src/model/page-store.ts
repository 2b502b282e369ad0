import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import { tellOnce } from '../core/notices.ts';
import type { SpecDocument } from './document.ts';
import { isSpecDocument } from './document-shape.ts';

/**
 * Parsed pages on disk, so a page whose text was read before costs a hash and a read, not
 * a parse. A pull request changes a page or two of a revision of a hundred; the revision
 * diff still needs every page's facts (informative or not, the names it uses, its rules),
 * and across runs (a reviewer's second run, CI after a run on the base) those pages are
 * the same texts.
 *
 * Safe by construction: an entry is named by the SHA-256 of the page text, the parse
 * options, and a digest of the code that parsed it (every source file of this folder and
 * the package's dependency lock), so a change to the parser or a dependency never reads
 * an old document. Entries are v8-serialised (a structured clone: `undefined` members and
 * every value come back exactly). Any failure (a read-only folder, a torn or foreign file,
 * two processes writing at once) only means the page is parsed. An entry is used only
 * when it has a document's shape (document-shape.ts): a foreign or damaged one is ignored,
 * parsed again and written over, and the run says so in one line.
 */
export interface PageStore {
  read(key: string): SpecDocument | null;
  write(key: string, document: SpecDocument): void;
}

/** Version folders of other code that nobody has written to for this long are removed. */
const STALE_MS = 7 * 24 * 3600 * 1000;

export function openPageStore(dir: string): PageStore {
  const folder = join(dir, `pages-${codeDigest().slice(0, 16)}`);
  let prepared = false;
  const file = (key: string) => join(folder, `${key.replace(/[^a-z0-9-]/gi, '_')}.v8`);
  return {
    read(key) {
      let bytes: Buffer;
      try {
        bytes = readFileSync(file(key));
      } catch {
        return null;
      }
      let value: unknown;
      try {
        value = deserialize(bytes);
      } catch {
        value = undefined;
      }
      if (isSpecDocument(value)) return value;
      tellOnce(`the page cache ${folder} held entries that are not parsed pages (foreign or damaged); they were ignored, and are parsed and written again.`);
      return null;
    },
    write(key, document) {
      try {
        if (!prepared) {
          prepared = true;
          if (!existsSync(folder)) {
            mkdirSync(folder, { recursive: true });
            removeStale(dir, folder);
          }
        }
        // Written aside and renamed: a reader never sees half an entry.
        const target = file(key);
        const aside = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
        writeFileSync(aside, serialize(document));
        renameSync(aside, target);
      } catch {
        /* a store that cannot be written is a store that misses */
      }
    },
  };
}

/** Page folders of other code versions, untouched for a week (other checkouts share the folder). */
function removeStale(dir: string, current: string): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (!name.startsWith('pages-') || path === current) continue;
    try {
      if (Date.now() - statSync(path).mtimeMs > STALE_MS) rmSync(path, { recursive: true, force: true });
    } catch {
      /* another process removed it first */
    }
  }
}

let digest: string | null = null;

/** This folder's code (sources or compiled output, whichever runs) and the dependency versions it was installed with. */
function codeDigest(): string {
  if (digest !== null) return digest;
  const here = dirname(fileURLToPath(import.meta.url));
  const hash = createHash('sha256');
  for (const name of readdirSync(here).filter((n) => /\.(ts|js)$/.test(n) && !/\.test\.(ts|js)$/.test(n)).sort()) {
    hash.update(`${name}\0`).update(readFileSync(join(here, name))).update('\0');
  }
  const root = packageRoot(here);
  for (const name of ['package.json', 'package-lock.json']) {
    if (root && existsSync(join(root, name))) hash.update(`${name}\0`).update(readFileSync(join(root, name))).update('\0');
  }
  digest = hash.digest('hex');
  return digest;
}

/** The nearest folder above with a package.json (src/model → the repository, lib/src/model → the package). */
function packageRoot(from: string): string | null {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return null;
  }
}
