/**
 * What went wrong when fetch failed, in words. fetch itself says only "fetch failed"; the
 * system's code (ECONNREFUSED, …) or undici's reason ("bad port") is somewhere in its causes.
 */

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

interface NetworkFailure {
  /** The system or undici error code, when there is one. */
  code: string | null;
  /** A short phrase for a message: "connection refused", "bad port". */
  reason: string;
}

export function describeNetworkError(thrown: unknown): NetworkFailure {
  const code = errorCode(thrown);
  return { code, reason: (code && NETWORK_CODES[code]) ?? innermostMessage(thrown) };
}

/** The innermost message ("bad port", "other side closed") of a chain of causes. */
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
