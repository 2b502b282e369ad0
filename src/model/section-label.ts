import type { Section } from './document.ts';

/**
 * How a section is named to a reader: its heading, or its parent and heading when the
 * heading alone is ambiguous in the page (every object has a "Fixed Fields":
 * `Info Object › Fixed Fields`).
 */

const repeatedHeadings = new WeakMap<readonly Section[], Set<string>>();

export function sectionLabel(sections: readonly Section[], section: Section): string {
  let repeated = repeatedHeadings.get(sections);
  if (!repeated) {
    const counts = new Map<string, number>();
    for (const s of sections) counts.set(headingKey(s.heading), (counts.get(headingKey(s.heading)) ?? 0) + 1);
    repeated = new Set([...counts].filter(([, n]) => n > 1).map(([h]) => h));
    repeatedHeadings.set(sections, repeated);
  }
  // The parent names the object; the page title above it adds nothing.
  return repeated.has(headingKey(section.heading)) && section.path.length > 1 ? section.path.slice(-2).join(' › ') : section.heading;
}

function headingKey(heading: string): string {
  return heading.trim().toLowerCase().replace(/\s+/g, ' ');
}
