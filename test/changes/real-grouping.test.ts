import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SpecChange } from '../../src/changes/index.ts';
import type { Change } from '../../src/records/change.ts';
import { folderTree, type RevisionTree } from '../../src/input/revision-tree.ts';
import { reportRevisions } from '../../src/report/revision-report.ts';
import { specMain, specPages } from '../../harness/paths.ts';

/**
 * Relations of the grouping checked on the real spec, where the shapes are larger than any
 * fixture of ours: each asserts which records one change holds.
 */
function mirrorTree(revision: string): RevisionTree {
  const tree = folderTree(join(specPages, revision), { label: revision });
  const schema = join(specMain, 'schema', revision, 'schema.json');
  return { ...tree, schema: () => (existsSync(schema) ? readFileSync(schema, 'utf8') : null) };
}

async function changesOf(older: string, newer: string): Promise<{ grouped: SpecChange[]; byFingerprint: Map<string, Change> }> {
  const report = await reportRevisions(mirrorTree(older), mirrorTree(newer));
  return { grouped: report.grouped, byFingerprint: new Map(report.changes.map((c) => [c.fingerprint, c])) };
}

/** The one change holding a record of this catalog id and subject. */
function holding(r: { grouped: SpecChange[]; byFingerprint: Map<string, Change> }, id: string, subject: string): SpecChange {
  const found = r.grouped.filter((c) => c.records.some((f) => r.byFingerprint.get(f)?.id === id && r.byFingerprint.get(f)?.subject === subject));
  expect(found, `${id} ${subject}`).toHaveLength(1);
  return found[0]!;
}

describe('grouping on the real spec', () => {
  it('2025-06-18 → 2025-11-25: a new field typed by a new feature\'s shape is part of that feature; an item type goes with its container', async () => {
    const r = await changesOf('2025-06-18', '2025-11-25');
    // The `task` parameter of several requests, typed by the tasks page's `TaskMetadata`.
    const tasks = holding(r, 'definition-added', 'TaskMetadata');
    expect(tasks.title).toBe('New page basic/utilities/tasks.');
    expect(holding(r, 'field-added', 'CallToolRequest.params.task')).toBe(tasks);
    // `Icon`, only the item type of the new `icons` that six definitions inherit.
    const icons = holding(r, 'definition-added', 'Icons');
    expect(holding(r, 'definition-added', 'Icon')).toBe(icons);
    expect(icons.title).toMatch(/^New definition `Icons` brings field `icons`/);
    // `requestId` made optional while its description still makes every sender of a cancellation provide it.
    const requestId = r.byFingerprint.get(holding(r, 'field-became-optional', 'CancelledNotification.params.requestId').records.find((f) => r.byFingerprint.get(f)?.id === 'field-became-optional')!)!;
    expect(requestId.level).toBe('non-breaking');
  });

  it('2025-11-25 → 2026-07-28: the value and item types of the multi round-trip maps join its page; the new result keeps its own change', async () => {
    const r = await changesOf('2025-11-25', '2026-07-28');
    const mrtr = holding(r, 'page-added', 'basic/patterns/mrtr');
    expect(holding(r, 'definition-added', 'InputResponse')).toBe(mrtr);
    expect(holding(r, 'definition-added', 'InputRequest')).toBe(mrtr);
    const result = holding(r, 'definition-added', 'InputRequiredResult');
    expect(result).not.toBe(mrtr);
    expect(result.title).toBe('New definition `InputRequiredResult`.');
  });
});
