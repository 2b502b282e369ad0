import { describe, expect, it } from 'vitest';
import type { DiffView, RowView, SectionView } from '../../site/lib/align.ts';
import { groupSections } from '../../site/lib/page-view.ts';
import { groupBytes, partOfChanges, splitParts } from '../../site/lib/parts.ts';

const text = (n: number) => ({ type: 'text' as const, line: n, segs: [{ text: 'x'.repeat(1000) }] });
const row = (n: number, changes: number[] = []): RowView => ({ old: text(n), new: text(n), status: 'changed', changes });

function section(key: string, rows: RowView[], changes: number[] = []): SectionView {
  const side = { id: key, heading: [{ text: key }], anchor: key, path: [key], line: 1 };
  return { key, old: side, new: side, depth: 2, status: 'changed', rows, changes, changed: true };
}

describe('splitting a long diff page into parts', () => {
  const view: DiffView = {
    top: [0],
    sections: [
      section('a', [row(1, [1]), row(2)], [2]),
      section('b', Array.from({ length: 30 }, (_, i) => row(10 + i, i === 29 ? [3] : [])), [4]),
      section('c', [row(50, [5])]),
    ],
  };
  const groups = groupSections(view);
  const budget = 12_000;

  it('keeps each part within the budget, cutting a section too long for one part between its rows', () => {
    const parts = splitParts(groups, budget, budget);
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts) {
      const bytes = part.reduce((n, g) => n + groupBytes(g), 0);
      expect(bytes).toBeLessThanOrEqual(budget);
    }
    const pieces = parts.flat().filter((g) => g.type === 'section' && g.section.key === 'b');
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.map((g) => (g.type === 'section' ? g.continued ?? 1 : 0))).toEqual(pieces.map((_, i) => i + 1));
  });

  it('knows the part every record is shown in: heading notes with the first piece, row notes with their row', () => {
    const parts = splitParts(groups, budget, budget);
    const partOf = partOfChanges(view, parts, 6);
    const partWith = (key: string, first: boolean) => parts.findIndex((p) => p.some((g) => g.type === 'section' && g.section.key === key && (first ? !g.continued : true))) + 1;
    expect(partOf[0]).toBe(1);
    expect(partOf[2]).toBe(partWith('a', true));
    expect(partOf[4]).toBe(partWith('b', true));
    const lastPiece = parts.length - [...parts].reverse().findIndex((p) => p.some((g) => g.type === 'section' && g.section.key === 'b'));
    expect(partOf[3]).toBe(lastPiece);
    expect(partOf[5]).toBe(partWith('c', true));
  });

  it('gives part 1 only the change list when the list leaves it no room', () => {
    const parts = splitParts(groups, 0, budget);
    expect(parts[0]).toEqual([]);
    expect(parts.slice(1).every((p) => p.length > 0)).toBe(true);
  });
});
