import type { SpecDocument } from '../model/index.ts';
import type { Change, ChangeKind, ChangeSide } from '../records/change.ts';
import { finalizeChange } from '../records/finalize.ts';
import type { SpecConfig } from '../config/index.ts';
import { configuredKind } from './spec-config.ts';
import { kramdownRfcLayout } from '../model/markdown.ts';

/**
 * Is a page informative (it describes the specification: a change log, a registry or index
 * of other pages) rather than normative (it states the protocol)? Its diff is still shown,
 * but what it says about changes is not a change: its records are editorial and stay out
 * of the headline counts and `--fail-on`. Judged from the page itself; a spec's config
 * (spec-config.ts) has the last word.
 */
export interface PageJudgement {
  informative: boolean;
  /** Why, in words a reader can check against the page ("its title “Key Changes” names a list of changes"). */
  reason: string;
}

/** Titles that name a record of changes rather than a part of the protocol. */
const CHANGE_RECORD_TITLE = /\b(change\s*-?log|changes|release notes|what[’']?s new|revision history|version history)\b/i;

/**
 * How specs say, in a page's opening, that the page is not where the rules live: a sentence
 * that calls it so ("This registry is non-normative", "(informative)", "is purely
 * informative"), never a word used as a key or a label (`informative:` heads a reference list
 * in a draft's front matter: a reference list is no classification).
 */
const SELF_DESCRIBED = /\b(non-normative|not normative|(?:is|are|as|section|page|document|appendix)\s+(?:purely\s+|entirely\s+|only\s+)?informative|\(informative\)|derived (?:view|summary|registry)|(?:page|document) (?:lists|summari[sz]es|records) (?:the |all )?(?:changes|differences))\b(?!\s*:\s*(?:\S+\s*:|RFC|\[|I-D|$))/i;

/** An item that cites a document (`[RFC6749]`, `RFC 9728`, `draft-ietf-…`, `[I-D.x]`): a reference, not a page of the spec. */
const CITATION = /\[(?:RFC|I-D|BCP|STD)[\s.-]?\w|\bRFC\s?\d{3,5}\b|\bdraft-[a-z0-9-]+/i;

/** An index: most of its body is list items or table rows, and most of those link elsewhere. */
const INDEX_SHARE = 0.6;

/** Does a page title name a record of changes (a change log, release notes)? */
export function namesChangeRecord(title: string): boolean {
  return CHANGE_RECORD_TITLE.test(title);
}

export function judgePage(page: string, text: string, doc: SpecDocument, config: SpecConfig): PageJudgement {
  const configured = configuredKind(config, page);
  if (configured) return { informative: configured === 'informative', reason: `${configured} page: listed so in the spec's config` };
  // The front matter's title, else the page's first top-level heading ("# Changelog").
  const title = (doc.title ?? doc.sections.find((s) => s.parentId === '' && s.depth === 1)?.heading)?.trim() ?? '';
  if (title && namesChangeRecord(title)) return { informative: true, reason: `informative page: its title “${title}” names a list of changes` };
  const opening = doc.prose.filter((p) => p.sectionId === '').map((p) => p.text).join(' ');
  const said = SELF_DESCRIBED.exec(opening);
  if (said) return { informative: true, reason: `informative page: its opening calls it “${said[0]}”` };
  const index = indexShape(text);
  if (index) return { informative: true, reason: `informative page: an index (${index.linked} of its ${index.lines} body lines are items linking elsewhere)` };
  return { informative: false, reason: 'normative page' };
}

/** Body lines outside code that are list items or table rows carrying a link, when they dominate the page. */
function indexShape(text: string): { lines: number; linked: number } | null {
  let fenced = false;
  let lines = 0;
  let items = 0;
  let linked = 0;
  let inReferences = false;
  for (const line of stripFrontmatter(text).split('\n')) {
    const trimmed = line.trim();
    if (/^(```|~~~)/.test(trimmed)) {
      fenced = !fenced;
      continue;
    }
    if (!fenced && trimmed.startsWith('#')) inReferences = /\b(?:references|bibliography|citations|further reading)\b/i.test(trimmed);
    if (fenced || !trimmed || trimmed.startsWith('#') || trimmed.startsWith('<') || /^\|?[\s:|-]+\|?$/.test(trimmed)) continue;
    lines += 1;
    if (/^([-*+]|\d+[.)])\s/.test(trimmed) || trimmed.startsWith('|')) {
      items += 1;
      // A reference list (under a "References" heading, or items citing RFCs and drafts) is no index of the spec.
      if (/\]\(|https?:\/\//.test(trimmed) && !inReferences && !CITATION.test(trimmed)) linked += 1;
    }
  }
  return lines > 0 && items / lines >= INDEX_SHARE && linked / items >= INDEX_SHARE ? { lines, linked } : null;
}

function stripFrontmatter(text: string): string {
  return kramdownRfcLayout(text)?.text ?? text.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, '');
}

/** An informative page's record: kept, shown, but editorial and out of the counts. */
function markInformative(change: Change, judgement: PageJudgement | null | undefined): Change {
  if (!judgement?.informative) return change;
  return { ...change, level: 'editorial', levelReason: judgement.reason, informative: true };
}

/**
 * Kinds of record that an informative page can only mention: a change log that names an
 * error code, a method or a field is talking about it, and the page that defines it has the
 * record. The paragraph that mentions it is the informative page's own record.
 */
const MENTIONED_KINDS: ReadonlySet<ChangeKind> = new Set(['error-code', 'message', 'schema-field', 'capability', 'definition', 'term']);

/**
 * An informative page's record as what it is: text about changes. Its keyword sentences are
 * paragraphs (a change log's "Servers SHOULD … now MUST" is not a new MUST rule of the
 * change log: titled so, the record would say the opposite of the item it quotes); the names
 * it mentions are dropped; the rest is marked informative. Null drops the record.
 */
export function readInformative(change: Change, judgement: PageJudgement | null | undefined): Change | null {
  if (!judgement?.informative) return change;
  if (MENTIONED_KINDS.has(change.kind)) return null;
  return markInformative(change.kind === 'rule' ? asParagraph(change) : change, judgement);
}

/** A rule record re-told as the paragraph record of the same text (its lead-in in front). */
function asParagraph(change: Change): Change {
  const id = change.action === 'added' ? 'prose-added' : change.action === 'removed' ? 'prose-removed' : change.action === 'moved' ? 'prose-moved' : 'prose-changed';
  const paragraph = (side: ChangeSide | null): ChangeSide | null => {
    if (!side) return null;
    const leadIn = typeof side['leadIn'] === 'string' ? `${side['leadIn']} ` : '';
    return { ...side, text: leadIn + side.text };
  };
  const draft = { id, subject: change.subject, section: change.section, before: paragraph(change.before), after: paragraph(change.after), ...(change.source ? { source: change.source } : {}) };
  return { ...finalizeChange(draft), ...(change.page !== undefined ? { page: change.page } : {}) };
}
