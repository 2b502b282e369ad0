import { describe, expect, it } from 'vitest';
import { keywordCaseDeclared } from './keyword-case.ts';
import { keywordsIn } from './rules.ts';

describe('keyword case', () => {
  it('is any-case only where the spec says so beside its RFC 2119 reference', () => {
    expect(keywordCaseDeclared('The key words … are to be interpreted as described in RFC 2119. These key words may appear in lowercase and keep their meaning.')).toBe('any-case');
    expect(keywordCaseDeclared('Key words are interpreted as in BCP 14 [RFC2119] [RFC8174] when, and only when, they appear in all capitals.')).toBe('uppercase');
    expect(keywordCaseDeclared('Write lowercase names. Nothing normative here.')).toBe('uppercase');
  });

  it('reads lower-case keywords only in any-case mode', () => {
    expect(keywordsIn('A server must not retry.')).toEqual([]);
    expect(keywordsIn('A server must not retry.', 'any-case')).toEqual(['MUST NOT']);
  });
});
