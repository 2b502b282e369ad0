/**
 * Protocol shapes in one parsed example object: which methods travel as standalone JSON-RPC
 * messages and which are embedded in something else, where capabilities are declared, and
 * which keys and values it uses. The same reading serves the fingerprint builder (on the
 * spec's own examples) and the detector (on a tutorial's), so both name shapes alike.
 * Browser-safe, no dependencies.
 */

import type { Framing } from '../core/envelopes.ts';
import { isObject } from '../core/objects.ts';
import { declaredCapabilities } from '../model/capabilities.ts';

export interface ShapeFacts {
  /** `framed`: a JSON-RPC request or notification on its own; `embedded`: a method object inside another object. */
  envelopes: { method: string; envelope: Framing; container: string | null }[];
  /** `location` is the JSON path of the object the capability is declared in, relative to the message body. */
  capabilities: { name: string; location: string; options: string[] }[];
  /** Every key at every depth. */
  keys: Set<string>;
  /** Every string value at every depth. */
  strings: Set<string>;
  /** Values of `method` keys at every depth, framed or not. */
  methods: Set<string>;
  /** Keys and string values inside protocol messages (framed, or bearing a method): where an ordinary word can be a protocol name. */
  messageKeys: Set<string>;
  messageStrings: Set<string>;
  /** Codes of JSON-RPC error responses. */
  errorCodes: number[];
  /** The keys of each object, at every depth (an object's shape, matched against the schema's definitions). */
  objects: string[][];
}

export function emptyFacts(): ShapeFacts {
  return { envelopes: [], capabilities: [], keys: new Set(), strings: new Set(), methods: new Set(), messageKeys: new Set(), messageStrings: new Set(), errorCodes: [], objects: [] };
}

/** Reads one example (a parsed JSON value or a loosely parsed object literal) into `facts`. */
export function readShapes(value: unknown, facts: ShapeFacts = emptyFacts()): ShapeFacts {
  if (Array.isArray(value)) {
    for (const item of value) readShapes(item, facts); // a JSON-RPC batch
    return facts;
  }
  if (!isObject(value)) return facts;
  const framed = 'jsonrpc' in value || ('id' in value && ('method' in value || 'result' in value || 'error' in value));
  collect(value, facts, 0, framed || typeof value['method'] === 'string');
  let body: unknown = value;
  if (typeof value['method'] === 'string') {
    if (framed) facts.envelopes.push({ method: value['method'], envelope: 'framed', container: null });
    body = value['params'];
  } else if (framed && 'result' in value) {
    body = value['result'];
  } else if (framed && isObject(value['error'])) {
    const code = value['error']['code'];
    if (typeof code === 'number') facts.errorCodes.push(code);
    body = value['error'];
  }
  embedded(value, [], facts, true);
  facts.capabilities.push(...declaredCapabilities(body));
  return facts;
}

function collect(value: unknown, facts: ShapeFacts, depth: number, inMessage: boolean): void {
  if (depth > 40) return;
  if (typeof value === 'string') {
    facts.strings.add(value);
    if (inMessage) facts.messageStrings.add(value);
  } else if (Array.isArray(value)) for (const item of value) collect(item, facts, depth + 1, inMessage);
  else if (isObject(value)) {
    const message = inMessage || typeof value['method'] === 'string';
    if (facts.objects.length < 500) facts.objects.push(Object.keys(value));
    for (const [key, child] of Object.entries(value)) {
      facts.keys.add(key);
      if (message) facts.messageKeys.add(key);
      if (key === 'method' && typeof child === 'string') facts.methods.add(child);
      collect(child, facts, depth + 1, message);
    }
  }
}

/** Method-bearing objects below the top that carry no JSON-RPC framing of their own. */
function embedded(value: unknown, path: string[], facts: ShapeFacts, top: boolean): void {
  if (path.length > 40) return;
  if (Array.isArray(value)) {
    for (const item of value) embedded(item, path, facts, false);
    return;
  }
  if (!isObject(value)) return;
  if (!top && typeof value['method'] === 'string' && !('jsonrpc' in value)) {
    facts.envelopes.push({ method: value['method'], envelope: 'embedded', container: containerName(path) });
  }
  for (const [key, child] of Object.entries(value)) embedded(child, [...path, key], facts, false);
}

/** The key holding an embedded object: the map it sits in (`pendingCalls.github_login` → `pendingCalls`), else its own key. */
function containerName(path: string[]): string | null {
  const named = path.filter((key) => key !== 'params' && key !== 'result');
  if (named.length >= 2) return named[named.length - 2]!;
  return named[0] ?? null;
}


