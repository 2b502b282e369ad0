import type { SpecConfig } from '../config/index.ts';
import { counts, type Change } from '../records/change.ts';
import type { PageReading } from '../revision/revisions.ts';
import { parsePage } from '../model/index.ts';
import { inSection } from '../model/document.ts';
import { findChangelogPage } from './changelog-page.ts';
import { splitChangelog } from './items.ts';
import { headingKey } from './links.ts';
import { matchItem, type MatchContext } from './match.ts';
import { indexRecords } from './record-index.ts';
import { identifiersIn } from './identifiers.ts';
import { wordsIn } from './words.ts';
import { groupByTheme, type RecordTheme } from './themes.ts';

/**
 * A whole-revision diff held against the newer revision's own changelog: each item of the
 * changelog is `confirmed` by the records that reflect it or `not-visible` in the spec text
 * (governance, a page outside the spec, a change too vague to place), and each breaking or
 * non-breaking record no item covers is unannounced, grouped by page and theme.
 */
type ItemStatus = 'confirmed' | 'not-visible';

export interface ChangelogItemReading {
  /** The headings above the item, joined with " › " ("Major changes"). */
  section: string;
  number: number;
  line: number;
  text: string;
  status: ItemStatus;
  /** Fingerprints of the records that confirm it, in record order. */
  records: string[];
  /** What matched, for a reader to check ("`ElicitResult`", "link client/elicitation#…", "words: …"). */
  evidence: string[];
}

export interface ChangelogReading {
  /** The changelog page's id in the newer revision. */
  page: string;
  summary: { items: number; confirmed: number; notVisible: number; unannounced: number };
  items: ChangelogItemReading[];
  /** Breaking and non-breaking records no item covers, by page and theme. */
  unannounced: RecordTheme[];
}

/** What `--changelog` reports when the newer revision has no changelog page. */
export interface NoChangelog {
  page: null;
  note: string;
}

interface ChangelogSource {
  /** The newer revision's page ids. */
  pages: readonly string[];
  /** A page's text in the newer revision. */
  text(page: string): string;
  /** How reports name the newer revision, for the note when it has no changelog. */
  label: string;
}

export function readChangelog(diff: { changes: readonly Change[]; pages: readonly PageReading[] }, newer: ChangelogSource, config: SpecConfig = {}): ChangelogReading | NoChangelog {
  const page = findChangelogPage(diff.pages, (p) => titleOf(newer.text(p)), config);
  if (page === null) {
    const how = config.changelog !== undefined ? `no page matching "${config.changelog}" (the config's changelog)` : 'no changelog or release-notes page';
    return { page: null, note: `${newer.label} has ${how}, so there is nothing to hold the diff against.` };
  }
  return matchChangelog(page, newer.text(page), diff.changes, contextOf(newer, page));
}

/** A page's title: its front matter's, else its first top-level heading. */
function titleOf(text: string): string | null {
  const doc = parsePage(text);
  return doc.title ?? doc.sections.find((s) => s.id !== '' && s.depth === 1)?.heading ?? null;
}

/** The matching itself, for a caller that has the changelog's text and the records already. */
export function matchChangelog(page: string, changelogText: string, changes: readonly Change[], context: MatchContext): ChangelogReading {
  // What describes changes (the changelog itself, even when not judged informative, and other informative pages) cannot confirm them.
  const records = changes.filter((c) => counts(c) && c.page !== page);
  const index = indexRecords(records);
  const items = splitChangelog(changelogText).map((item) => {
    const match = matchItem(item, index, context);
    const reading: ChangelogItemReading = {
      section: item.section.join(' › '),
      number: item.number,
      line: item.line,
      text: item.text,
      status: match.records.length > 0 ? 'confirmed' : 'not-visible',
      records: match.records.map((at) => records[at]!.fingerprint),
      evidence: match.evidence,
    };
    return reading;
  });
  const announced = new Set(items.flatMap((i) => i.records));
  const unannounced = records.filter((c) => c.level !== 'editorial' && !announced.has(c.fingerprint));
  const confirmed = items.filter((i) => i.status === 'confirmed').length;
  return {
    page,
    summary: { items: items.length, confirmed, notVisible: items.length - confirmed, unannounced: unannounced.length },
    items,
    unannounced: groupByTheme(unannounced),
  };
}

/** Links resolve against the newer revision's pages; a fragment names a section and everything under it. */
function contextOf(newer: Pick<ChangelogSource, 'pages' | 'text'>, changelogPage: string): MatchContext {
  const pages = new Set(newer.pages);
  const pagesBut = newer.pages.filter((p) => p !== changelogPage);
  return {
    pages,
    // The changelog repeats the words of the changes it lists: it does not vote on what is common.
    commonWords: onMostPages(pagesBut, (page) => wordsIn(newer.text(page))),
    commonIdentifiers: onMostPages(pagesBut, (page) => identifiersIn(newer.text(page))),
    sectionsUnder(page, fragment) {
      if (!pages.has(page)) return null;
      const { sections } = parsePage(newer.text(page));
      const key = headingKey(fragment);
      const target = sections.find((s) => headingKey(s.anchor) === key || headingKey(s.heading) === key);
      if (!target) return null;
      return new Set(sections.filter((s) => inSection(s.id, target.id)).map((s) => headingKey(s.heading)));
    },
  };
}

/** A word or name on at least half of the revision's pages (and on more than a few) is its vocabulary, not a change's. */
const COMMON_PAGE_SHARE = 0.5;
const COMMON_PAGE_MIN = 3;

function onMostPages(pages: readonly string[], tokensOf: (page: string) => Iterable<string>): Set<string> {
  const pagesWith = new Map<string, number>();
  for (const page of pages) for (const token of tokensOf(page)) pagesWith.set(token, (pagesWith.get(token) ?? 0) + 1);
  const common = Math.max(COMMON_PAGE_MIN, pages.length * COMMON_PAGE_SHARE);
  return new Set([...pagesWith].filter(([, n]) => n >= common).map(([token]) => token));
}
