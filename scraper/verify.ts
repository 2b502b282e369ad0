import { SourceError } from './errors.ts';
import type { Expect } from './types.ts';

const ACCEPTED: Record<Expect, readonly string[]> = {
  text: ['text/plain', 'text/markdown', 'text/x-markdown', 'text/mdx', 'text/x-mdx', 'application/octet-stream'],
  json: ['application/json', 'application/schema+json', 'text/plain', 'text/json', 'application/octet-stream'],
  html: ['text/html', 'application/xhtml+xml'],
};

export const ACCEPT_HEADER: Record<Expect, string> = {
  text: 'text/plain, text/markdown;q=0.9, */*;q=0.1',
  json: 'application/json, text/plain;q=0.9, */*;q=0.1',
  html: 'text/html, application/xhtml+xml;q=0.9',
};

/** The media type without parameters, lower-cased; null when absent. */
function mediaType(contentType: string | null): string | null {
  if (contentType === null) return null;
  const type = contentType.split(';')[0]?.trim().toLowerCase();
  return type ? type : null;
}

/** Rejects a response whose Content-Type is not the kind of document asked for. */
export function checkContentType(contentType: string | null, expect: Expect, url: string): void {
  const type = mediaType(contentType);
  if (type === null) return; // many raw hosts and mirrors send none; the body check still runs
  if (ACCEPTED[expect].includes(type)) return;
  throw new SourceError('content-type', `${url} answered with content type ${type} where ${documentKind(expect)} was expected${type === 'text/html' ? ' (an error or login page?)' : ''}.`);
}

function documentKind(expect: Expect): string {
  return expect === 'html' ? 'an HTML page' : expect === 'json' ? 'a JSON file' : 'a Markdown/MDX file';
}

const HTML_DOCUMENT = /^\s*(?:<!doctype\s+html|<html[\s>]|<head[\s>])/i;

/**
 * Checks the bytes are the document asked for and returns its text: valid UTF-8, not empty
 * or whitespace only (a server or CDN that answers 200 with no content has not sent the
 * page, whatever its status says), not an HTML page where Markdown or JSON was expected,
 * and parseable JSON for a schema.
 */
export function verifyBody(body: Uint8Array, expect: Expect, url: string): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(body);
  } catch {
    if (expect === 'html') return new TextDecoder('utf-8').decode(body);
    throw new SourceError('invalid', `${url} is not valid UTF-8 text.`);
  }
  if (text.trim() === '') {
    const what = body.byteLength === 0 ? 'an empty body (0 bytes)' : `only whitespace (${body.byteLength} bytes)`;
    throw new SourceError('invalid', `${url} answered with ${what} where ${documentKind(expect)} was expected.`);
  }
  if (expect === 'html') return text;
  if (HTML_DOCUMENT.test(text.slice(0, 512))) {
    throw new SourceError('content-type', `${url} returned an HTML page where ${documentKind(expect)} was expected (an error or login page?).`);
  }
  if (expect === 'json') {
    try {
      JSON.parse(text);
    } catch (error) {
      throw new SourceError('invalid', `${url} is not valid JSON (${(error as Error).message}).`);
    }
  }
  return text;
}
