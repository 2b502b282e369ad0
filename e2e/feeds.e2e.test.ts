import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { ensureSiteBuilt } from './helpers/index.ts';

interface ParsedFeed {
  title: string;
  entries: { id: string; title: string; updated: string; link: string }[];
}

/** Reads an Atom feed with a strict XML parser (saxes: well-formedness, namespaces); throws on any error. */
function parseAtom(xml: string): ParsedFeed {
  const parser = new SaxesParser({ xmlns: true });
  const feed: ParsedFeed = { title: '', entries: [] };
  const stack: string[] = [];
  let text = '';
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => {
    expect(tag.uri).toBe('http://www.w3.org/2005/Atom');
    stack.push(tag.local);
    text = '';
    if (tag.local === 'entry') feed.entries.push({ id: '', title: '', updated: '', link: '' });
    if (tag.local === 'link' && stack.at(-2) === 'entry') feed.entries.at(-1)!.link = String(tag.attributes['href']?.value ?? '');
  });
  parser.on('text', (t) => (text += t));
  parser.on('closetag', (tag) => {
    stack.pop();
    const entry = stack.at(-1) === 'entry' ? feed.entries.at(-1)! : null;
    if (entry && (tag.local === 'id' || tag.local === 'title' || tag.local === 'updated')) entry[tag.local] = text;
    if (!entry && stack.at(-1) === 'feed' && tag.local === 'title') feed.title = text;
  });
  parser.write(xml).close();
  return feed;
}

describe('Atom feeds', () => {
  it('publishes the spec feed: valid XML, each revision and each draft change an entry, newest first, linked from the home page', async () => {
    const dist = await ensureSiteBuilt();
    const feed = parseAtom(readFileSync(join(dist, 'feed.xml'), 'utf8'));
    expect(feed.title).toMatch(/specification/);
    const revisions = feed.entries.filter((e) => e.id.startsWith('urn:specdelta:revision:'));
    const draft = feed.entries.filter((e) => e.id.startsWith('urn:specdelta:draft:'));
    expect(revisions.map((e) => e.title)).toContain('Revision 2025-11-25');
    expect(draft.length).toBeGreaterThan(0);
    const dates = feed.entries.map((e) => e.updated);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set(feed.entries.map((e) => e.id)).size).toBe(feed.entries.length);
    const home = readFileSync(join(dist, 'index.html'), 'utf8');
    expect(home).toMatch(/<link rel="alternate" type="application\/atom\+xml"[^>]*href="\/feed\.xml"/);
  });

  it('publishes a feed per page, linked from its revision and diff pages', async () => {
    const dist = await ensureSiteBuilt();
    const feed = parseAtom(readFileSync(join(dist, 'feed/client/elicitation.xml'), 'utf8'));
    expect(feed.entries.length).toBeGreaterThan(2);
    expect(feed.entries[0]!.updated >= feed.entries.at(-1)!.updated).toBe(true);
    for (const entry of feed.entries) expect(entry.link).toMatch(/^\/diff\/[^/]+\/[^/]+\/client\/elicitation\/$/);
    for (const page of ['rev/2025-11-25/client/elicitation/index.html', 'diff/2025-11-25/2026-07-28/client/elicitation/index.html']) {
      expect(readFileSync(join(dist, page), 'utf8'), page).toContain('href="/feed/client/elicitation.xml"');
    }
  });
});
