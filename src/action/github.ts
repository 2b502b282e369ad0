import { isObject } from '../core/objects.ts';
import { InputError } from '../core/errors.ts';
import { describeNetworkError } from '../net/network-errors.ts';
import { backoffDelay, DEFAULT_RETRY, parseRetryAfter, type RetryPolicy } from '../net/retry.ts';

/**
 * The GitHub REST calls the Action makes, and nothing else: list a pull request's comments,
 * create one, update one, and (for a token that is not the workflow's) ask whose it is.
 * `fetch` against `GITHUB_API_URL`, so a GitHub Enterprise server (or a test's fake on
 * 127.0.0.1) works the same.
 *
 * The API is input like any other: every call has a time limit (headers and body), 5xx and
 * 429 answers (and a 403 that asks to wait, GitHub's secondary rate limit) are tried again
 * a bounded number of times, honouring Retry-After, and an answer that is not what the
 * endpoint promises (HTML from a proxy, an object where a list belongs) ends the step in one
 * sentence naming the endpoint and what came back.
 */
export interface IssueComment {
  id: number;
  body: string;
  html_url: string;
  /** The comment's author; null for a deleted account ("ghost"). */
  user: { login: string } | null;
}

interface GitHubClient {
  listComments(issue: number): Promise<IssueComment[]>;
  createComment(issue: number, body: string): Promise<IssueComment>;
  updateComment(id: number, body: string): Promise<IssueComment>;
  /** The login the token belongs to (GET /user); null when the token may not ask (an installation token). */
  tokenLogin(): Promise<string | null>;
}

interface GitHubClientOptions {
  /** One call's limit, headers and body together. */
  timeoutMs?: number;
  retry?: RetryPolicy;
}

/** GitHub returns at most 100 comments a page; a long-running pull request has more. */
const PAGE_SIZE = 100;
const MAX_PAGES = 50;
const TIMEOUT_MS = 30_000;
const GITHUB_RETRY: RetryPolicy = { ...DEFAULT_RETRY, retries: 3, baseDelayMs: 1_000 };

/** What an endpoint's answer must be: its value, or what came back instead ("an object where a list belongs"). */
type Check<T> = (value: unknown) => { ok: T } | { problem: string };

export function gitHubClient(apiUrl: string, repository: string, token: string, options: GitHubClientOptions = {}): GitHubClient {
  const api = apiUrl.replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  const retry = options.retry ?? GITHUB_RETRY;

  /** One call, tried again on a transient failure; `path` is what messages name. */
  const call = async <T>(method: string, path: string, check: Check<T>, body?: unknown): Promise<T> => {
    const endpoint = `${method} ${path.replace(/\?.*/, '')}`;
    for (let attempt = 0; ; attempt++) {
      const outcome = await once(method, path, body);
      if (outcome.kind === 'answer') return parseAnswer(endpoint, outcome.status, outcome.contentType, outcome.text, check);
      if (attempt >= retry.retries) throw new InputError(`the GitHub API did not answer ${endpoint} after ${attempt + 1} tries (${outcome.reason}).`);
      const waitMs = outcome.retryAfterMs ?? backoffDelay(attempt, retry);
      if (waitMs > retry.maxRetryAfterMs) throw new InputError(`the GitHub API answered ${endpoint} with ${outcome.reason} and asks to wait ${Math.ceil(waitMs / 1000)} s, longer than this step waits (${retry.maxRetryAfterMs / 1000} s).`);
      await retry.sleep(waitMs);
    }
  };

  type Outcome = { kind: 'answer'; status: number; contentType: string; text: string } | { kind: 'again'; reason: string; retryAfterMs: number | null };

  const once = async (method: string, path: string, body: unknown): Promise<Outcome> => {
    try {
      const response = await fetch(`${api}${path}`, {
        method,
        headers: {
          accept: 'application/vnd.github+json',
          authorization: `Bearer ${token}`,
          'x-github-api-version': '2022-11-28',
          'user-agent': 'specdelta-action',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: 'error',
        // Headers and body together: a server that trickles its answer cannot hold the step.
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await response.text();
      const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
      const transient = response.status >= 500 || response.status === 429 || (response.status === 403 && retryAfterMs !== null);
      if (transient) return { kind: 'again', reason: `HTTP ${response.status}`, retryAfterMs };
      return { kind: 'answer', status: response.status, contentType: response.headers.get('content-type') ?? '', text };
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      return { kind: 'again', reason: timedOut ? `no whole answer within ${timeoutMs / 1000} s` : `could not be reached at ${apiUrl}: ${describeNetworkError(error).reason}`, retryAfterMs: null };
    }
  };

  const repo = `/repos/${repository}`;
  return {
    async listComments(issue) {
      const all: IssueComment[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const batch = await call('GET', `${repo}/issues/${issue}/comments?per_page=${PAGE_SIZE}&page=${page}`, listOf(commentProblem));
        all.push(...batch);
        if (batch.length < PAGE_SIZE) break;
      }
      return all;
    },
    createComment: (issue, body) => call('POST', `${repo}/issues/${issue}/comments`, single(commentProblem), { body }),
    updateComment: (id, body) => call('PATCH', `${repo}/issues/comments/${id}`, single(commentProblem), { body }),
    async tokenLogin() {
      try {
        return await call<string>('GET', '/user', (value) => (isObject(value) && typeof value['login'] === 'string' ? { ok: value['login'] } : { problem: `${describeValue(value)} without a "login"` }));
      } catch (error) {
        // An installation token may not read /user (403 "Resource not accessible by integration").
        if (error instanceof InputError && / HTTP 403\b/.test(error.message)) return null;
        throw error;
      }
    },
  };
}

/** A 2xx answer's JSON, checked; anything else is one sentence naming the endpoint and what came back. */
function parseAnswer<T>(endpoint: string, status: number, contentType: string, text: string, check: Check<T>): T {
  let value: unknown;
  let json = true;
  try {
    value = JSON.parse(text);
  } catch {
    json = false;
  }
  if (status < 200 || status > 299) {
    const detail = json && isObject(value) && typeof value['message'] === 'string' ? `: ${value['message']}` : json || text.trim() === '' ? '' : ` (${describeText(text, contentType)})`;
    const hint = status === 403 || status === 404 ? ' (does the workflow grant `pull-requests: write`?)' : '';
    throw new InputError(`the GitHub API answered ${endpoint} with HTTP ${status}${detail}${hint}.`);
  }
  if (!json) throw new InputError(`the GitHub API answered ${endpoint} with ${describeText(text, contentType)}, not JSON; is GITHUB_API_URL the API (e.g. https://api.github.com), not a web page?`);
  const checked = check(value);
  if ('problem' in checked) throw new InputError(`the GitHub API answered ${endpoint} with ${checked.problem}, not what that endpoint returns.`);
  return checked.ok;
}

function describeText(text: string, contentType: string): string {
  const kind = /html/i.test(contentType) || /^\s*</.test(text) ? 'an HTML page' : contentType ? `${contentType.split(';')[0]} text` : 'text';
  const start = text.trim().slice(0, 40).replace(/\s+/g, ' ');
  return start === '' ? `an empty ${kind}` : `${kind} starting "${start}${text.trim().length > 40 ? '…' : ''}"`;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `a list of ${value.length}`;
  return isObject(value) ? 'an object' : `a ${typeof value}`;
}

/** Why a value is not an issue comment as the API returns one, or null. */
function commentProblem(value: unknown): string | null {
  if (!isObject(value)) return describeValue(value);
  if (typeof value['id'] !== 'number') return 'a comment without a numeric "id"';
  if (typeof value['html_url'] !== 'string') return 'a comment without an "html_url"';
  if (!(value['body'] === null || value['body'] === undefined || typeof value['body'] === 'string')) return 'a comment whose "body" is not text';
  const user = value['user'];
  if (!(user === null || (isObject(user) && typeof user['login'] === 'string'))) return 'a comment whose "user" has no "login"';
  return null;
}

function asComment(value: Record<string, unknown>): IssueComment {
  const user = value['user'] as { login: string } | null;
  return { id: value['id'] as number, body: (value['body'] as string | null | undefined) ?? '', html_url: value['html_url'] as string, user: user ? { login: user.login } : null };
}

function single(problem: (value: unknown) => string | null): Check<IssueComment> {
  return (value) => {
    const wrong = problem(value);
    return wrong === null ? { ok: asComment(value as Record<string, unknown>) } : { problem: wrong };
  };
}

function listOf(problem: (value: unknown) => string | null): Check<IssueComment[]> {
  return (value) => {
    if (!Array.isArray(value)) return { problem: `${describeValue(value)} where a list of comments belongs` };
    for (const [i, item] of value.entries()) {
      const wrong = problem(item);
      if (wrong !== null) return { problem: `a list whose item ${i} is ${wrong}` };
    }
    return { ok: value.map((item) => asComment(item as Record<string, unknown>)) };
  };
}
