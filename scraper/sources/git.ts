import { InputError } from '../../src/core/errors.ts';
import { displayPath } from '../../src/core/paths.ts';
import { git, resolveCommit } from '../../src/core/git.ts';
import { SourceError } from '../errors.ts';
import type { FetchOutcome, GetRequest, Source } from '../types.ts';

interface HistoryEntry {
  commit: string;
  /** Author date, ISO 8601. */
  date: string;
  subject: string;
}

/**
 * A local git clone at a ref (branch, tag or commit), read with the git CLI without
 * touching the working tree. Every file carries the resolved commit; `history` yields the
 * commits that changed a path, newest first.
 */
export class GitSource implements Source {
  readonly via = 'git' as const;
  readonly label: string;
  private resolved: Promise<string> | null = null;

  constructor(
    private readonly dir: string,
    private readonly ref: string,
    private readonly maxBytes: number,
    cwd: string = process.cwd(),
  ) {
    if (ref.startsWith('-') || ref.trim() === '') throw new InputError(`"${ref}" is not a git ref.`);
    this.label = `${displayPath(dir, cwd)}@${ref}`;
  }

  /** The full commit hash the ref names; an InputError when the folder or ref is wrong. */
  commit(): Promise<string> {
    this.resolved ??= this.resolve();
    return this.resolved;
  }

  private resolve(): Promise<string> {
    return resolveCommit(this.dir, this.ref);
  }

  locate(path: string): string {
    return `git:${this.label}:${path}`;
  }

  async get(path: string, _request: GetRequest): Promise<FetchOutcome> {
    const commit = await this.commit();
    const where = this.locate(path);
    const spec = `${commit}:${path}`;
    let size: number;
    try {
      size = Number((await git(this.dir, ['cat-file', '-s', spec], 1024)).toString('utf8').trim());
    } catch {
      throw new SourceError('not-found', `${where} does not exist.`);
    }
    if (size > this.maxBytes) throw new SourceError('too-large', `${where} is ${size} bytes, over the ${this.maxBytes}-byte size cap.`);
    const body = await git(this.dir, ['cat-file', 'blob', spec], this.maxBytes + 1024);
    return { status: 'ok', body, url: where, finalUrl: null, etag: null, lastModified: null };
  }

  async list(dir: string): Promise<string[]> {
    const commit = await this.commit();
    const out = await git(this.dir, ['ls-tree', '-r', '--name-only', '-z', commit, '--', dir], 64 * 1024 * 1024);
    return out.toString('utf8').split('\0').filter(Boolean).sort();
  }

  /** Commits at or before the ref that changed `path`, newest first. */
  async history(path: string): Promise<HistoryEntry[]> {
    const commit = await this.commit();
    const out = await git(this.dir, ['log', '--format=%H%x1f%aI%x1f%s', commit, '--', path], 16 * 1024 * 1024);
    return out
      .toString('utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [hash = '', date = '', subject = ''] = line.split('\x1f');
        return { commit: hash, date, subject };
      });
  }
}
