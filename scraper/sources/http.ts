import { httpGet, type HttpOptions } from '../http.ts';
import type { FetchOutcome, GetRequest, Source } from '../types.ts';

/** The upstream repository's raw files; `<root>/<ref>/<path>`. */
export const UPSTREAM_RAW_ROOT = 'https://raw.githubusercontent.com/modelcontextprotocol/modelcontextprotocol';

/** The upstream repository's raw files at `main`; a mirror or a test server can stand in (--base-url). */
export const DEFAULT_BASE_URL = `${UPSTREAM_RAW_ROOT}/main`;

const COMMIT = /^[0-9a-f]{40}$/;

/**
 * Raw files over HTTP(S): `<baseUrl>/<repository path>`. The base URL includes the ref
 * (branch or commit), as raw-file hosts lay it out; when its last segment is a full commit
 * hash, that commit is recorded in the lock. A raw host cannot list folders, so revisions
 * and pages come from the navigation file.
 */
export class HttpSource implements Source {
  readonly via = 'http' as const;
  readonly label: string;
  private readonly base: string;

  constructor(
    baseUrl: string,
    private readonly options: HttpOptions,
  ) {
    this.base = baseUrl.replace(/\/+$/, '');
    this.label = this.base;
  }

  async commit(): Promise<string | null> {
    const last = this.base.split('/').pop() ?? '';
    return COMMIT.test(last) ? last : null;
  }

  locate(path: string): string {
    return `${this.base}/${path.split('/').map(encodeURIComponent).join('/')}`;
  }

  get(path: string, request: GetRequest): Promise<FetchOutcome> {
    return httpGet(this.locate(path), request, this.options);
  }

  async list(): Promise<null> {
    return null;
  }
}
