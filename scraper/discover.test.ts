import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalogFromListing, catalogFromNavigation } from './discover.ts';
import { UPSTREAM_LAYOUT } from './layout.ts';

const MIRROR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'shared', 'mcp-spec', 'refs', 'main');

describe('discovery from the navigation file', () => {
  it('finds the revisions of the real docs.json, the latest from its label, the draft from its folder', async () => {
    const catalog = catalogFromNavigation(await readFile(join(MIRROR, 'docs', 'docs.json'), 'utf8'), UPSTREAM_LAYOUT)!;
    expect(catalog.from).toBe('navigation');
    const latest = catalog.revisions.filter((r) => r.status === 'latest');
    expect(latest).toHaveLength(1);
    expect(catalog.revisions.at(-1)).toEqual({ id: 'draft', date: null, status: 'draft' });
    // Chronological.
    const dated = catalog.revisions.filter((r) => r.date !== null).map((r) => r.date!);
    expect(dated).toEqual([...dated].sort());
    expect(latest[0]!.id).toBe(dated.at(-1));
    for (const [, pages] of catalog.pages) {
      expect(pages).toContain('schema.json');
      expect(pages).toContain('index');
    }
  });

  it('reads a made-up navigation: label "latest" wins over order, "default" is the fallback, loose pages count', () => {
    const nav = {
      navigation: {
        tabs: [
          { tab: 'Guides', pages: ['guides/intro'] },
          {
            tab: 'Spec',
            versions: [
              { version: 'Next (preview)', pages: ['specification/next/index'] },
              { version: 'v1', pages: ['specification/2020-01-01/index', { group: 'G', pages: ['specification/2020-01-01/a/b'] }] },
              { version: 'v2 (latest)', pages: ['specification/2021-01-01/index'] },
            ],
          },
        ],
      },
      redirects: [{ source: '/specification/1999-01-01/x', destination: '/y' }],
    };
    const catalog = catalogFromNavigation(JSON.stringify(nav), { ...UPSTREAM_LAYOUT, draftId: 'next' }, { schemaRevisions: new Set(['2021-01-01']) })!;
    expect(catalog.revisions).toEqual([
      { id: '2020-01-01', date: '2020-01-01', status: 'superseded' },
      { id: '2021-01-01', date: '2021-01-01', status: 'latest' },
      { id: 'next', date: null, status: 'draft' },
    ]);
    expect(catalog.pages.get('2020-01-01')).toEqual(['a/b', 'index']);
    expect(catalog.pages.get('2021-01-01')).toEqual(['index', 'schema.json']);

    const byDefault = JSON.parse(JSON.stringify(nav));
    byDefault.navigation.tabs[1].versions[2].version = 'v2';
    byDefault.navigation.tabs[1].versions[1].default = true;
    expect(catalogFromNavigation(JSON.stringify(byDefault), UPSTREAM_LAYOUT)!.revisions.find((r) => r.status === 'latest')?.id).toBe('2020-01-01');
  });

  it('returns null when the navigation lists no spec pages, and throws on bad JSON', () => {
    expect(catalogFromNavigation('{"navigation":{"pages":["guides/x"]}}', UPSTREAM_LAYOUT)).toBeNull();
    expect(() => catalogFromNavigation('{', UPSTREAM_LAYOUT)).toThrow(/docs\/docs\.json is not valid JSON/);
  });
});

describe('discovery from a listing', () => {
  it('takes revisions from the folders: newest dated is latest, the draft folder is draft', () => {
    const catalog = catalogFromListing(
      [
        'docs/specification/2024-01-01/index.mdx',
        'docs/specification/2024-06-01/index.mdx',
        'docs/specification/2024-06-01/client/x.mdx',
        'docs/specification/draft/index.mdx',
        'docs/specification/README.md',
        'schema/2024-06-01/schema.json',
        'schema/2024-06-01/schema.ts',
      ],
      UPSTREAM_LAYOUT,
    )!;
    expect(catalog.from).toBe('listing');
    expect(catalog.revisions).toEqual([
      { id: '2024-01-01', date: '2024-01-01', status: 'superseded' },
      { id: '2024-06-01', date: '2024-06-01', status: 'latest' },
      { id: 'draft', date: null, status: 'draft' },
    ]);
    expect(catalog.pages.get('2024-06-01')).toEqual(['client/x', 'index', 'schema.json']);
    expect(catalog.pages.get('2024-01-01')).toEqual(['index']);
  });
});
