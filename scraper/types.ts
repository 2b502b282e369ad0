import type { Via } from './lock.ts';

/** What kind of document a request expects; decides the content-type check and verification. */
export type Expect = 'text' | 'json' | 'html';

/** Validators from an earlier fetch, sent as If-None-Match / If-Modified-Since. */
export interface Conditional {
  etag: string | null;
  lastModified: string | null;
}

interface Fetched {
  status: 'ok';
  body: Buffer;
  /** Where the bytes came from (the URL asked for; for local sources a path). */
  url: string;
  /** The URL after redirects, when it differs. */
  finalUrl: string | null;
  etag: string | null;
  lastModified: string | null;
}

interface NotModified {
  status: 'not-modified';
  url: string;
}

export type FetchOutcome = Fetched | NotModified;

export interface GetRequest {
  expect: Expect;
  conditional?: Conditional | null;
}

/** Called before each retry, so progress output can say what is happening. */
export type RetryListener = (event: { url: string; attempt: number; delayMs: number; reason: string }) => void;

/**
 * A place the spec's files come from. Paths are repository paths ("docs/docs.json",
 * "docs/specification/<rev>/<page>.mdx"). `get` throws a SourceError (kind "not-found"
 * for a missing file).
 */
export interface Source {
  readonly via: Via;
  /** For messages: a URL, a folder, or DIR@REF. */
  readonly label: string;
  /** The upstream commit this source's files belong to, when it pins one. */
  commit(): Promise<string | null>;
  /** The URL (or path) a repository path is read from. */
  locate(path: string): string;
  get(path: string, request: GetRequest): Promise<FetchOutcome>;
  /** Every file under a folder (repository paths), or null when the source cannot list. */
  list(dir: string): Promise<string[] | null>;
}
