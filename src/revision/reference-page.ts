import type { SpecDocument } from '../model/index.ts';
import type { Change } from '../records/change.ts';

/**
 * The page a site generates from its schema (a "schema reference"): one section per schema
 * definition, with the definitions' descriptions and examples. Its records repeat the
 * schema's own, so in a revision diff the schema speaks for it: a record in a section
 * named after a definition the schema diff reported on is dropped, and what is left is
 * marked `source: 'reference'`, apart from the page's prose and the schema's records.
 */

/** A reference page: most of its headings are definition names, and they cover most definitions. */
const MIRROR_SHARE = 0.5;

export function mirrorsSchema(doc: SpecDocument, definitions: ReadonlySet<string>): boolean {
  return headingsMirrorSchema(doc.sections.filter((s) => s.parentId !== null).map((s) => s.heading), definitions);
}

/** `mirrorsSchema` of a page's headings as they are written (`` `Name` ``), before the page is read. */
export function headingsMirrorSchema(headings: readonly string[], definitions: ReadonlySet<string>): boolean {
  if (definitions.size === 0 || headings.length === 0) return false;
  const named = new Set(headings.map(bareName).filter((h) => definitions.has(h)));
  return named.size / headings.length >= MIRROR_SHARE && named.size / definitions.size >= MIRROR_SHARE;
}

/**
 * The names the schema diff speaks for on a reference page: each definition (or method one
 * carries, `named`) it reported a change in, or that inherits a change it reported once at
 * a shared base. The reference page is settled (settled-by-schema.ts) and its records
 * deferred by the same set.
 */
export function namesTheSchemaSpeaksFor(schemaChanges: readonly Change[], named: ReadonlySet<string>): Set<string> {
  const reported = new Set<string>();
  for (const change of schemaChanges) {
    for (const name of [change.section.old, change.section.new, change.subject.split(/[.[]/)[0]]) if (name) reported.add(name);
    for (const side of [change.before, change.after]) {
      const inheritors = side?.['inheritors'];
      if (Array.isArray(inheritors)) for (const name of inheritors) if (typeof name === 'string') reported.add(name);
    }
  }
  return new Set([...reported].filter((name) => named.has(name)));
}

/**
 * Records of reference pages: dropped when the schema diff covers what their section is
 * about (`speaksFor`: `namesTheSchemaSpeaksFor`), otherwise kept as `source: 'reference'`.
 */
export function deferToSchema(changes: readonly Change[], referencePages: ReadonlySet<string>, speaksFor: ReadonlySet<string>): Change[] {
  if (referencePages.size === 0) return [...changes];
  const out: Change[] = [];
  for (const change of changes) {
    if (change.source === 'schema' || !change.page || !referencePages.has(change.page) || change.id.startsWith('page-')) {
      out.push(change);
      continue;
    }
    const names = [change.section.old, change.section.new, change.subject].filter((n): n is string => n !== null).map(bareName);
    if (names.some((n) => speaksFor.has(n))) continue;
    out.push({ ...change, source: 'reference' });
  }
  return out;
}

/** A heading or subject as a definition name: `` `CallToolRequest` `` → `CallToolRequest`. */
export function bareName(text: string): string {
  return text.replace(/[`*]/g, '').trim();
}
