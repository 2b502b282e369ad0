import { spawn } from 'node:child_process';
import { posix } from 'node:path';
import { git, gitEnv, resolveCommit } from '../core/git.ts';
import { InputError } from '../core/errors.ts';
import { decode, MAX_INPUT_BYTES } from './read.ts';
import { memoryTree, type RevisionTree } from './revision-tree.ts';
import { assemble, partsNamed } from './includes.ts';
import { PAGE_FILE, stripPageExtension } from './spec-tree.ts';

/**
 * A spec folder at a git ref of a local repository, read with the git CLI without checking
 * anything out: `git ls-tree` lists the pages under the path, one `git cat-file --batch`
 * reads every blob. A reviewer diffs `origin/main` against `HEAD` without touching the
 * working tree.
 */
export interface GitTreeOptions {
  /** The folder of pages inside the repository (`docs/specification/draft`); `.` for the root. */
  spec: string;
  /** A schema.json inside the repository, read at the same ref when given. */
  schema?: string;
  /** How reports name this side; default: the ref as given. */
  label?: string;
  /** Resolves relative repository paths and shortens them in messages. */
  cwd?: string;
}

export async function gitTree(repo: string, ref: string, options: GitTreeOptions): Promise<RevisionTree> {
  const commit = await resolveCommit(repo, ref);
  const spec = normalizeRepoPath(options.spec);
  const where = (path: string) => `${ref}:${path}`;
  const listing = await blobsUnder(repo, commit, spec);
  const pages = listing.filter((entry) => PAGE_FILE.test(entry.path));
  const schema = options.schema === undefined ? null : await blobAt(repo, commit, normalizeRepoPath(options.schema), ref);
  const blobs = await readBlobs(repo, [...pages.map((p) => p.sha), ...(schema ? [schema.sha] : [])], (sha) => where([...pages, schema].find((e) => e?.sha === sha)!.path));
  // A page made of parts (includes.ts) is its assembled text; the parts are read from the same tree and are no pages themselves.
  const byPath = new Map(pages.map((entry) => [relativeTo(spec, entry.path), decode(blobs.get(entry.sha)!, where(entry.path))]));
  const read = (path: string) => byPath.get(path) ?? null;
  const parts = new Set([...byPath].flatMap(([path, text]) => partsNamed(path, text, read)));
  const texts = new Map([...byPath].filter(([path]) => !parts.has(path)).map(([path, text]) => [stripPageExtension(path), assemble(path, text, read).text]));
  const schemaText = schema ? decode(blobs.get(schema.sha)!, where(schema.path)) : null;
  return memoryTree(options.label ?? ref, `${ref}:${spec}`, texts, schemaText);
}

/** One file's text at a ref, or null when the ref has no such file (a plain path, checked like --spec). */
export async function gitFile(repo: string, ref: string, path: string): Promise<string | null> {
  const commit = await resolveCommit(repo, ref);
  const normal = normalizeRepoPath(path);
  const [entry] = (await blobsUnder(repo, commit, normal)).filter((e) => e.path === normal);
  if (!entry) return null;
  const blobs = await readBlobs(repo, [entry.sha], () => `${ref}:${normal}`);
  return decode(blobs.get(entry.sha)!, `${ref}:${normal}`);
}

interface BlobEntry {
  sha: string;
  path: string;
}

/**
 * `docs/specification/draft/` and `./docs/specification/draft` are the same folder; the root
 * is ''. A path is a plain path inside the repository: git's pathspec magic (`:(top)x`,
 * `:!x`, `:/x`) and wildcards (`*`, `?`, `[`) are refused, not read as patterns, and git is
 * run with --literal-pathspecs besides (core/git.ts).
 */
function normalizeRepoPath(path: string): string {
  if (path.startsWith(':')) throw new InputError(`${path} is git pathspec magic, not a path; name the folder plainly, relative to the repository's root (e.g. docs/specification/draft).`);
  if (/[*?[]/.test(path)) throw new InputError(`${path} has a wildcard (*, ? or [), which git would read as a pattern; name one folder plainly, relative to the repository's root.`);
  const normal = posix.normalize(path.replace(/\\/g, '/')).replace(/^\.\/?$/, '').replace(/^\.\//, '').replace(/\/$/, '');
  if (normal.startsWith('../') || normal === '..' || posix.isAbsolute(normal)) throw new InputError(`${path} is not a path inside the repository (give it relative to the repository's root).`);
  return normal;
}

function relativeTo(spec: string, path: string): string {
  return spec === '' ? path : path.slice(spec.length + 1);
}

/** Every blob under a folder at a commit (none when the folder does not exist there). */
async function blobsUnder(repo: string, commit: string, dir: string): Promise<BlobEntry[]> {
  const out = await git(repo, ['ls-tree', '-r', '-z', '--full-tree', commit, '--', ...(dir === '' ? [] : [dir])], 64 * 1024 * 1024);
  return out.toString('utf8').split('\0').filter(Boolean).flatMap((line) => {
    // `<mode> <type> <sha>\t<path>`; submodules (commit) and links are not pages.
    const match = /^\d+ blob ([0-9a-f]+)\t(.*)$/s.exec(line);
    return match && !line.startsWith('120000') ? [{ sha: match[1]!, path: match[2]! }] : [];
  });
}

async function blobAt(repo: string, commit: string, path: string, ref: string): Promise<BlobEntry> {
  const [entry] = (await blobsUnder(repo, commit, path)).filter((e) => e.path === path);
  if (!entry) throw new InputError(`${path} does not exist at ${ref}.`);
  return entry;
}

/** Blob contents by sha, in one `git cat-file --batch` process. */
function readBlobs(repo: string, shas: readonly string[], nameOf: (sha: string) => string): Promise<Map<string, Buffer>> {
  const wanted = [...new Set(shas)];
  if (wanted.length === 0) return Promise.resolve(new Map());
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['-C', repo, 'cat-file', '--batch'], { env: gitEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', (error) => reject(new InputError(`git could not be run (${(error as NodeJS.ErrnoException).code ?? error.message}); install git to diff git refs.`)));
    child.on('close', (code) => {
      if (code !== 0) return reject(new InputError(`git cat-file failed in ${repo} (${stderr.trim() || `exit ${code}`}).`));
      try {
        resolve(parseBatch(Buffer.concat(chunks), wanted, nameOf));
      } catch (error) {
        reject(error);
      }
    });
    child.stdin.end(`${wanted.join('\n')}\n`);
  });
}

/** `<sha> blob <size>\n<bytes>\n` per object, in the order asked. */
function parseBatch(out: Buffer, shas: readonly string[], nameOf: (sha: string) => string): Map<string, Buffer> {
  const blobs = new Map<string, Buffer>();
  let at = 0;
  for (const sha of shas) {
    const end = out.indexOf(10, at);
    const [name, type, size] = out.subarray(at, end).toString('utf8').split(' ');
    if (type !== 'blob' || name !== sha) throw new InputError(`git could not read ${nameOf(sha)} (${out.subarray(at, end).toString('utf8')}).`);
    const length = Number(size);
    if (length > MAX_INPUT_BYTES) throw new InputError(`${nameOf(sha)} is over the ${MAX_INPUT_BYTES / 1024 / 1024} MB limit for one document.`);
    blobs.set(sha, out.subarray(end + 1, end + 1 + length));
    at = end + 1 + length + 1;
  }
  return blobs;
}
