import { describe, expect, it } from 'vitest';
import { inCode } from './code-span.ts';

describe('names in code spans', () => {
  it('wraps a plain name whole', () => {
    expect(inCode('Info Object › name')).toBe('`Info Object › name`');
    expect(inCode('tools/call params.name')).toBe('`tools/call params.name`');
  });

  it('keeps the spans a part already has and wraps only the bare parts', () => {
    expect(inCode('`options` › retries')).toBe('`options` › `retries`');
    expect(inCode('`options` › `retries` › limit')).toBe('`options` › `retries` › `limit`');
  });
});
