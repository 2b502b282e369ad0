import { describe, expect, it } from 'vitest';
import { fragmentKey, matchFragment } from '../../site/lib/fragments.ts';
import { renderPage, rewriteLink, type RenderContext } from '../../site/lib/render.ts';

describe('matching a link fragment to the ids a page has', () => {
  it('keeps an id that exists, and finds one under the sanitiser prefix', () => {
    expect(matchFragment('init', ['init', 'other'])).toBe('init');
    expect(matchFragment('defs-x', ['user-content-defs-x'])).toBe('user-content-defs-x');
  });

  it('finds a spec-md section link (#sec-Parent.Child) by its last heading', () => {
    expect(matchFragment('sec-Scalars.Custom-Scalars', ['scalars', 'custom-scalars'])).toBe('custom-scalars');
    expect(matchFragment('sec-Introspection', ['introspection'])).toBe('introspection');
    expect(matchFragment('sec-Nowhere', ['introspection'])).toBeNull();
  });

  it('finds a heading another slugger spelled differently (punctuation dropped, case folded)', () => {
    expect(matchFragment('meta', ['overview', '_meta'])).toBe('_meta');
    expect(matchFragment('Error-Handling', ['error_handling'])).toBe('error_handling');
    expect(fragmentKey('__Foo-Bar_')).toBe('foobar');
  });

  it('refuses a guess when two ids read the same or none does', () => {
    expect(matchFragment('meta', ['_meta', 'meta-'])).toBeNull();
    expect(matchFragment('missing', ['_meta'])).toBeNull();
    expect(matchFragment('--', ['_meta'])).toBeNull();
  });
});

describe('fragments in rendered spec pages', () => {
  const context: RenderContext = {
    revision: '2026-07-28',
    page: 'server/tools',
    upstreamPage: 'https://modelcontextprotocol.io/specification/2026-07-28/server/tools',
    upstreamTemplate: 'https://modelcontextprotocol.io/specification/{revision}/{page}',
    resolvePage: (revision, page) => (page === 'basic/index' || page === 'basic' ? `/rev/${revision}/basic/index/` : null),
    pageIds: (_revision, page) => (page === 'basic/index' || page === 'basic' ? ['overview', '_meta', 'user-content-json-schema'] : []),
  };

  it('points a link to another page at the heading id that page renders', () => {
    expect(rewriteLink('/specification/2026-07-28/basic/index#meta', context)).toBe('/rev/2026-07-28/basic/index/#_meta');
    expect(rewriteLink('/specification/2026-07-28/basic#json-schema', context)).toBe('/rev/2026-07-28/basic/index/#user-content-json-schema');
    expect(rewriteLink('/specification/2026-07-28/basic#overview', context)).toBe('/rev/2026-07-28/basic/index/#overview');
  });

  it('points an in-page link at the heading the page itself slugged', () => {
    const { html } = renderPage('## `_meta`\n\nSee [the field](#meta) and [again](#_meta).\n', context);
    expect(html).toContain('id="_meta"');
    expect([...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1])).toEqual(['#_meta', '#_meta']);
  });
});

describe('an in-page fragment of a spec split into files (spec-md)', () => {
  const context: RenderContext = {
    revision: 'October2021', page: 'section-2-language',
    upstreamPage: 'https://example.org/October2021/Section%202%20--%20Language.md', upstreamTemplate: 'https://example.org/{revision}/{path}',
    resolvePage: () => null,
    fragmentElsewhere: (fragment) => (fragment === 'sec-Introspection' ? '/rev/October2021/section-4-introspection/#introspection' : null),
  };

  it('opens the page that has the section, and leaves a fragment found nowhere unlinked', () => {
    const { html } = renderPage('## Names\n\nSee [Introspection](#sec-Introspection), [Names](#sec-Names) and [Gone](#sec-Gone).\n', context);
    expect([...html.matchAll(/<a(?: href="([^"]*)")?>/g)].map((m) => m[1] ?? null)).toEqual(['/rev/October2021/section-4-introspection/#introspection', '#names', null]);
  });
});

describe('a fragment that names nothing on another page', () => {
  it('is dropped, so the link opens that page instead of pointing at nothing', () => {
    const context: RenderContext = {
      revision: 'r', page: 'a', upstreamPage: 'https://modelcontextprotocol.io/specification/r/a',
      upstreamTemplate: 'https://modelcontextprotocol.io/specification/{revision}/{page}',
      resolvePage: (revision, page) => `/rev/${revision}/${page}/`,
      pageIds: () => ['renamed-heading'],
    };
    expect(rewriteLink('/specification/r/b#old-heading', context)).toBe('/rev/r/b/');
  });
});
