import type { DiffView, SectionView } from './align.ts';
import type { RowGroup, SectionGroup } from './page-view.ts';

/**
 * A diff page too long for one HTML file (a generated schema reference: hundreds of
 * definitions) is split into parts, each a page of its own under 400 KB. Part 1 is the page's
 * address and carries the list of changes; parts 2… carry the rest of the side-by-side view,
 * cut between sections. The budget is estimated from the view's data before rendering: the
 * rendered markup of a row is about as long as its JSON, and an annotation about NOTE_BYTES.
 */

/** Estimated bytes of side-by-side markup per part. Rendered pages land well under 400 KB. */
export const PART_BUDGET = 180_000;
const NOTE_BYTES = 450;
/** Estimated bytes of one entry of the change list. */
export const LIST_ENTRY_BYTES = 480;

function rowBytes(rows: RowGroup[]): number {
  const notes = rows.reduce((n, g) => n + (g.type === 'row' ? g.row.changes.length : 0), 0);
  return JSON.stringify(rows).length + notes * NOTE_BYTES;
}

function sectionBytes(section: SectionView, rows: RowGroup[]): number {
  return rowBytes(rows) + JSON.stringify(section.old?.heading ?? section.new?.heading ?? '').length + section.changes.length * NOTE_BYTES;
}

export function groupBytes(group: SectionGroup): number {
  return group.type === 'section' ? sectionBytes(group.section, group.rows) : group.sections.reduce((n, s) => n + sectionBytes(s.section, s.rows), 0);
}

/** A group larger than a part, cut between its rows (a section) or its sections (a run of unchanged ones). */
function cutGroup(group: SectionGroup, budget: number): SectionGroup[] {
  if (groupBytes(group) <= budget) return [group];
  if (group.type === 'collapsed') {
    if (group.sections.length < 2) return [group];
    const out: SectionGroup[] = [];
    let current: typeof group.sections = [];
    let bytes = 0;
    for (const entry of group.sections) {
      const size = sectionBytes(entry.section, entry.rows);
      if (current.length > 0 && bytes + size > budget) {
        out.push({ type: 'collapsed', sections: current });
        current = [];
        bytes = 0;
      }
      current.push(entry);
      bytes += size;
    }
    out.push({ type: 'collapsed', sections: current });
    return out;
  }
  const out: SectionGroup[] = [];
  let current: RowGroup[] = [];
  let bytes = group.section.changes.length * NOTE_BYTES;
  for (const row of group.rows) {
    const size = rowBytes([row]);
    if (current.length > 0 && bytes + size > budget) {
      out.push({ type: 'section', section: group.section, rows: current, ...(out.length ? { continued: out.length + 1 } : {}) });
      current = [];
      bytes = 0;
    }
    current.push(row);
    bytes += size;
  }
  out.push({ type: 'section', section: group.section, rows: current, ...(out.length ? { continued: out.length + 1 } : {}) });
  return out;
}

/**
 * The groups cut into parts: part 1 gets what `firstBudget` leaves room for (the change list
 * takes the rest of its page), every other part up to `budget`. A group larger than a part
 * is cut first, between its rows or sections.
 */
export function splitParts(groups: SectionGroup[], firstBudget: number, budget = PART_BUDGET): SectionGroup[][] {
  const parts: SectionGroup[][] = [[]];
  let room = firstBudget;
  for (const group of groups.flatMap((g) => cutGroup(g, budget))) {
    const bytes = groupBytes(group);
    // Part 1 may hold no section at all (a long change list fills it); later parts start with one.
    if (bytes > room) {
      parts.push([group]);
      room = budget - bytes;
    } else {
      parts.at(-1)!.push(group);
      room -= bytes;
    }
  }
  return parts.filter((part, i) => i === 0 || part.length > 0);
}

/** The part (1-based) each change record is annotated in; records with no place stay on part 1. */
export function partOfChanges(view: DiffView, parts: SectionGroup[][], records: number): number[] {
  const part = Array.from({ length: records }, () => 1);
  const place = (rows: RowGroup[], n: number) => {
    for (const g of rows) if (g.type === 'row') for (const c of g.row.changes) part[c] = n;
  };
  parts.forEach((groups, i) => {
    for (const group of groups) {
      if (group.type === 'section') {
        if (!group.continued) for (const c of group.section.changes) part[c] = i + 1;
        place(group.rows, i + 1);
      } else {
        for (const { section, rows } of group.sections) {
          for (const c of section.changes) part[c] = i + 1;
          place(rows, i + 1);
        }
      }
    }
  });
  for (const c of view.top) part[c] = 1;
  return part;
}

/** The parts a diff page is split into (part 1 also lists `listEntries` records), with the part each record is shown in. */
export function diffParts(view: DiffView, groups: SectionGroup[], records: number, listEntries: number): { parts: SectionGroup[][]; partOf: number[] } {
  const parts = splitParts(groups, PART_BUDGET - listEntries * LIST_ENTRY_BYTES);
  return { parts, partOf: partOfChanges(view, parts, records) };
}

/** A short name for a part: its first and last section headings. */
export function partLabel(groups: SectionGroup[]): string {
  const sections = groups.flatMap((g) => (g.type === 'section' ? [g.section] : g.sections.map((s) => s.section)));
  const name = (s: SectionView | undefined) => (s?.new ?? s?.old)?.heading.map((seg) => seg.text).join('') ?? '';
  if (sections.length === 0) return 'the list of changes';
  const [first, last] = [name(sections[0]), name(sections.at(-1))];
  return first === last ? first : `${first} … ${last}`;
}
