import { SourceError } from './errors.ts';
import { backoffDelay, DEFAULT_RETRY, parseRetryAfter, type RetryPolicy } from './retry.ts';
import { ACCEPT_HEADER, checkContentType } from './verify.ts';
import type { Expect, FetchOutcome, GetRequest, RetryListener } from './types.ts';

/**
 * One GET over HTTP(S) with Node's built-in fetch, made reliable: a timeout on silence
 * (no headers, or no body bytes, for `timeoutMs`), a size cap, a Content-Type check,
 * detection of truncated bodies, conditional requests, and retries with backoff and
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
  timeoutMs: 30_000,
  maxBytes: 20 * 1024 * 1024,
  retry: DEFAULT_RETRY,
  userAgent: 'specdelta/0.1 (+https://github.com/modelcontextprotocol/modelcontextprotocol)',
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
  const controller = new AbortController();
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, options.timeoutMs);
  };
  const headers: Record<string, string> = {
    'user-agent': options.userAgent,
    accept: ACCEPT_HEADER[request.expect],
  };
  const conditional = request.conditional;
  if (conditional?.etag) headers['if-none-match'] = conditional.etag;
  if (conditional?.lastModified) headers['if-modified-since'] = conditional.lastModified;

  arm();
  let response: Response;
  try {
    response = await fetch(url, { headers, signal: controller.signal, redirect: 'follow' });
  } catch (error) {
    clearTimeout(timer);
    if (timedOut) throw new SourceError('timeout', `${url} did not answer within ${seconds(options.timeoutMs)}.`);
    throw error;
  }
  try {
    return await readResponse(url, response, request.expect, conditional != null, options, arm, () => timedOut);
  } catch (error) {
    controller.abort();
    if (timedOut && !(error instanceof SourceError)) {
      throw new SourceError('timeout', `${url} stalled: no data for ${seconds(options.timeoutMs)} while reading the body.`);
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

async function readResponse(
  url: string,
  response: Response,
  expect: Expect,
  sentConditional: boolean,
  options: HttpOptions,
  arm: () => void,
  timedOut: () => boolean,
): Promise<FetchOutcome> {
  const status = response.status;
  if (status === 304 && sentConditional) {
    await discard(response);
    return { status: 'not-modified', url };
  }
  if (status !== 200) {
    await discard(response);
    const text = `${status}${response.statusText ? ` ${response.statusText}` : ''}`;
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
    if (status === 404 || status === 410) throw new SourceError('not-found', `${url} answered ${text}.`);
    if (status === 429) throw new SourceError('rate-limited', `${url} answered ${text} (rate limited).`, { retryAfterMs });
    if (status === 408) throw new SourceError('timeout', `${url} answered ${text}.`);
    if (status >= 500) throw new SourceError('server', `${url} answered ${text}.`, { retryAfterMs });
    throw new SourceError('http', `${url} answered ${text}.`);
  }

  checkContentType(response.headers.get('content-type'), expect, url);
  const declared = declaredLength(response);
  if (declared !== null && declared > options.maxBytes) {
    await discard(response);
    throw new SourceError('too-large', `${url} is ${declared} bytes, over the ${options.maxBytes}-byte size cap.`);
  }

  const chunks: Uint8Array[] = [];
  let received = 0;
  if (response.body) {
    const reader = response.body.getReader();
    arm();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        arm();
        received += value.byteLength;
        if (received > options.maxBytes) {
          throw new SourceError('too-large', `${url} sent more than the ${options.maxBytes}-byte size cap.`);
        }
        chunks.push(value);
      }
    } catch (error) {
      await reader.cancel().catch(() => undefined);
      if (error instanceof SourceError || timedOut()) throw error;
      if (declared !== null && received < declared) {
        throw new SourceError('truncated', `${url} broke off after ${received} of ${declared} bytes.`, { cause: error });
      }
      throw error;
    }
  }
  if (declared !== null && received !== declared) {
    throw new SourceError('truncated', `${url} sent ${received} bytes but announced ${declared}.`);
  }
  return {
    status: 'ok',
    body: Buffer.concat(chunks),
    url,
    finalUrl: response.redirected && response.url !== url ? response.url : null,
    etag: response.headers.get('etag'),
    lastModified: response.headers.get('last-modified'),
  };
}

/** Content-Length, when it counts the bytes we read (not for compressed bodies). */
function declaredLength(response: Response): number | null {
  const encoding = response.headers.get('content-encoding');
  if (encoding && encoding.toLowerCase() !== 'identity') return null;
  const value = response.headers.get('content-length');
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  return Number(value);
}

async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}

const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'DNS lookup failed',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EPIPE: 'connection closed',
  UND_ERR_SOCKET: 'connection closed by the server',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  UND_ERR_HEADERS_TIMEOUT: 'no response headers in time',
  UND_ERR_BODY_TIMEOUT: 'no body data in time',
};

/** Any thrown value as a SourceError; unknown fetch failures count as (retryable) network errors. */
export function toSourceError(thrown: unknown, url: string): SourceError {
  if (thrown instanceof SourceError) return thrown;
  const code = errorCode(thrown);
  const host = hostOf(url);
  if (code === 'ERR_INVALID_URL' || (thrown instanceof TypeError && /invalid url/i.test(thrown.message))) {
    return new SourceError('http', `${url} is not a valid URL.`);
  }
  const why = (code && NETWORK_CODES[code]) ?? innermostMessage(thrown);
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

/** fetch says only "fetch failed"; the reason ("bad port", "other side closed") is in its causes. */
function innermostMessage(error: unknown): string {
  let message = error instanceof Error ? error.message : String(error);
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    message = current.message || message;
    current = current.cause;
  }
  return message;
}

function errorCode(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    const errors = (current as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.length > 0) {
      current = errors[0];
      continue;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function seconds(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`;
}

function stripPeriod(message: string): string {
  return message.endsWith('.') ? message.slice(0, -1) : message;
}
