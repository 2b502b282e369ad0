import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffPageTexts } from '../../src/diff/index.ts';
import { parsePage } from '../../src/model/index.ts';
import { mirrorAvailable, specPages } from '../../harness/paths.ts';

/**
 * Field tables and error codes as the real spec writes them. The patterns' own goldens are
 * in fixtures/pages/{error-code-ranges,field-table-key-lists,table-row-prose}; here, the
 * pages they were found on.
 */
const describeMirror = mirrorAvailable() ? describe : describe.skip;
const read = (revision: string, page: string) => readFileSync(join(specPages, revision, `${page}.mdx`), 'utf8');
/** The keys of the page's table row whose key cell lists several code spans: found by its shape, not its words. */
const listedKeys = (page: string) => {
  const row = page.split('\n').find((l) => /^\|\s*`[^`|]+`(?:\s*(?:,|and|or|<br\s*\/?>)\s*`[^`|]+`)+\s*\|/.test(l));
  return row ? [...row.split('|')[1]!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!).sort() : [];
};

describeMirror('field tables and error codes on the real spec (2025-11-25 → 2026-07-28)', () => {
  it('basic/index: the ends of a reserved range are no new error codes', () => {
    const page = read('2026-07-28', 'basic/index');
    // The page reserves ranges ("`A` to `B`") and defines codes in a table: only the table's are codes.
    const ranges = [...page.matchAll(/`(-\d+)` to `(-\d+)`/g)].flatMap((m) => [m[1]!, m[2]!]);
    expect(ranges.length).toBeGreaterThan(2);
    const tableCodes = [...page.matchAll(/^\|\s*`(-\d+)`\s*\|/gm)].map((m) => m[1]!);
    const codes = parsePage(page).errorCodes.map((e) => String(e.code));
    for (const bound of ranges.filter((r) => !tableCodes.includes(r))) expect(codes).not.toContain(bound);
    for (const code of tableCodes) expect(codes).toContain(code);
    const added = diffPageTexts(read('2025-11-25', 'basic/index'), page).changes.filter((c) => c.id === 'error-code-added').map((c) => c.subject);
    for (const bound of ranges.filter((r) => !tableCodes.includes(r))) expect(added).not.toContain(bound);
  });

  it('basic/index: a table row whose key cell lists several keys adds each key, named once in code', () => {
    const page = read('2026-07-28', 'basic/index');
    const keys = listedKeys(page);
    expect(keys.length).toBeGreaterThan(1);
    const fields = diffPageTexts(read('2025-11-25', 'basic/index'), page).changes.filter((c) => c.kind === 'schema-field' && c.action === 'added');
    for (const key of keys) {
      const [record] = fields.filter((c) => c.after?.['path'] === key);
      expect(record?.message).toMatch(new RegExp(`\`${key}\`\\.$`));
      expect(record?.message).not.toContain('``');
    }
  });

  it('basic/index: the paragraph that reserves the new row\'s keys is part of their records, not a new paragraph', () => {
    const page = read('2026-07-28', 'basic/index');
    const keys = listedKeys(page);
    expect(keys.length).toBeGreaterThan(1);
    const changes = diffPageTexts(read('2025-11-25', 'basic/index'), page).changes;
    const namesExactly = (text: string) => JSON.stringify([...new Set([...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]!))].sort()) === JSON.stringify(keys);
    expect(changes.filter((c) => c.id === 'prose-added' && namesExactly(c.after!.text))).toEqual([]);
    for (const key of keys) {
      const [record] = changes.filter((c) => c.kind === 'schema-field' && c.after?.['path'] === key);
      expect(namesExactly(String(record?.after?.['prose']))).toBe(true);
    }
  });
});
