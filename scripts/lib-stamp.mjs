// Whether lib/ (the tsc build) was compiled from the sources as they are now. Plain
// JavaScript with no dependency: bin/specdelta.js asks this on every start in a checkout,
// before any TypeScript loader exists, so it must cost a few milliseconds, not a hash of
// every source file.
//
// The stamp is the list of every build input with its size and modification time (what
// make and git's index trust too): an edit, a new file, a deleted file or a checkout of
// another commit changes it. scripts/build-lib.mjs records it in lib/ after a successful
// build, taken before tsc started, so an edit made during the build reads as stale.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What tsconfig.build.json compiles, and what shapes its output. */
const INPUT_DIRS = ['src', 'scraper'];
const INPUT_FILES = ['tsconfig.json', 'tsconfig.build.json'];

export const STAMP_FILE = 'lib/.build-stamp';

/** One line per build input: `path size mtime`, sorted, so equal trees give equal text. */
export function sourceStamp(root) {
  const lines = [];
  // Paths are joined by hand: path.join on every file costs more than the stat calls themselves.
  const base = root.replace(/[\\/]+$/, '');
  const add = (relative) => {
    const stats = statSync(`${base}/${relative}`, { throwIfNoEntry: false });
    if (stats) lines.push(`${relative} ${stats.size} ${stats.mtimeMs}`);
  };
  const walk = (relative) => {
    let entries;
    try {
      entries = readdirSync(`${base}/${relative}`, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = `${relative}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else add(path);
    }
  };
  INPUT_DIRS.forEach(walk);
  INPUT_FILES.forEach(add);
  return lines.sort().join('\n');
}

/** True when lib/ holds a finished build of exactly the current sources. */
export function libIsFresh(root) {
  let recorded;
  try {
    recorded = readFileSync(join(root, STAMP_FILE), 'utf8');
  } catch {
    return false;
  }
  return recorded === sourceStamp(root);
}
