import type { Change } from '../records/change.ts';
import { identifiersIn, identifiersOfPath, referencesIn } from './identifiers.ts';
import { headingKey } from './links.ts';
import { wordsIn } from './words.ts';

/**
 * The records of a revision diff read once for matching, and indexed by what an item can
 * name (identifier, reference, word, page) so an item looks up its candidates instead of
 * scanning every record: matching stays linear in the evidence, not items × records.
 */
interface RecordView {
  change: Change;
  /** Identifiers of what changed (the subject's path or names, its section's heading). */
  subjectIds: Set<string>;
  /** Identifiers only mentioned in the record's text (before, after, message). */
  textIds: Set<string>;
  references: Set<string>;
  words: Set<string>;
  /** The record's section headings (old and new), as heading keys. */
  sectionKeys: string[];
}

/** A section heading records sit under, with its significant words, for an item that names the section in its own words. */
interface HeadingEntry {
  heading: string;
  words: string[];
  records: number[];
}

export interface RecordIndex {
  records: RecordView[];
  bySubjectId: Map<string, number[]>;
  byTextId: Map<string, number[]>;
  byReference: Map<string, number[]>;
  byWord: Map<string, number[]>;
  byPage: Map<string, number[]>;
  /** Each distinct heading once, so an item checks headings rather than every record. */
  byHeading: Map<string, HeadingEntry>;
}

export function indexRecords(changes: readonly Change[]): RecordIndex {
  const index: RecordIndex = { records: [], bySubjectId: new Map(), byTextId: new Map(), byReference: new Map(), byWord: new Map(), byPage: new Map(), byHeading: new Map() };
  for (const change of changes) {
    const view = viewOf(change);
    const at = index.records.push(view) - 1;
    for (const id of view.subjectIds) post(index.bySubjectId, id, at);
    for (const id of view.textIds) post(index.byTextId, id, at);
    for (const ref of view.references) post(index.byReference, ref, at);
    for (const word of view.words) post(index.byWord, word, at);
    if (change.page !== undefined) post(index.byPage, change.page, at);
    for (const heading of new Set([change.section.old, change.section.new])) {
      if (heading === null) continue;
      const entry = index.byHeading.get(heading);
      if (entry) entry.records.push(at);
      else index.byHeading.set(heading, { heading, words: [...wordsIn(heading)], records: [at] });
    }
  }
  return index;
}

function viewOf(change: Change): RecordView {
  const sections = [change.section.old, change.section.new].filter((s): s is string => s !== null);
  // A subject without spaces is a name or path (`ElicitResult.content`, `tools/list`, `-32002`); with spaces it is wording.
  const subjectIds = /\s/.test(change.subject.trim()) ? identifiersIn(change.subject) : identifiersOfPath(change.subject.trim());
  for (const section of sections) for (const id of identifiersIn(section)) subjectIds.add(id);
  const sides = [change.before, change.after].flatMap((side) => (side ? [side.text, typeof side.path === 'string' ? side.path : ''] : []));
  const text = [...sides, change.message].join('\n');
  const textIds = new Set([...identifiersIn(text)].filter((id) => !subjectIds.has(id)));
  return {
    change,
    subjectIds,
    textIds,
    references: referencesIn(`${change.subject}\n${text}`),
    words: wordsIn([...sections, change.subject, ...sides].join('\n')),
    sectionKeys: [...new Set(sections.map(headingKey))],
  };
}

function post(map: Map<string, number[]>, key: string, at: number): void {
  const list = map.get(key);
  if (list) list.push(at);
  else map.set(key, [at]);
}
