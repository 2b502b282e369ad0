import { describe, expect, it } from 'vitest';
import { diffSchemas } from '../../src/library.ts';

/**
 * A new definition nothing refers to (a base kept for code generators, no message carries it)
 * changes nothing on the wire: editorial, saying why. One a message uses keeps its level.
 */
const schema = (defs: Record<string, unknown>) => JSON.stringify({ $schema: 'http://json-schema.org/draft-07/schema#', definitions: defs });
const request = (params: unknown) => ({ type: 'object', properties: { jsonrpc: { const: '2.0', type: 'string' }, id: { type: 'integer' }, method: { const: 'items/read', type: 'string' }, params }, required: ['jsonrpc', 'id', 'method'] });

describe('new definitions nothing refers to', () => {
  it('are editorial, and one a message uses is not', () => {
    const before = schema({ ReadRequest: request({ type: 'object', properties: { uri: { type: 'string' } } }) });
    const after = schema({
      ReadRequest: request({ $ref: '#/definitions/ReadParams' }),
      ReadParams: { type: 'object', properties: { uri: { type: 'string' }, depth: { type: 'integer' } } },
      ItemParamsBase: { type: 'object', properties: { uri: { type: 'string' } } },
    });
    const { changes } = diffSchemas(before, after);
    const added = (name: string) => changes.find((c) => c.id === 'definition-added' && c.subject === name);
    expect(added('ItemParamsBase')).toMatchObject({ level: 'editorial', levelReason: expect.stringMatching(/Nothing in the schema refers to ItemParamsBase/) });
    expect(added('ReadParams')?.levelReason ?? '').not.toMatch(/Nothing in the schema refers/);
  });
});
