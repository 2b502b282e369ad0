import { describe, expect, it } from 'vitest';
import { diffSchemaTexts } from '../../src/schema/diff.ts';

/**
 * Schema records that only repeat what other records say, or name what travelled already:
 * editorial, each with the reason, while the changes inside them stay records of their own.
 */
const schema = (defs: Record<string, unknown>) => JSON.stringify({ $schema: 'http://json-schema.org/draft-07/schema#', definitions: defs });
const ref = (name: string) => ({ $ref: `#/definitions/${name}` });
const request = (method: string, params: unknown) => ({ type: 'object', properties: { jsonrpc: { const: '2.0', type: 'string' }, id: { type: 'integer' }, method: { const: method, type: 'string' }, params }, required: ['jsonrpc', 'id', 'method'] });
const find = (changes: ReturnType<typeof diffSchemaTexts>['changes'], id: string, subject: string) => changes.find((c) => c.id === id && c.subject === subject);

describe('schema records that name or repeat', () => {
  it('a params shape spelled inline before and named now is editorial, though it also gained a field (reported on its own)', () => {
    const inline = { type: 'object', properties: { widgetId: { type: 'string' } }, required: ['widgetId'] };
    const named = { type: 'object', properties: { widgetId: { type: 'string' }, reason: { type: 'string' } }, required: ['widgetId'] };
    const { changes } = diffSchemaTexts(schema({ SpinRequest: request('widgets/spin', inline) }), schema({ SpinRequest: request('widgets/spin', ref('SpinParams')), SpinParams: named }));
    expect(find(changes, 'definition-added', 'SpinParams')).toMatchObject({ level: 'editorial' });
    expect(find(changes, 'definition-added', 'SpinParams')?.levelReason).toMatch(/spelled inline/);
    expect(changes.some((c) => c.id === 'field-added' && /reason$/.test(c.subject))).toBe(true);
  });

  it('a response envelope named around a result is editorial; a new result is not', () => {
    const result = { type: 'object', properties: { spins: { type: 'integer' } } };
    const envelope = { type: 'object', properties: { jsonrpc: { const: '2.0', type: 'string' }, id: { type: 'integer' }, result: ref('SpinResult') }, required: ['jsonrpc', 'id', 'result'] };
    const { changes } = diffSchemaTexts(schema({ SpinResult: result }), schema({ SpinResult: result, SpinResultResponse: envelope, StopResult: result }));
    expect(find(changes, 'definition-added', 'SpinResultResponse')?.levelReason).toMatch(/response envelope around `SpinResult`/);
    expect(find(changes, 'definition-added', 'SpinResultResponse')?.level).toBe('editorial');
    expect(find(changes, 'definition-added', 'StopResult')?.level).not.toBe('editorial');
  });

  it('a shape named now is editorial though a request new in this revision refers to it too (the new request is told on its own)', () => {
    const inline = { type: 'object', properties: { cursor: { type: 'string' } } };
    const { changes } = diffSchemaTexts(
      schema({ ListRequest: request('widgets/list', inline) }),
      schema({ ListRequest: request('widgets/list', ref('PageParams')), ListGadgetsRequest: request('gadgets/list', ref('PageParams')), PageParams: inline }),
    );
    expect(find(changes, 'definition-added', 'PageParams')).toMatchObject({ level: 'editorial' });
    expect(find(changes, 'message-added', 'gadgets/list') ?? find(changes, 'definition-added', 'ListGadgetsRequest')).toBeDefined();
  });

  it('a response envelope around a union of results (a result that may also be another kind) is editorial when each is defined', () => {
    const result = { type: 'object', properties: { spins: { type: 'integer' } } };
    const envelope = { type: 'object', properties: { jsonrpc: { const: '2.0', type: 'string' }, id: { type: 'integer' }, result: { anyOf: [ref('SpinResult'), ref('WaitResult')] } }, required: ['jsonrpc', 'id', 'result'] };
    const { changes } = diffSchemaTexts(schema({ SpinResult: result }), schema({ SpinResult: result, WaitResult: result, SpinResultResponse: envelope }));
    expect(find(changes, 'definition-added', 'SpinResultResponse')).toMatchObject({ level: 'editorial' });
    expect(find(changes, 'definition-added', 'SpinResultResponse')?.levelReason).toMatch(/around `SpinResult` or `WaitResult`/);
    expect(find(changes, 'definition-added', 'WaitResult')?.level).not.toBe('editorial');
  });

  it('a union that only gained a new request is editorial (the request is its own record); one that gained a kept definition is not', () => {
    const spin = request('widgets/spin', { type: 'object' });
    const stop = request('widgets/stop', { type: 'object' });
    const old = schema({ SpinRequest: spin, StopRequest: stop, ClientRequest: { anyOf: [ref('SpinRequest')] }, OtherRequest: { anyOf: [ref('SpinRequest')] } });
    const now = schema({ SpinRequest: spin, StopRequest: stop, PauseRequest: request('widgets/pause', { type: 'object' }), ClientRequest: { anyOf: [ref('SpinRequest'), ref('PauseRequest')] }, OtherRequest: { anyOf: [ref('SpinRequest'), ref('StopRequest')] } });
    const { changes } = diffSchemaTexts(old, now);
    const client = changes.find((c) => c.subject === 'ClientRequest' && c.id.startsWith('field-type'));
    expect(client).toMatchObject({ level: 'editorial' });
    expect(client?.levelReason).toMatch(/reported on its own/);
    const other = changes.find((c) => c.subject === 'OtherRequest' && c.id.startsWith('field-type'));
    expect(other?.level).not.toBe('editorial');
    expect(find(changes, 'message-added', 'widgets/pause') ?? find(changes, 'definition-added', 'PauseRequest')).toBeDefined();
  });
});
