import { ATX_HEADING, splitSections } from '../model/split.ts';
import type { PagePair } from './page-pairs.ts';
import { bareName, headingsMirrorSchema } from './reference-page.ts';

/**
 * A page generated from the schema repeats the schema; where the schema diff reported on a
 * definition, that section's records are the schema's (reference-page.ts drops them). So
 * such a section is not read at all. On the real spec those sections are over half of the
 * largest page, and reading and diffing them cost about a fifth of a bare parse of both
 * revisions, only for their records to be thrown away. The heading stays, so the page keeps
 * its outline (a section that came or went is still a record the schema speaks for), and
 * the other lines are left blank, so every line keeps its number.
 *
 * The page is recognised from its headings as written, before it is read; once read, the
 * revision diff confirms it from the parsed headings (`mirrorsSchema`) and reads a page it
 * does not confirm whole.
 */

/**
 * A line that may be a heading of its own inside the section: another ATX heading (a JSX
 * component's body is read dedented, so any indent), or a setext underline (or a thematic
 * break, which looks the same: settling is only ever left out, never wrongly done).
 */
const ANOTHER_HEADING = /^\s*(?:#{1,6}(?:[ \t]|$)|=+\s*$|-+\s*$)/;

interface SettledPages {
  /** Each side's text of each page, with the sections the schema speaks for left unread. */
  text: (side: 'old' | 'new', page: string) => string;
  /** The pairs' newer pages that were settled. */
  pages: ReadonlySet<string>;
}

/**
 * `reported`: the names the schema diff speaks for (`namesTheSchemaSpeaksFor`);
 * `definitions`: each side's definition names, for recognising a reference page.
 */
export function settleReferencePages(
  pairs: readonly PagePair[],
  text: (side: 'old' | 'new', page: string) => string,
  reported: ReadonlySet<string>,
  definitions: { old: ReadonlySet<string>; new: ReadonlySet<string> },
): SettledPages {
  const settled = new Map<string, string>();
  const pages = new Set<string>();
  for (const pair of pairs) {
    // Only a page both revisions have is diffed section by section.
    if (pair.old === null || pair.new === null) continue;
    const newText = text('new', pair.new);
    if (!headingsMirrorSchema(writtenHeadings(newText), definitions.new)) continue;
    pages.add(pair.new);
    settled.set(`old\0${pair.old}`, settleSections(text('old', pair.old), reported));
    settled.set(`new\0${pair.new}`, settleSections(newText, reported));
  }
  return { text: (side, page) => settled.get(`${side}\0${page}`) ?? text(side, page), pages };
}

/** The headings that open a page's sections, as written (`` `Name` ``, without the `#`s). */
export function writtenHeadings(text: string): string[] {
  return splitSections(text).flatMap((section) => {
    const heading = atxHeadingOf(section.text);
    return heading === null ? [] : [heading];
  });
}

/** `text` with the body of each section headed by a reported name blanked, line for line. */
export function settleSections(text: string, reported: ReadonlySet<string>): string {
  return splitSections(text)
    .map(({ text: section }) => {
      const heading = atxHeadingOf(section);
      if (heading === null || !reported.has(bareName(heading))) return section;
      const lines = section.split('\n');
      // A heading inside would be a section of its own, not the schema's: read it all.
      if (lines.slice(1).some((line) => ANOTHER_HEADING.test(line))) return section;
      return lines[0] + '\n'.repeat(lines.length - 1);
    })
    .join('');
}

/** The text of a section's opening ATX heading (closing `#`s dropped), or null when it opens with none. */
function atxHeadingOf(section: string): string | null {
  const end = section.indexOf('\n');
  const firstLine = end === -1 ? section : section.slice(0, end);
  // The ATX heading `splitSections` cuts before, when the section opens with one.
  if (!ATX_HEADING.test(firstLine)) return null;
  return firstLine.replace(/^#+/, '').trim().replace(/(?:^|[ \t]+)#+$/, '').trim();
}
