import { describe, expect, it } from 'vitest';
import { parentPath, parseSchemaText } from './model.ts';

const schema = (defs: Record<string, unknown>, key = '$defs') => parseSchemaText(JSON.stringify({ $schema: 'https://json-schema.org/draft/2020-12/schema', [key]: defs }, null, 2));

describe('definitions → fields', () => {
  it('flattens nested objects, arrays and maps into paths with types, required-ness, values', () => {
    const model = schema({
      Msg: {
        type: 'object',
        properties: {
          method: { type: 'string', const: 'x/y' },
          params: {
            type: 'object',
            properties: {
              mode: { type: 'string', enum: ['b', 'a'] },
              items: { type: 'array', items: { $ref: '#/$defs/Item' } },
              meta: { type: 'object', additionalProperties: { type: 'string' } },
              'io.example/key': { type: 'string' },
            },
            required: ['mode'],
            additionalProperties: false,
          },
        },
        required: ['method'],
      },
      Item: { type: 'object' },
    });
    const msg = model.byName.get('Msg')!;
    const view = Object.fromEntries([...msg.fields].map(([p, f]) => [p, `${f.required ? 'R' : 'O'} ${f.types.join('|')} ${f.values?.join(',') ?? '*'} ${f.additional ?? '-'}`]));
    expect(view).toEqual({
      '': 'R object * open',
      method: 'R string "x/y" -',
      params: 'O object * closed',
      'params.mode': 'R string "a","b" -',
      'params.items': 'O array * -',
      'params.items[]': 'R →Item * -',
      'params.meta': 'O object * open',
      'params.meta{}': 'R string * -',
      'params["io.example/key"]': 'O string * -',
    });
    expect(msg.message).toEqual({ method: 'x/y', jsonrpc: false, id: false, params: true });
    expect(msg.refs).toEqual(['Item']);
    expect(msg.fields.get('params.mode')?.line).toBe(14);
  });

  it('reads draft-07 definitions and 2020-12 $defs alike, refs spelled either way', () => {
    const a = schema({ A: { properties: { b: { $ref: '#/definitions/B' } } }, B: { type: 'string' } }, 'definitions');
    const b = schema({ A: { properties: { b: { $ref: '#/$defs/B' } } }, B: { type: 'string' } });
    expect(a.byName.get('A')!.signature).toBe(b.byName.get('A')!.signature);
    expect(a.defsKey).toBe('definitions');
    expect(b.defsKey).toBe('$defs');
  });

  it('unions: $ref members are type atoms, inline members merge, required only when all require', () => {
    const model = schema({
      U: { anyOf: [{ $ref: '#/$defs/A' }, { type: 'null' }] },
      V: { oneOf: [{ type: 'object', properties: { a: { type: 'string' }, b: {} }, required: ['a', 'b'] }, { type: 'object', properties: { a: { type: 'integer' } }, required: ['a'] }] },
      E: { allOf: [{ $ref: '#/$defs/A' }, { properties: { code: { const: -32042 } }, required: ['code'] }] },
      A: { type: 'object' },
    });
    expect(model.byName.get('U')!.fields.get('')!.types).toEqual(['null', '→A']);
    const v = model.byName.get('V')!.fields;
    expect(v.get('a')).toMatchObject({ required: true, types: ['integer', 'string'] });
    expect(v.get('b')).toMatchObject({ required: false });
    const e = model.byName.get('E')!;
    expect(e.fields.get('')!.extends).toEqual(['A']);
    expect(e.errorCode).toBe(-32042);
  });

  it('paths know their parents, including quoted keys', () => {
    expect(parentPath('a.b')).toBe('a');
    expect(parentPath('a[]')).toBe('a');
    expect(parentPath('a{}')).toBe('a');
    expect(parentPath('_meta["io.x/y"]')).toBe('_meta');
    expect(parentPath('_meta["io.x/y"].z')).toBe('_meta["io.x/y"]');
    expect(parentPath('top')).toBe('');
  });
});
