import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { InputError } from './errors.ts';
import { displayPath } from './paths.ts';

/**
 * The git CLI, for whatever reads a repository: the input reader (two refs of a spec) and
 * the scraper (a local clone as a source). Every command runs without prompting, in English,
 * with every path a literal path.
 */

/**
 * The environment every git command runs in: never prompting, messages in English, and
 * every path a literal path (GIT_LITERAL_PATHSPECS: no `:(top)`, `:!` or wildcard magic in
 * a path that came from a user, a lock or an event payload).
 */
export function gitEnv(): NodeJS.ProcessEnv {
  return { ...process.env, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', GIT_LITERAL_PATHSPECS: '1' };
}

/** Runs the git CLI in `dir`, never prompting; rejects with git's stderr attached. */
export function git(dir: string, args: string[], maxBuffer: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile('git', ['-C', dir, ...args], { encoding: 'buffer', maxBuffer, env: gitEnv() }, (error, stdout, stderr) => {
      if (error) {
        reject(Object.assign(error, { stderr: stderr.toString('utf8') }));
        return;
      }
      resolve(stdout);
    });
  });
}

/** The full commit hash a ref names in the repository at `dir`; an InputError when the folder or the ref is wrong. */
export async function resolveCommit(dir: string, ref: string): Promise<string> {
  if (ref.startsWith('-') || ref.trim() === '') throw new InputError(`"${ref}" is not a git ref.`);
  const info = await stat(dir).catch(() => null);
  if (!info?.isDirectory()) throw new InputError(`the git clone ${displayPath(dir)} does not exist.`);
  try {
    const out = await git(dir, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], 1024 * 1024);
    return out.toString('utf8').trim();
  } catch (error) {
    if (/not a git repository/i.test(String((error as { stderr?: string }).stderr ?? ''))) throw new InputError(`${displayPath(dir)} is not a git repository.`);
    throw new InputError(`${ref} is not a commit, branch or tag in the git clone ${displayPath(dir)}.`);
  }
}
