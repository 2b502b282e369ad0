import { describe, expect, it } from 'vitest';
import { lineDiff, plainSegs, strengthOf, wordDiff, type Seg } from '../../site/lib/segments.ts';

/** The side's text again: adjacent code segments form one code span. */
const text = (segs: Seg[]) => segs.map((s, i) => `${s.code && !segs[i - 1]?.code ? '`' : ''}${s.text}${s.code && !segs[i + 1]?.code ? '`' : ''}`).join('');

describe('site segments', () => {
  it('marks RFC 2119 keywords by strength, longest match first, never inside code', () => {
    const segs = plainSegs('Servers MUST NOT send `MUST` and SHOULD NOT retry; clients MAY, NOT RECOMMENDED, OPTIONAL.');
    expect(segs.filter((s) => s.kw).map((s) => [s.text, s.kw])).toEqual([
      ['MUST NOT', 'must'], ['SHOULD NOT', 'should'], ['MAY', 'may'], ['NOT RECOMMENDED', 'should'], ['OPTIONAL', 'may'],
    ]);
    expect(segs.find((s) => s.code)).toEqual({ text: 'MUST', code: true });
    expect(strengthOf('REQUIRED')).toBe('must');
    expect(strengthOf('RECOMMENDED')).toBe('should');
  });

  it('splits a word diff into what each side shows, losing no character', () => {
    const old = 'Clients SHOULD declare the `elicitation` capability during initialization.';
    const now = 'Clients MUST declare the `elicitation` capability on each request.';
    const diff = wordDiff(old, now);
    expect(text(diff.old)).toBe(old);
    expect(text(diff.new)).toBe(now);
    expect(diff.old.filter((s) => s.op === 'del').map((s) => s.text).join('|')).toContain('SHOULD');
    expect(diff.new.find((s) => s.text === 'MUST')).toEqual({ text: 'MUST', op: 'ins', kw: 'must' });
    expect(diff.old.every((s) => s.op !== 'ins') && diff.new.every((s) => s.op !== 'del')).toBe(true);
  });

  it('keeps a code span whole when a change falls inside it', () => {
    const diff = wordDiff('Use `elicitation/create` now.', 'Use `elicitation/complete` now.');
    expect(text(diff.old)).toBe('Use `elicitation/create` now.');
    expect(diff.new.filter((s) => s.code).map((s) => s.text).join('')).toBe('elicitation/complete');
  });

  it('diffs code by line', () => {
    const diff = lineDiff('{\n  "a": 1,\n  "b": 2\n}\n', '{\n  "a": 1,\n  "c": 3\n}\n');
    expect(diff.old.map((l) => l.op ?? '=')).toEqual(['=', '=', 'del', '=']);
    expect(diff.new.map((l) => l.op ?? '=')).toEqual(['=', '=', 'ins', '=']);
  });
});
