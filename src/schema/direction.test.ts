import { describe, expect, it } from 'vitest';
import { directionsOf, describeDirection } from './direction.ts';
import { messagesOf } from './messages.ts';
import { parseSchemaText } from './model.ts';

const msg = (method: string, envelope = true) => ({
  type: 'object',
  properties: { ...(envelope ? { jsonrpc: { const: '2.0' }, id: { type: 'integer' } } : {}), method: { type: 'string', const: method }, params: { $ref: '#/$defs/P' } },
});

const model = parseSchemaText(JSON.stringify({
  $defs: {
    P: { type: 'object', properties: { level: { $ref: '#/$defs/Level' } } },
    Level: { enum: ['a', 'b'] },
    AskRequest: msg('ask'),
    TellRequest: msg('tell'),
    PingRequest: msg('ping'),
    EmbeddedRequest: msg('embedded', false),
    AskResult: { type: 'object' },
    // Parties, whatever they are called: Alice and Bob.
    AliceRequest: { anyOf: [{ $ref: '#/$defs/AskRequest' }, { $ref: '#/$defs/PingRequest' }] },
    AliceResult: { $ref: '#/$defs/AskResult' },
    BobRequest: { anyOf: [{ $ref: '#/$defs/TellRequest' }, { $ref: '#/$defs/PingRequest' }] },
    BobResult: { anyOf: [{ $ref: '#/$defs/AskResult' }, { $ref: '#/$defs/Holder' }] },
    Holder: { type: 'object', properties: { inner: { $ref: '#/$defs/Wrap' } } },
    Wrap: { type: 'object', additionalProperties: { $ref: '#/$defs/Group' } },
    // A union named like a party's group, but one role only: not a party.
    GroupRequest: { anyOf: [{ $ref: '#/$defs/EmbeddedRequest' }] },
    Group: { anyOf: [{ $ref: '#/$defs/EmbeddedRequest' }] },
  },
}));

describe('direction from the schema\'s own unions', () => {
  const directions = directionsOf(model);

  it('finds the parties by their groups, without knowing their names', () => {
    expect(directions.parties).toEqual(['Alice', 'Bob']);
    expect(directions.groups.get('AliceRequest')).toEqual({ party: 'Alice', role: 'request', members: ['AskRequest', 'PingRequest'] });
    expect(directions.groups.has('GroupRequest')).toBe(false);
  });

  it('propagates flows through references', () => {
    expect(directions.flows.get('Level')?.map((f) => `${f.sender}:${f.role}`).sort()).toEqual(['Alice:request', 'Bob:request', 'Bob:result']);
    expect(describeDirection(directions, directions.membership.get('AskRequest')!)).toBe('alice → bob');
    expect(describeDirection(directions, directions.membership.get('PingRequest')!)).toBe('either');
  });

  it('tells JSON-RPC messages from embedded ones, and where the embedded ones travel', () => {
    const messages = messagesOf(model, directions);
    expect(messages.get('ask')?.envelope).toBe('request');
    const embedded = messages.get('embedded')!;
    expect(embedded.envelope).toBe('embedded');
    expect(embedded.container).toBe('Holder.inner');
    expect(embedded.flows).toEqual([{ sender: 'Bob', role: 'result' }]);
  });
});
