import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildDiffView, type BlockSide } from '../../site/lib/align.ts';
import { diffPageTexts } from '../../src/diff/index.ts';
import { parseMarkdown } from '../../src/model/markdown.ts';
import { mirrorAvailable, specPages } from '../../harness/paths.ts';

function pagesOf(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.mdx')) out.push(relative(dir, path).replace(/\.mdx$/, ''));
    }
  };
  walk(dir);
  return out;
}

function revisions(): string[] {
  const ids = readdirSync(specPages).filter((id) => statSync(join(specPages, id)).isDirectory());
  return ids.sort((a, b) => (a === 'draft' ? 1 : b === 'draft' ? -1 : a.localeCompare(b)));
}

describe.skipIf(!mirrorAvailable())('the side-by-side view of real pages', () => {
  it('places every change once and shows every block of both sides once, in order', { timeout: 180_000 }, () => {
    const revs = revisions();
    let pairs = 0;
    for (let i = 0; i + 1 < revs.length; i++) {
      const oldPages = new Set(pagesOf(join(specPages, revs[i]!)));
      for (const page of pagesOf(join(specPages, revs[i + 1]!))) {
        if (!oldPages.has(page)) continue;
        const oldText = readFileSync(join(specPages, revs[i]!, `${page}.mdx`), 'utf8');
        const newText = readFileSync(join(specPages, revs[i + 1]!, `${page}.mdx`), 'utf8');
        const { changes } = diffPageTexts(oldText, newText);
        const view = buildDiffView(oldText, newText, changes);
        const where = `${revs[i]}→${revs[i + 1]} ${page}`;

        const placed = [...view.top, ...view.sections.flatMap((s) => [...s.changes, ...s.rows.flatMap((r) => r.changes)])].sort((a, b) => a - b);
        expect(placed, where).toEqual(changes.map((_, k) => k));

        for (const [side, text] of [['old', oldText], ['new', newText]] as const) {
          const expected = parseMarkdown(text).blocks.filter((b) => b.type !== 'heading').map((b) => b.line).sort((a, b) => a - b);
          const shown = view.sections.flatMap((s) => s.rows.map((r) => r[side]).filter((b): b is BlockSide => b !== null)).map((b) => b.line).sort((a, b) => a - b);
          expect(shown, `${where} (${side})`).toEqual(expected);
        }
        pairs += 1;
      }
    }
    expect(pairs).toBeGreaterThan(50);
  });

  it('shows a page that only one side has as wholly added', () => {
    const text = '# T\n\nServers MUST do it.\n\n## A\n\nMore.\n';
    const view = buildDiffView(null, text, []);
    expect(view.sections.every((s) => s.status === 'added' && s.old === null)).toBe(true);
    expect(view.sections.flatMap((s) => s.rows).every((r) => r.status === 'added' && r.new?.segs?.every((seg) => seg.op === 'ins'))).toBe(true);
  });
});
