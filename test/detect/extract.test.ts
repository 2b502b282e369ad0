import { describe, expect, it } from 'vitest';
import { extractHtml, looksLikeHtml } from '../../src/detect/extract-html.ts';
import { readFixture } from '../../harness/detect-corpus.ts';

describe('HTML extraction', () => {
  it('keeps the article text and code, drops navigation, header, footer, sidebar, head and scripts', () => {
    const text = extractHtml(readFixture('blog-2025-11-25.html'));
    expect(text).toContain('# Connecting GitHub from an MCP server with URL elicitation');
    expect(text).toContain('```json\n{\n  "jsonrpc": "2.0",');
    expect(text).toContain('`notifications/elicitation/complete`');
    expect(text).toContain('[the 2025-11-25 revision](https://modelcontextprotocol.io/specification/2025-11-25/client/elicitation)');
    for (const dropped of ['InputRequiredResult', 'requestState', 'inputResponses', 'Related posts', 'analytics', 'Example Dev Blog', 'float: right']) {
      expect(text, dropped).not.toContain(dropped);
    }
  });

  it('falls back to the body without an article, and skips hidden and boilerplate elements', () => {
    const text = extractHtml('<html><body><div class="cookie-banner">Accept cookies</div><p>Use <code>x/y</code>.</p><div hidden>secret</div><pre class="language-ts"><code>a &lt; b</code></pre></body></html>');
    expect(text).toBe('Use `x/y`.\n\n```ts\na < b\n```\n');
  });

  it('tells HTML from Markdown and MDX', () => {
    expect(looksLikeHtml('<!DOCTYPE html><html><body><p>x</p></body></html>')).toBe(true);
    expect(looksLikeHtml('<article><p>x</p></article>')).toBe(true);
    expect(looksLikeHtml('# Title\n\n<Note>MDX</Note>\n\n<div>text</div>\n')).toBe(false);
    expect(looksLikeHtml(readFixture('elicitation-2026-07-28.md'))).toBe(false);
  });
});
