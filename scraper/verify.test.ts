import { describe, expect, it } from 'vitest';
import { SourceError } from './errors.ts';
import { checkContentType, verifyBody } from './verify.ts';

describe('content checks', () => {
  it('accepts raw-host content types and refuses HTML where Markdown or JSON is expected', () => {
    expect(() => checkContentType('text/plain; charset=utf-8', 'text', 'u')).not.toThrow();
    expect(() => checkContentType(null, 'json', 'u')).not.toThrow();
    expect(() => checkContentType('text/html; charset=utf-8', 'text', 'u')).toThrow(/content type text\/html where a Markdown\/MDX file was expected \(an error or login page\?\)/);
    expect(() => checkContentType('text/plain', 'html', 'u')).toThrow(SourceError);
  });

  it('sniffs an HTML document served as text, checks UTF-8 and JSON', () => {
    const enc = (s: string) => new TextEncoder().encode(s);
    expect(verifyBody(enc('---\ntitle: X\n---\n<div id="a" />\n'), 'text', 'u')).toMatch(/^---/);
    expect(() => verifyBody(enc('\n<!DOCTYPE html><html></html>'), 'text', 'u')).toThrow(/returned an HTML page/);
    expect(() => verifyBody(new Uint8Array([0xff, 0xfe, 0x41]), 'text', 'u')).toThrow(/not valid UTF-8/);
    expect(() => verifyBody(enc('{"a":'), 'json', 'u')).toThrow(/u is not valid JSON/);
    expect(() => verifyBody(enc(''), 'text', 'u')).toThrow('u answered with an empty body (0 bytes) where a Markdown/MDX file was expected.');
    expect(() => verifyBody(enc(' \n\t '), 'json', 'u')).toThrow('u answered with only whitespace (4 bytes) where a JSON file was expected.');
    expect(() => verifyBody(enc('\n'), 'html', 'u')).toThrow(/only whitespace/);
    try {
      verifyBody(enc('{"a":'), 'json', 'u');
    } catch (error) {
      expect((error as SourceError).kind).toBe('invalid');
      expect((error as SourceError).retryable).toBe(false);
    }
  });
});
