import type { SpecDocument } from './document.ts';
import { isObject } from '../core/objects.ts';

/**
 * Whether a value read back from outside this process (the page store's files) has the
 * shape of a SpecDocument: every member present with its type, every element of every list
 * an object with the members the differ reads unchecked (texts, lines, section ids). A
 * value that passes is used as parsed; one that does not is a page to parse again. One
 * pass over the lists: a fraction of what deserialising them cost.
 */

type Kind = 'string' | 'number' | 'string?' | 'number?' | 'array' | 'object';
type Shape = Record<string, Kind>;

const ELEMENT: Record<string, Shape> = {
  sections: { id: 'string', heading: 'string', depth: 'number', path: 'array', anchor: 'string', lines: 'object', parentId: 'string?' },
  prose: { text: 'string', line: 'number', sectionId: 'string' },
  rules: { text: 'string', keyword: 'string', keywords: 'array', actor: 'string?', actors: 'array', line: 'number', sectionId: 'string', leadIn: 'string?' },
  codeBlocks: { lang: 'string?', value: 'string', line: 'number', bodyLine: 'number?', sectionId: 'string', caption: 'string?', captionTerms: 'array' },
  messages: { envelope: 'string', method: 'string?', key: 'string', fieldPaths: 'array', container: 'string?', errorCode: 'number?', line: 'number', sectionId: 'string' },
  fields: { owner: 'string', path: 'string', name: 'string', type: 'string?', options: 'array', description: 'string?', origin: 'string', line: 'number', sectionId: 'string' },
  capabilities: { name: 'string', location: 'string', options: 'array', line: 'number', sectionId: 'string' },
  errorCodes: { code: 'number', name: 'string?', line: 'number', sectionId: 'string' },
  terms: { token: 'string', line: 'number', sectionId: 'string', count: 'number' },
  diagnostics: { message: 'string' },
};


function fits(value: unknown, kind: Kind): boolean {
  switch (kind) {
    case 'array': return Array.isArray(value);
    case 'object': return isObject(value);
    case 'string?': return value === null || typeof value === 'string';
    case 'number?': return value === null || typeof value === 'number';
    default: return typeof value === kind;
  }
}

export function isSpecDocument(value: unknown): value is SpecDocument {
  if (!isObject(value) || !(value['title'] === null || typeof value['title'] === 'string')) return false;
  for (const [list, shape] of Object.entries(ELEMENT)) {
    const items = value[list];
    if (!Array.isArray(items)) return false;
    for (const item of items) {
      if (!isObject(item)) return false;
      for (const key in shape) if (!fits(item[key], shape[key]!)) return false;
    }
  }
  return true;
}
