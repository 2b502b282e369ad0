import { describe, expect, it } from 'vitest';
import { constraintShifts, describeConstraints, readConstraints, unionConstraints } from './constraints.ts';

describe('value constraints', () => {
  it('reads only the vocabulary\'s constraint keywords, in a stable order', () => {
    expect(readConstraints({ type: 'string', pattern: '^a', description: 'x', minLength: 2, uniqueItems: false })).toEqual({ minLength: 2, pattern: '^a' });
    expect(Object.keys(readConstraints({ maximum: 3, minimum: 1 }))).toEqual(['maximum', 'minimum']);
  });

  it('knows which way each bound moves the set of valid values', () => {
    expect(constraintShifts({ minimum: 0 }, { minimum: 1 })).toEqual(['narrowing']);
    expect(constraintShifts({ maximum: 10 }, { maximum: 5 })).toEqual(['narrowing']);
    expect(constraintShifts({ maxItems: 5 }, { maxItems: 10 })).toEqual(['widening']);
    expect(constraintShifts({}, { format: 'uri' })).toEqual(['narrowing']);
    expect(constraintShifts({ format: 'uri' }, {})).toEqual(['widening']);
    expect(constraintShifts({ format: 'uri' }, { format: 'email' })).toEqual(['changed']);
    expect(constraintShifts({ minimum: 1 }, { minimum: 1 })).toEqual([]);
  });

  it('a union keeps a keyword only where every branch of its instance type demands it', () => {
    const s = (types: string[], constraints: Record<string, number | string | boolean>) => ({ types, constraints });
    expect(unionConstraints([s(['string'], { maxLength: 8 }), s(['integer'], {})])).toEqual({ maxLength: 8 });
    expect(unionConstraints([s(['string'], { maxLength: 8 }), s(['string'], {})])).toEqual({});
    expect(unionConstraints([s(['string'], { maxLength: 8 }), s(['→Other'], {})])).toEqual({});
    expect(unionConstraints([s(['integer'], { minimum: 0 }), s(['number'], { minimum: 0 })])).toEqual({ minimum: 0 });
  });

  it('describes constraints for messages', () => {
    expect(describeConstraints({ format: 'uri', minLength: 1, uniqueItems: true })).toBe('format "uri", minLength 1, uniqueItems');
  });
});
