import { DEFAULT_IDLE_MS, fetchCapped, FetchLimitError, fetchLimits, MAX_DOCUMENT_BYTES, USER_AGENT, type FetchLimitKind } from '../src/net/capped-fetch.ts';
import { describeNetworkError } from '../src/net/network-errors.ts';
import { SourceError, type FailureKind } from './errors.ts';
import { backoffDelay, DEFAULT_RETRY, parseRetryAfter, type RetryPolicy } from '../src/net/retry.ts';
import { ACCEPT_HEADER, checkContentType } from './verify.ts';
import type { Expect, FetchOutcome, GetRequest, RetryListener } from './types.ts';

/**
 * One GET over HTTP(S) made reliable: the shared capped reader (src/net/capped-fetch.ts:
 * a timeout on silence of `timeoutMs`, a total budget, a streamed size cap, truncation
 * detection) plus a Content-Type check, conditional requests, and retries with backoff and
 * jitter on network errors, timeouts, 5xx and 429 (honouring Retry-After). 404 and the
 * other client errors are not retried.
 */
export interface HttpOptions {
  timeoutMs: number;
  maxBytes: number;
  retry: RetryPolicy;
  userAgent: string;
  onRetry?: RetryListener;
}

export const DEFAULT_HTTP: HttpOptions = {
  timeoutMs: DEFAULT_IDLE_MS,
  maxBytes: MAX_DOCUMENT_BYTES,
  retry: DEFAULT_RETRY,
  userAgent: USER_AGENT,
};

export async function httpGet(url: string, request: GetRequest, options: HttpOptions): Promise<FetchOutcome> {
  const policy = options.retry;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await attemptOnce(url, request, options);
    } catch (thrown) {
      const error = toSourceError(thrown, url);
      if (!error.retryable) throw error;
      if (attempt >= policy.retries) {
        if (attempt === 0) throw error;
        throw new SourceError(error.kind, `${stripPeriod(error.message)} (gave up after ${attempt + 1} attempts).`, { cause: error });
      }
      let delay = backoffDelay(attempt, policy);
      if (error.retryAfterMs !== null) {
        if (error.retryAfterMs > policy.maxRetryAfterMs) {
          throw new SourceError(
            error.kind,
            `${url} asked to wait ${Math.ceil(error.retryAfterMs / 1000)} s before retrying, longer than the ${Math.ceil(policy.maxRetryAfterMs / 1000)} s specdelta waits.`,
          );
        }
        delay = error.retryAfterMs;
      }
      options.onRetry?.({ url, attempt: attempt + 1, delayMs: delay, reason: stripPeriod(error.message) });
      await policy.sleep(delay);
    }
  }
}

async function attemptOnce(url: string, request: GetRequest, options: HttpOptions): Promise<FetchOutcome> {
  const headers: Record<string, string> = {
    'user-agent': options.userAgent,
    accept: ACCEPT_HEADER[request.expect],
  };
  const conditional = request.conditional;
  if (conditional?.etag) headers['if-none-match'] = conditional.etag;
  if (conditional?.lastModified) headers['if-modified-since'] = conditional.lastModified;
  const limits = fetchLimits(options.timeoutMs, options.maxBytes);
  return fetchCapped(url, { headers, limits }, (response, readBody) => readResponse(url, response, readBody, request.expect, conditional != null));
}

async function readResponse(url: string, response: Response, readBody: () => Promise<Buffer>, expect: Expect, sentConditional: boolean): Promise<FetchOutcome> {
  const status = response.status;
  if (status === 304 && sentConditional) return { status: 'not-modified', url };
  if (status !== 200) {
    const text = `${status}${response.statusText ? ` ${response.statusText}` : ''}`;
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
    if (status === 404 || status === 410) throw new SourceError('not-found', `${url} answered ${text}.`);
    if (status === 429) throw new SourceError('rate-limited', `${url} answered ${text} (rate limited).`, { retryAfterMs });
    if (status === 408) throw new SourceError('timeout', `${url} answered ${text}.`);
    if (status >= 500) throw new SourceError('server', `${url} answered ${text}.`, { retryAfterMs });
    throw new SourceError('http', `${url} answered ${text}.`);
  }
  checkContentType(response.headers.get('content-type'), expect, url);
  return {
    status: 'ok',
    body: await readBody(),
    url,
    finalUrl: response.redirected && response.url !== url ? response.url : null,
    etag: response.headers.get('etag'),
    lastModified: response.headers.get('last-modified'),
  };
}

/** The shared reader's limits, as the retry policy sees them. */
const LIMIT_KINDS: Record<FetchLimitKind, FailureKind> = { timeout: 'timeout', 'too-large': 'too-large', truncated: 'truncated' };

/** Any thrown value as a SourceError; unknown fetch failures count as (retryable) network errors. */
export function toSourceError(thrown: unknown, url: string): SourceError {
  if (thrown instanceof SourceError) return thrown;
  if (thrown instanceof FetchLimitError) return new SourceError(LIMIT_KINDS[thrown.kind], thrown.message, { cause: thrown });
  const { code, reason: why } = describeNetworkError(thrown);
  const host = hostOf(url);
  if (code === 'ERR_INVALID_URL' || (thrown instanceof TypeError && /invalid url/i.test(thrown.message))) {
    return new SourceError('http', `${url} is not a valid URL.`);
  }
  // fetch refuses some URLs before any connection (the Fetch standard's blocked ports, a
  // scheme it does not speak): asking again cannot help, so these are not network errors.
  if (code === null && /^(bad port|unknown scheme)$/.test(why)) {
    return new SourceError('http', `${url} cannot be fetched (${why === 'bad port' ? 'fetch refuses that port' : 'fetch speaks only http and https'}).`, { cause: thrown });
  }
  if (code === 'ENOTFOUND') return new SourceError('no-host', `cannot reach ${host} (${why}) to fetch ${url}; when offline, use --from DIR or SPECDELTA_MIRROR=DIR for a local mirror.`, { cause: thrown });
  if (code === 'ECONNREFUSED' || code === 'EAI_AGAIN' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH') {
    return new SourceError('network', `cannot reach ${host} (${why}) to fetch ${url}.`, { cause: thrown });
  }
  return new SourceError('network', `fetching ${url} failed (${why}).`, { cause: thrown });
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function stripPeriod(message: string): string {
  return message.endsWith('.') ? message.slice(0, -1) : message;
}
