import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { InputError } from '../../src/core/errors.ts';
import { confinedFile, listConfinedFiles } from '../../src/input/confined-files.ts';
import { SourceError } from '../errors.ts';
import { displayPath } from '../../src/core/paths.ts';
import type { FetchOutcome, GetRequest, Source } from '../types.ts';

const COMMIT = /^[0-9a-f]{40}$/;

/**
 * A local folder with the upstream layout: a clone's working tree, or a mirror such as
 * `../shared/mcp-spec/refs/main`. When the folder is named after a full commit hash (a
 * mirror of `refs/<commit>`), that commit is recorded in the lock.
 */
export class DirSource implements Source {
  readonly via = 'dir' as const;
  readonly label: string;

  constructor(
    private readonly root: string,
    private readonly maxBytes: number,
    private readonly cwd: string = process.cwd(),
  ) {
    this.label = displayPath(root, cwd);
  }

  /** Throws an InputError when the folder does not exist. */
  async ensureExists(): Promise<void> {
    try {
      const info = await stat(this.root);
      if (!info.isDirectory()) throw new InputError(`the mirror ${this.label} is not a directory.`);
    } catch (error) {
      if (error instanceof InputError) throw error;
      throw new InputError(`the mirror directory ${this.label} does not exist.`);
    }
  }

  /**
   * The upstream commit the folder holds: its name when that is a full commit hash
   * (`refs/<commit>`), else what a mirror index says for its name: a `refs.json` next to
   * it or one level up (`mcp-spec/refs.json` for `mcp-spec/refs/main`) of the form
   * `{ "<name>": { "commit": "<40 hex>" } }`. Else unknown.
   */
  async commit(): Promise<string | null> {
    const name = basename(this.root);
    if (COMMIT.test(name)) return name;
    for (const index of [join(dirname(this.root), 'refs.json'), join(dirname(this.root), '..', 'refs.json')]) {
      try {
        const data = JSON.parse(await readFile(index, 'utf8')) as Record<string, unknown>;
        const entry = data[name] as { commit?: unknown } | undefined;
        if (typeof entry?.commit === 'string' && COMMIT.test(entry.commit)) return entry.commit;
      } catch {
        // no index here
      }
    }
    return null;
  }

  locate(path: string): string {
    return displayPath(join(this.root, ...path.split('/')), this.cwd);
  }

  /** A file inside the folder; one whose real path leaves it (a link out) is not read (confined-files.ts). */
  async get(path: string, _request: GetRequest): Promise<FetchOutcome> {
    const where = this.locate(path);
    const file = confinedFile(this.root, path, this.label);
    if (file === null) {
      throw new SourceError('not-found', existsSync(join(this.root, ...path.split('/'))) ? `${where} is not a file inside ${this.label}.` : `${where} does not exist.`);
    }
    try {
      const info = await stat(file);
      if (info.size > this.maxBytes) throw new SourceError('too-large', `${where} is ${info.size} bytes, over the ${this.maxBytes}-byte size cap.`);
      const body = await readFile(file);
      return { status: 'ok', body, url: where, finalUrl: null, etag: null, lastModified: null };
    } catch (error) {
      if (error instanceof SourceError) throw error;
      throw new SourceError('network', `${where} cannot be read (${(error as Error).message}).`, { cause: error });
    }
  }

  /** Every file under a folder of the mirror, links that leave it or loop skipped (and said once). */
  async list(dir: string): Promise<string[]> {
    const start = join(this.root, ...dir.split('/'));
    if (!existsSync(start)) return [];
    const prefix = dir.replace(/\/+$/, '');
    return listConfinedFiles(start, () => true, `${this.label}/${prefix}`).files.map((file) => (prefix === '' ? file : `${prefix}/${file}`));
  }
}
