/**
 * Atom 1.0 (RFC 4287) documents as plain strings: a feed is data (title, id, entries), and
 * this module alone knows the XML. Every text is escaped; ids are tag-style URNs that stay
 * the same across builds and hosts.
 */

export interface AtomEntry {
  id: string;
  title: string;
  /** RFC 3339 date-time. */
  updated: string;
  link: string;
  summary: string;
}

export interface AtomFeed {
  id: string;
  title: string;
  /** The feed's own URL and the page it follows. */
  self: string;
  alternate: string;
  entries: AtomEntry[];
}

export function escapeXml(text: string): string {
  // Characters XML 1.0 forbids are dropped, the markup ones escaped.
  return text
    .replace(/[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** A YYYY-MM-DD date as the start of that day in UTC; a full date-time as it is. */
export function atomDate(date: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T00:00:00Z` : new Date(date).toISOString();
}

/** The feed, its entries newest first (an entry's `updated` decides; ties keep their order). */
export function renderAtom(feed: AtomFeed): string {
  const entries = feed.entries.map((e, i) => ({ e, i })).sort((a, b) => b.e.updated.localeCompare(a.e.updated) || a.i - b.i).map(({ e }) => e);
  const updated = entries[0]?.updated ?? '1970-01-01T00:00:00Z';
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${escapeXml(feed.id)}</id>`,
    `  <title>${escapeXml(feed.title)}</title>`,
    `  <updated>${updated}</updated>`,
    '  <author><name>specdelta</name></author>',
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(feed.self)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(feed.alternate)}"/>`,
    ...entries.flatMap((e) => [
      '  <entry>',
      `    <id>${escapeXml(e.id)}</id>`,
      `    <title>${escapeXml(e.title)}</title>`,
      `    <updated>${e.updated}</updated>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(e.link)}"/>`,
      `    <summary>${escapeXml(e.summary)}</summary>`,
      '  </entry>',
    ]),
    '</feed>',
    '',
  ];
  return lines.join('\n');
}
