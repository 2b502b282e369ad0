import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isUserFacing, InputError } from '../../src/index.ts';
import { journalPath, lockPath, pageFileName, parseLock, type Lock, displayPath } from '../../src/site-entry.ts';

/**
 * The lock the site is built from, read and checked the way the CLI reads it, so a bad lock
 * stops the build with the very sentence `specdelta` prints for it: paths shown relative
 * to the working directory, an InputError naming the file and the problem.
 */
export function readSiteLock(dir: string): Lock {
  const file = lockPath(dir);
  if (!existsSync(file)) {
    throw new InputError(`the site is built from ${displayPath(file)}, which does not exist; run \`node bin/specdelta.js snapshot\` first (or set SPECDELTA_SNAPSHOTS).`);
  }
  if (existsSync(journalPath(dir))) {
    // Pages may already be new while the lock is still old: not one revision set to build from.
    throw new InputError(
      `${displayPath(dir)} is partway through an interrupted snapshot commit (${displayPath(journalPath(dir))}); run \`node bin/specdelta.js snapshot --frozen\` to finish it (\`snapshot --check\` says what it will do), then build.`,
    );
  }
  const lock = parseLock(readFileSync(file, 'utf8'), displayPath(file));
  const missing = lock.pages.map((p) => `${p.revision}/${pageFileName(p.page)}`).filter((path) => !existsSync(join(dir, path)));
  if (missing.length) {
    throw new InputError(
      `${missing.length} locked page(s) are missing from ${displayPath(dir)} (first: ${missing[0]}); run \`node bin/specdelta.js snapshot --frozen\` (or \`snapshot --from DIR\`) to restore them.`,
    );
  }
  return lock;
}

/**
 * Why the site cannot be built from `dir`, as one sentence, or null when it can. The build
 * checks this before Astro starts (astro.config.mjs), because an error thrown while Astro
 * renders a page is printed with a stack trace.
 */
export function siteInputProblem(dir: string): string | null {
  try {
    readSiteLock(dir);
    return null;
  } catch (error) {
    if (isUserFacing(error)) return error.message;
    throw error;
  }
}
