import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { InputError } from '../core/errors.ts';
import { tellOnce } from '../core/notices.ts';

/**
 * Files under a root the user named, and never a file outside it. Every folder specdelta
 * walks (a revision folder given to `diff`, the source of `snapshot --from`, the spec the
 * detector's fingerprints are built from) is read through here, so a symbolic link in it
 * cannot make specdelta read, print or copy a file elsewhere on the machine.
 *
 * - A link whose real path leaves the root is skipped: not listed, not read.
 * - A link to a file inside the root is listed once: a file already listed at its own
 *   place is not listed again under the link's name.
 * - A link to a folder is never walked: inside the root that folder is walked at its own
 *   place, and a link to an ancestor (`loop -> ..`) would never end.
 *
 * What was skipped is said once per root on stderr (notices.ts), not thrown: the rest of
 * the folder is still a spec.
 */

interface SkippedLink {
  /** The link, relative to the root (`/`-separated). */
  path: string;
  why: 'leaves the root' | 'loops back into a folder above it' | 'is a second name of a file or folder already read' | 'points to nothing';
}

interface ConfinedListing {
  /** Files (relative, `/`-separated, sorted) that `accept` took. */
  files: string[];
  skipped: SkippedLink[];
}

/** The real path of a folder the user named; an InputError naming it when it does not exist. */
function realRoot(root: string): string {
  try {
    return realpathSync(root);
  } catch {
    throw new InputError(`${root} does not exist.`);
  }
}

/** Whether `path` (a real path) is the folder `root` (a real path) or inside it. */
function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/**
 * Every file under `root` whose relative path `accept` takes, with the rules above. `what`
 * names the root in the notice ("the folder b/", "the mirror ../shared/…").
 */
export function listConfinedFiles(root: string, accept: (path: string) => boolean, what = root): ConfinedListing {
  const top = realRoot(root);
  const files: string[] = [];
  const links: { path: string; real: string | null; ancestor: boolean }[] = [];
  const seen = new Set<string>();
  const walk = (dir: string, prefix: string, ancestors: readonly string[]) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    // The folder is a real path and an entry's name one plain component, so the two are joined
    // as they stand: path.join would normalize every path again, a third of a warm `which`'s
    // stamp of the spec's files.
    const base = dir.endsWith(sep) ? dir : `${dir}${sep}`;
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const path = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
      const full = `${base}${entry.name}`;
      if (entry.isSymbolicLink()) {
        const real = realOrNull(full);
        links.push({ path, real, ancestor: real !== null && ancestors.includes(real) });
      } else if (entry.isDirectory()) {
        walk(full, path, [...ancestors, full]);
      } else if (entry.isFile() && accept(path)) {
        files.push(path);
        seen.add(full);
      }
    }
  };
  walk(top, '', [top]);

  // Links last, so a file met at its own place keeps its own name.
  const skipped: SkippedLink[] = [];
  for (const link of links) {
    if (link.real === null) {
      if (accept(link.path)) skipped.push({ path: link.path, why: 'points to nothing' });
      continue;
    }
    if (!isInside(top, link.real)) skipped.push({ path: link.path, why: 'leaves the root' });
    else if (link.ancestor) skipped.push({ path: link.path, why: 'loops back into a folder above it' });
    else if (isDirectory(link.real)) skipped.push({ path: link.path, why: 'is a second name of a file or folder already read' });
    else if (accept(link.path)) {
      if (seen.has(link.real)) skipped.push({ path: link.path, why: 'is a second name of a file or folder already read' });
      else {
        seen.add(link.real);
        files.push(link.path);
      }
    }
  }
  tellSkipped(what, skipped);
  return { files: files.sort(), skipped };
}

/**
 * The real path of `path` (relative to `root`, or absolute) when it is a file inside the
 * root; null when there is no such file. A file that exists but whose real path leaves the
 * root is null too, and said once on stderr.
 */
export function confinedFile(root: string, path: string, what = root): string | null {
  const top = realOrNull(root);
  const real = realOrNull(resolve(root, path));
  if (top === null || real === null) return null;
  if (!isInside(top, real)) {
    tellSkipped(what, [{ path: relative(root, resolve(root, path)).split(sep).join('/'), why: 'leaves the root' }]);
    return null;
  }
  return isFile(real) ? real : null;
}

/** A file inside the root as UTF-8 text; an InputError naming it when it is not there or leaves the root. */
export function readConfinedText(root: string, path: string, what = root): string {
  const real = confinedFile(root, path, what);
  if (real === null) throw new InputError(`${join(what, path)} is not a file inside ${what}.`);
  return readFileSync(real, 'utf8');
}

function tellSkipped(what: string, skipped: readonly SkippedLink[]): void {
  if (skipped.length === 0) return;
  const list = skipped.map((s) => `${s.path} (${s.why === 'leaves the root' ? `leaves ${what}` : s.why})`).join(', ');
  tellOnce(`skipped ${skipped.length === 1 ? 'a link' : `${skipped.length} links`} in ${what}: ${list}.`);
}

function realOrNull(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}

function isDirectory(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;
}

function isFile(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;
}
