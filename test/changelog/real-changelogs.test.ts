import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readChangelog, type ChangelogItemReading, type ChangelogReading } from '../../src/changelog/index.ts';
import type { Change } from '../../src/records/change.ts';
import { pageIds } from '../../src/input/spec-tree.ts';
import { diffMirrorRevisionsWithDiagnostics } from '../helpers/mirror-revisions.ts';
import { mirrorAvailable, specPages } from '../../harness/paths.ts';

/**
 * The real changelogs ("Key Changes") of the released revisions held against the
 * whole-revision diffs of the mirror (../shared/mcp-spec). The counts pin today's reading;
 * the items asserted by name were checked by hand against the changelog and the pages.
 */

interface Pair {
  reading: ChangelogReading;
  changes: Map<string, Change>;
}

async function pair(oldRev: string, newRev: string): Promise<Pair> {
  const diff = await diffMirrorRevisionsWithDiagnostics(oldRev, newRev);
  const dir = join(specPages, newRev);
  const reading = readChangelog(diff, { pages: pageIds(dir), text: (page) => readFileSync(join(dir, `${page}.mdx`), 'utf8'), label: newRev });
  if (reading.page === null) throw new Error(reading.note);
  const { items, confirmed, notVisible, unannounced } = reading.summary;
  console.log(`${oldRev} → ${newRev}: ${items} items, ${confirmed} confirmed, ${notVisible} not visible, ${unannounced} unannounced records in ${reading.unannounced.length} themes`);
  return { reading, changes: new Map(diff.changes.map((c) => [c.fingerprint, c])) };
}

function item(reading: ChangelogReading, section: string, number: number): ChangelogItemReading {
  const found = reading.items.find((i) => i.section === section && i.number === number);
  if (!found) throw new Error(`no item ${section} ${number}`);
  return found;
}

/** The records an item is confirmed by, as `page id subject`. */
function confirming(p: Pair, it: ChangelogItemReading): string[] {
  return it.records.map((fp) => p.changes.get(fp)!).map((c) => `${c.page} ${c.id} ${c.subject}`);
}

describe.skipIf(!mirrorAvailable())('the released revisions\' own changelogs', () => {
  it('2025-03-26 → 2025-06-18', async () => {
    const p = await pair('2025-03-26', '2025-06-18');
    expect(p.reading.page).toBe('changelog');
    // 77: a schema definition that names a shape spelled inline before, and a union whose members only came or went
    // on their own, are editorial, no longer unannounced (#26).
    // Sections that only explain or only hold an example (a threat described, a sequence diagram) are editorial, no longer unannounced (#26).
    // 73: a new definition that only names a union of definitions (`ContentBlock`, `PrimitiveSchemaDefinition`) is editorial (#26).
    expect(p.reading.summary).toEqual({ items: 12, confirmed: 12, notVisible: 0, unannounced: 73 });
    // "Change SHOULD to MUST in Lifecycle Operation": the strengthened rule of that section (its lead-in and both items), found by the link.
    const lifecycle = item(p.reading, 'Major changes', 9);
    expect(confirming(p, lifecycle)).toEqual([
      'basic/lifecycle rule-strengthened Both parties MUST: Respect the negotiated protocol version; Only use capabilities that were successfully negotiated.',
    ]);
    // "Remove support for JSON-RPC batching": the batching rule that went.
    expect(confirming(p, item(p.reading, 'Major changes', 1))).toEqual([expect.stringMatching(/^basic\/index required-rule-removed MCP implementations MAY support sending JSON-RPC batches/)]);
  }, 120_000);

  it('2025-06-18 → 2025-11-25', async () => {
    const p = await pair('2025-06-18', '2025-11-25');
    // 252: a reworded MUST that only exchanged words, and a sentence that only introduces a table of fields,
    // are no longer unannounced duties (#26); authorization's "`error_description` (optional): …" bullet is a
    // field of its section now, not only a term (#28).
    // 233: the request and notification params named out of their inline shapes, and the unions gaining the tasks
    // requests, are editorial (each named shape's and each member's own changes are reported on their own) (#26).
    // 230: shapes named out of inline ones that a request new in this revision also uses (`PaginatedRequestParams`
    // with the new tasks/list) are editorial too: the new request is told on its own (#26).
    // 218: a paragraph whose only edit is a curly apostrophe made straight is no change at all (#26).
    // Sections that only explain or only hold an example (a threat described, a sequence diagram) are editorial, no longer unannounced (#26).
    // 214: a SHOULD NOT whose 'unless' exception became a MAY under the same condition is no inversion (#26).
    // 211: definitions that only name a union, a MUST restating a document the old revision already bound clients to,
    // and a MUST on a field's type the old schema already required are editorial; a changed reservation of `_meta`
    // prefixes is a duty now (#26).
    expect(p.reading.summary).toEqual({ items: 24, confirmed: 19, notVisible: 5, unannounced: 211 });
    // Governance is not in the spec text: all four items are not visible.
    expect(p.reading.items.filter((i) => i.section === 'Governance and process updates').map((i) => i.status)).toEqual(['not-visible', 'not-visible', 'not-visible', 'not-visible']);
    // Tasks: the link to the new page finds the page-added record, and nothing else.
    expect(confirming(p, item(p.reading, 'Major changes', 9))).toEqual(['basic/utilities/tasks page-added basic/utilities/tasks']);
    // Tool calling in sampling: the schema's new fields named in code.
    expect(confirming(p, item(p.reading, 'Major changes', 7))).toEqual(expect.arrayContaining([
      'schema field-added CreateMessageRequest.params.toolChoice',
      'schema field-added CreateMessageRequest.params.tools',
    ]));
  }, 120_000);

  it('2025-11-25 → 2026-07-28', async () => {
    const p = await pair('2025-11-25', '2026-07-28');
    // 187: the reference page's new "Errors" group heading is a record since empty sections stopped pairing as renamed (#13);
    // 186: codes listed to be retired are not new error codes (#26).
    // 182: response envelopes named around existing results (`*ResultResponse`) add nothing on the wire (#26).
    // 177: nor do envelopes around a union of results (`ReadResourceResult` or `InputRequiredResult`), and the
    // `_meta` shapes named out of inline ones are editorial though new messages use them too (#26).
    // Sections that only explain or only hold an example (a threat described, a sequence diagram) are editorial, no longer unannounced (#26).
    // 170: a new MUST that only points at the duties of the split-off Security Considerations page adds none (#26).
    // 169: nor does a sentence in which a page describes the requirements it holds (#26).
    expect(p.reading.summary).toEqual({ items: 28, confirmed: 27, notVisible: 1, unannounced: 169 });
    // The SEP workflow lives outside the spec.
    expect(item(p.reading, 'Process changes', 1).status).toBe('not-visible');
    // "-32002 to -32602": the retired code no implementation may emit, and the code servers now return.
    expect(confirming(p, item(p.reading, 'Minor changes', 6))).toEqual(expect.arrayContaining([
      expect.stringMatching(/^basic\/index required-rule-added Implementations of this protocol version MUST NOT emit these codes: `-32002` — resource not found/),
      expect.stringMatching(/^server\/resources required-rule-added If the requested resource does not exist, servers MUST return a JSON-RPC error with code `-32602`/),
    ]));
    // The removed methods of "Remove `ping`, `logging/setLevel`, …".
    expect(confirming(p, item(p.reading, 'Major changes', 5))).toEqual(expect.arrayContaining(['schema message-removed ping', 'schema message-removed logging/setLevel']));
  }, 180_000);
});
