import { InputError } from '../core/errors.ts';

/**
 * Revision and page ids become folder and file names under a snapshots folder
 * (`snapshots/<revision>/<page>.mdx`), so every place that accepts one from a user, a lock
 * file or an upstream listing checks it here: an id that passed cannot leave the folder.
 */

const REVISION_ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const PAGE_SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

export function isRevisionId(id: string): boolean {
  return REVISION_ID.test(id) && !/^\.+$/.test(id);
}

/** Why a string is not a page id (`client/elicitation`, `schema.json`), or null when it is one. */
export function pageIdProblem(page: string): string | null {
  if (page === '') return 'it is empty';
  if (page.startsWith('/') || page.startsWith('\\')) return 'it starts with a slash';
  const segments = page.split('/');
  if (segments.some((s) => /^\.+$/.test(s))) return 'it has a "." or ".." segment';
  if (segments.some((s) => s === '')) return 'it has an empty segment ("//" or a trailing "/")';
  const odd = segments.find((s) => !PAGE_SEGMENT.test(s));
  if (odd !== undefined) return `its part "${odd}" has a character other than letters, digits, ".", "_" and "-"`;
  return null;
}

export function isPageId(page: string): boolean {
  return pageIdProblem(page) === null;
}

/** Throws the one sentence a user sees for a bad revision id. */
export function assertRevisionId(revision: string): void {
  if (!isRevisionId(revision)) throw new InputError(`"${revision}" is not a revision id (expected something like 2025-11-25 or draft).`);
}

/**
 * Throws the one sentence a user sees for a bad page id; `input` is what they typed
 * (`2025-11-25:../x`), so the message names it.
 */
export function assertPageId(page: string, input = page): void {
  const problem = pageIdProblem(page);
  if (problem === null) return;
  const named = input === page ? `"${page}"` : `${input} names the page "${page}", which`;
  throw new InputError(`${named} is not a page id: ${problem} (expected something like client/elicitation or schema.json).`);
}
