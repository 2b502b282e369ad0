import type { Envelope } from '../core/envelopes.ts';
import { isSchemaLike } from './schema-like.ts';
import { isObject } from '../core/objects.ts';

/**
 * JSON-RPC 2.0 framing (the catalog of envelope shapes): which kind of message an example
 * shows, and the field paths under its params / result / error.
 */
interface ClassifiedMessage {
  envelope: Envelope;
  method: string | null;
  body: Record<string, unknown> | null;
  bodyKey: 'params' | 'result' | 'error';
  errorCode: number | null;
}

export function classifyMessage(value: unknown): ClassifiedMessage | null {
  if (!isObject(value)) return null;
  const framed = 'jsonrpc' in value || 'id' in value;
  if (typeof value['method'] === 'string') {
    const envelope: Envelope = !framed ? 'bare-call' : 'id' in value ? 'request' : 'notification';
    return { envelope, method: value['method'], body: isObject(value['params']) ? value['params'] : null, bodyKey: 'params', errorCode: null };
  }
  if (framed && 'result' in value) {
    return { envelope: 'result', method: null, body: isObject(value['result']) ? value['result'] : null, bodyKey: 'result', errorCode: null };
  }
  if (framed && isObject(value['error'])) {
    const code = value['error']['code'];
    return { envelope: 'error', method: null, body: value['error'], bodyKey: 'error', errorCode: typeof code === 'number' ? code : null };
  }
  return null;
}

const MAX_DEPTH = 1;

/**
 * Field paths directly below a message body (`params.x`): nested objects there are mostly
 * example payloads (form contents, schemas, capability maps) that have models of their
 * own, and reading them as protocol fields would report example edits as field changes.
 */
export function fieldPaths(prefix: string, body: Record<string, unknown>, depth = 1): string[] {
  const paths: string[] = [];
  for (const [key, child] of Object.entries(body)) {
    const path = `${prefix}.${key}`;
    paths.push(path);
    if (depth >= MAX_DEPTH || isSchemaLike(child)) continue;
    if (isObject(child)) paths.push(...fieldPaths(path, child, depth + 1));
    else if (Array.isArray(child) && isObject(child[0])) paths.push(...fieldPaths(`${path}[]`, child[0], depth + 1));
  }
  return paths;
}
