import { describe, expect, it } from 'vitest';
import { rangeBoundOffsets } from './code-ranges.ts';

/** The numbers of `text` that bound a range, read back from their offsets. */
const bounds = (text: string) => [...rangeBoundOffsets(text)].sort((a, b) => a - b).map((at) => /^`?[-\u2212]?\d+`?/.exec(text.slice(at))![0].replace(/`/g, ''));

describe('range bounds are no codes', () => {
  it('reads the usual ways of writing a range', () => {
    expect(bounds('Use codes in the range `-31999` to `-31900` only.')).toEqual(['-31999', '-31900']);
    expect(bounds('Codes from -31500 through -31400 are free.')).toEqual(['-31500', '-31400']);
    expect(bounds('Any status between `460` and `469`.')).toEqual(['460', '469']);
    expect(bounds('Reserved: `-31800`\u2013`-31700`.')).toEqual(['-31800', '-31700']);
    expect(bounds('Reserved: [-31800, -31700].')).toEqual(['-31800', '-31700']);
    expect(bounds('Reserved: (-31800, -31700].')).toEqual(['-31800', '-31700']);
  });

  it('a code standing on its own, a list of codes and a mapping between codes are no range', () => {
    expect(bounds('Return error code `-31801` (`Throttled`).')).toEqual([]);
    expect(bounds('The standard codes (`-31700`, `-31701`) apply.')).toEqual([]);
    expect(bounds('Clients send `-31801` and `-31802`.')).toEqual([]);
    expect(bounds('Servers SHOULD map `-31801` to `-31802`.')).toEqual([]);
    expect(bounds('Renumber `-31801` to `-31901`; `-31802` \u2192 `-31902`.')).toEqual([]);
    expect(bounds('Servers return `-31801` to clients.')).toEqual([]);
  });

  it('only the bounds: a code beside a range is still a code', () => {
    expect(bounds('Within `-31999` to `-31900`, `-31950` means busy.')).toEqual(['-31999', '-31900']);
  });
});
