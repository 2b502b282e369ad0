import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderPage, rewriteLink, type RenderContext } from '../../site/lib/render.ts';
import { fixturesDir } from '../../harness/paths.ts';

const context: RenderContext = {
  revision: '2025-11-25',
  page: 'client/elicitation',
  upstreamOrigin: 'https://modelcontextprotocol.io',
  // Like the site's resolver: the page itself, else its index page.
  resolvePage: (revision, page) => {
    const known = ['basic/lifecycle', 'basic/index'];
    const found = [page, `${page}/index`].find((p) => known.includes(p));
    return found ? `/rev/${revision}/${found}/` : null;
  },
};

describe('rendering a spec page for the site', () => {
  it('renders the hostile fixture with no script, handler, javascript: URL or active element', () => {
    for (const side of ['old', 'new']) {
      const { html, title } = renderPage(readFileSync(join(fixturesDir, 'site/hostile', `${side}.mdx`), 'utf8'), context);
      expect(html).not.toMatch(/<script|<style|<iframe|<object|<embed|<form|<base|<meta|<link|<svg|<math/i);
      expect(html).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
      expect(html).not.toMatch(/(href|src|action|formaction|data)\s*=\s*"\s*(javascript|data|vbscript):/i);
      expect(html).not.toMatch(/<[^>]*\sstyle\s*=/i);
      expect(html).not.toMatch(/id="sd-content"/);
      // The text is kept, escaped.
      expect(html).toContain('&#x3C;script>window.__pwned = \'code-span\'&#x3C;/script>');
      expect(title).toContain('<script>');
    }
  });

  it('lets the keyboard reach code blocks and tables that scroll, and no link hides inside a summary', () => {
    const text = '```json\n{ "a": 1 }\n```\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n<details>\n<summary>Example: <a href="#x" aria-label="Permalink"></a>cursor <a href="#y">here</a></summary>\n\nBody with [a link](#z).\n\n</details>\n';
    const { html } = renderPage(text, context);
    expect(html).toMatch(/<pre tabindex="0">/);
    expect(html).toMatch(/<table tabindex="0">/);
    expect(html).toContain('<summary>Example: cursor here</summary>');
    // Links outside the summary stay links.
    expect(html).toMatch(/Body with <a href="[^"]*">a link<\/a>/);
  });

  it('renders MDX components as labelled boxes with their Markdown inside', () => {
    const { html } = renderPage('<Note>\nServers **MUST** check.\n</Note>\n\n<Warning>\n\nA `code` span.\n\n</Warning>\n', context);
    expect(html).toContain('<div data-mdx="Note" class="mdx-box"><p class="mdx-label">Note</p>');
    expect(html).toContain('<strong><span class="kw kw-must">MUST</span></strong>');
    expect(html).toContain('<p class="mdx-label">Warning</p>');
    expect(html).toContain('<code>code</code>');
  });

  it('turns self-closing components with an href into links', () => {
    const { html } = renderPage('<CardGroup cols={2}>\n  <Card\n    title="Lifecycle"\n    href="/specification/2025-11-25/basic/lifecycle"\n  />\n</CardGroup>\n', context);
    expect(html).toContain('<a href="/rev/2025-11-25/basic/lifecycle/">Lifecycle</a>');
  });

  it('numbers headings from h2 without skipping levels, with slug ids', () => {
    const { headings } = renderPage('# Top\n\n#### Deep\n\n## Two\n\n### Three\n', context);
    expect(headings.map((h) => [h.depth, h.id])).toEqual([[2, 'top'], [3, 'deep'], [2, 'two'], [3, 'three']]);
  });

  it('points spec links at the site when it has the page, else upstream', () => {
    expect(rewriteLink('/specification/2025-11-25/basic/lifecycle#init', context)).toBe('/rev/2025-11-25/basic/lifecycle/#init');
    expect(rewriteLink('../basic/lifecycle', context)).toBe('/rev/2025-11-25/basic/lifecycle/');
    expect(rewriteLink('/specification/2025-11-25/basic', context)).toBe('/rev/2025-11-25/basic/index/');
    expect(rewriteLink('/community/governance', context)).toBe('https://modelcontextprotocol.io/community/governance');
    expect(rewriteLink('https://example.com/x', context)).toBe('https://example.com/x');
  });
});

describe('markup the sanitiser leaves inert', () => {
  it('unwraps bare spans and drops empty class attributes, keeping the text', () => {
    const { html } = renderPage('<div class="tsd-signature"><span class="tsd-kind">interface</span> <span>Foo</span> <a class="x" href="#foo">foo</a></div>\n', context);
    expect(html).not.toMatch(/<span>|class=""/);
    expect(html).toContain('interface Foo');
    expect(html).toContain('<a href="#foo">foo</a>');
  });
});
