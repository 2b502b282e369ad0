import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { atomDate, renderAtom } from '../../site/lib/atom.ts';

describe('Atom documents', () => {
  const xml = renderAtom({
    id: 'urn:x:feed', title: 'A & B <feed>', self: '/feed.xml', alternate: '/',
    entries: [
      { id: 'urn:x:old', title: 'old', updated: atomDate('2024-11-05'), link: '/a?x=1&y=2', summary: 'MUST "quote" \u0001 bell' },
      { id: 'urn:x:new', title: 'new', updated: atomDate('2025-11-25'), link: '/b', summary: 'ok' },
    ],
  });

  it('is well-formed XML in the Atom namespace, every text escaped', () => {
    const parser = new SaxesParser({ xmlns: true });
    const names: string[] = [];
    parser.on('error', (error) => {
      throw error;
    });
    parser.on('opentag', (tag) => names.push(`${tag.uri} ${tag.local}`));
    parser.write(xml).close();
    expect(names[0]).toBe('http://www.w3.org/2005/Atom feed');
    expect(xml).toContain('<title>A &amp; B &lt;feed&gt;</title>');
    expect(xml).toContain('href="/a?x=1&amp;y=2"');
    expect(xml).not.toContain('\u0001');
  });

  it('lists entries newest first and dates the feed by its newest entry', () => {
    expect([...xml.matchAll(/<id>(urn:x:(?:old|new))<\/id>/g)].map((m) => m[1])).toEqual(['urn:x:new', 'urn:x:old']);
    expect(xml).toMatch(/<updated>2025-11-25T00:00:00Z<\/updated>\n  <author>/);
  });
});
