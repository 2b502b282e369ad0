import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderPage, rewriteLink, type RenderContext } from '../../site/lib/render.ts';
import { fillUpstream } from '../../site/lib/upstream.ts';
import { fixturesDir } from '../../harness/paths.ts';

const context: RenderContext = {
  revision: '2025-11-25',
  page: 'client/elicitation',
  upstreamPage: 'https://modelcontextprotocol.io/specification/2025-11-25/client/elicitation',
  upstreamTemplate: 'https://modelcontextprotocol.io/specification/{revision}/{page}',
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

describe("links in another spec's pages (upstream on GitHub, pages named by file)", () => {
  // The page's upstream URL as the site fills it in (spec-identity.ts), from the spec's setting.
  const template = 'https://github.com/open-telemetry/opentelemetry-specification/blob/{revision}/specification/{path}';
  const otel: RenderContext = {
    revision: 'v1.60.0', page: 'logs/data-model', upstreamTemplate: template,
    upstreamPage: fillUpstream(template, 'v1.60.0', 'logs/data-model', 'logs/data-model.md'),
    resolvePage: (revision, page) => (['trace/api', 'logs/README'].includes(page) ? `/otel/rev/${revision}/${page}/` : null),
  };
  const upstream = 'https://github.com/open-telemetry/opentelemetry-specification/blob/v1.60.0/specification';

  it('opens a page of the spec on the site, from the file name it links', () => {
    expect(rewriteLink('../trace/api.md', otel)).toBe('/otel/rev/v1.60.0/trace/api/');
    expect(rewriteLink('./README.md', otel)).toBe('/otel/rev/v1.60.0/logs/README/');
  });

  it('opens a file beside the page (a .proto, a .json, a page the site lacks) in the spec\'s own repository', () => {
    expect(rewriteLink('schema/logs.proto', otel)).toBe(`${upstream}/logs/schema/logs.proto`);
    expect(rewriteLink('../metrics/example.json#L3', otel)).toBe(`${upstream}/metrics/example.json#L3`);
    expect(rewriteLink('../gone.md', otel)).toBe(`${upstream}/gone.md`);
    expect(rewriteLink('https://example.com/x', otel)).toBe('https://example.com/x');
  });

  it("shows an image beside the page from the spec's repository, as the file itself", () => {
    const { html } = renderPage('![A diagram](img/flow.png)\n', otel);
    expect(html).toContain(`src="${upstream}/logs/img/flow.png?raw=true"`);
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
