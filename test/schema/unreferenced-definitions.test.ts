import { describe, expect, it } from 'vitest';
import { diffSchemas } from '../../src/library.ts';

/**
 * A new definition nothing refers to, whose every field shapes of both schemas already had
 * (a common part named for code generators), changes nothing on the wire: editorial, saying
 * why. A new definition a message uses, or one that brings fields nobody had, keeps its level.
 */
const schema = (defs: Record<string, unknown>) => JSON.stringify({ $schema: 'http://json-schema.org/draft-07/schema#', definitions: defs });
const request = (method: string, params: unknown) => ({ type: 'object', properties: { jsonrpc: { const: '2.0', type: 'string' }, id: { type: 'integer' }, method: { const: method, type: 'string' }, params }, required: ['jsonrpc', 'id', 'method'] });
const uriParams = { type: 'object', properties: { uri: { type: 'string' } } };

describe('new definitions nothing refers to', () => {
  const before = schema({ ReadRequest: request('items/read', uriParams), WatchRequest: request('items/watch', uriParams) });
  const after = schema({
    ReadRequest: request('items/read', { $ref: '#/definitions/ReadParams' }),
    ReadParams: { type: 'object', properties: { uri: { type: 'string' }, depth: { type: 'integer' } } },
    WatchRequest: request('items/watch', uriParams),
    ItemParamsBase: { type: 'object', properties: { uri: { type: 'string' } } },
    ItemStats: { type: 'object', properties: { views: { type: 'integer' } } },
  });
  const { changes } = diffSchemas(before, after);
  const added = (name: string) => changes.find((c) => c.id === 'definition-added' && c.subject === name);

  it('are editorial when shapes of both schemas already had every field', () => {
    expect(added('ItemParamsBase')).toMatchObject({ level: 'editorial', levelReason: expect.stringMatching(/Nothing in the schema refers to ItemParamsBase, and ReadRequest, WatchRequest already had every field/) });
  });

  it('keep their level when a message uses them, or when their fields are new', () => {
    expect(added('ReadParams')?.levelReason ?? '').not.toMatch(/Nothing in the schema refers/);
    expect(added('ItemStats')).toMatchObject({ level: 'non-breaking' });
  });
});
