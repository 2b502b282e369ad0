import { describe, expect, it } from 'vitest';
import { wholeQuote } from '../../site/lib/messages.ts';

describe('a quote made whole (issue 29: a message shows its whole operative clause)', () => {
  const rule = (text: string) => ({ after: { text, line: 1 }, before: null });

  it('gives back the sentence a report cut after its keyword, or before it', () => {
    expect(wholeQuote('New MUST rule: Servers SHOULD NOT assume that elicitation requests will always succeed, and MUST handle…', rule('Servers SHOULD NOT assume that elicitation requests will always succeed, and MUST handle declines gracefully.')))
      .toBe('New MUST rule: Servers SHOULD NOT assume that elicitation requests will always succeed, and MUST handle declines gracefully.');
    expect(wholeQuote('New MUST rule: …fields marked as required MUST be included on every request.', rule('All `_meta` fields marked as required MUST be included on every request.')))
      .toBe('New MUST rule: All `_meta` fields marked as required MUST be included on every request.');
    expect(wholeQuote('Widget `a` moved. The MUST rule now reads: …capability in `b` on each request:', rule('Clients MUST declare the capability in `b` on each request:')))
      .toBe('Widget `a` moved. The MUST rule now reads: Clients MUST declare the capability in `b` on each request:');
  });

  it('leaves a message alone when the record does not hold its quote, or nothing was cut', () => {
    expect(wholeQuote('New MUST rule: Servers MUST spin…', rule('Hubs MUST rotate.'))).toBe('New MUST rule: Servers MUST spin…');
    expect(wholeQuote('Field `x` removed.', rule('x'))).toBe('Field `x` removed.');
    expect(wholeQuote('New MUST rule: Servers MUST spin…', undefined)).toBe('New MUST rule: Servers MUST spin…');
  });
});
