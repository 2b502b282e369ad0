import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildDiffView, type BlockSide } from '../../site/lib/align.ts';
import { jsonDiff, readJson } from '../../site/lib/json-diff.ts';
import { markedLines, type CodeLine } from '../../site/lib/segments.ts';
import { diffPageTexts } from '../../src/diff/index.ts';
import { fixturesDir, mirrorAvailable, specPages } from '../../harness/paths.ts';

const fixture = (name: string) => readFileSync(join(fixturesDir, 'site/json-diff', name), 'utf8');
const marked = (code: string, marks: { start: number; end: number }[]) => marks.map((m) => code.slice(m.start, m.end));
/** What each marked line shows: the whole line, or only its marked parts. */
const shown = (lines: CodeLine[]) => lines.flatMap((l) => (l.op ? [`${l.op}:${l.text.trim()}`] : (l.parts ?? []).filter((p) => p.op).map((p) => `${p.op}:${p.text}`)));

describe('JSON examples diffed as data', () => {
  it('marks nothing when an example is only re-indented and its keys reordered', () => {
    const [a, b] = [fixture('reindented.old.jsonc'), fixture('reindented.new.jsonc')];
    expect(jsonDiff(a, b)).toEqual({ old: [], new: [] });
    expect(shown(markedLines(b, [], 'ins'))).toEqual([]);
  });

  it('marks a changed value once on each side, at its path, and leaves its line\'s other keys alone', () => {
    const [a, b] = [fixture('value.old.jsonc'), fixture('value.new.jsonc')];
    const diff = jsonDiff(a, b)!;
    expect(marked(a, diff.old)).toEqual(['"fast"']);
    expect(marked(b, diff.new)).toEqual(['"medium"']);
    expect(shown(markedLines(a, diff.old, 'del'))).toEqual(['del:"fast"']);
    expect(shown(markedLines(b, diff.new, 'ins'))).toEqual(['ins:"medium"']);
  });

  it('marks an added key (with its comma) as a whole line, reading placeholders and comments as a reader does', () => {
    const [a, b] = [fixture('added.old.jsonc'), fixture('added.new.jsonc')];
    const diff = jsonDiff(a, b)!;
    expect(diff.old).toEqual([]);
    expect(marked(b, diff.new)).toEqual(['"turns": 3,']);
    const lines = markedLines(b, diff.new, 'ins');
    expect(shown(lines)).toEqual(['ins:"turns": 3,']);
    // Its indentation is not marked.
    expect(lines.find((l) => l.op)!.parts).toEqual([{ text: '    ' }, { text: '"turns": 3,', op: 'ins' }]);
  });

  it('marks a changed comment, a removed array element and a value that became a placeholder', () => {
    const diff = jsonDiff('// old words\n[{ "a": 1 }, { "b": 2 }, { "c": 3 }]', '// new words\n[{ "a": 1 }, { "c": 3 }, { "d": ... }]')!;
    expect(marked('// old words\n[{ "a": 1 }, { "b": 2 }, { "c": 3 }]', diff.old)).toEqual(['// old words', '{ "b": 2 },']);
    expect(marked('// new words\n[{ "a": 1 }, { "c": 3 }, { "d": ... }]', diff.new)).toEqual(['// new words', '{ "d": ... }']);
  });

  it('reads several values in a row (a request, then its result)', () => {
    const a = '{ "id": 1, "method": "m" }\n{ "id": 1, "result": {} }';
    const b = '{\n  "id": 1,\n  "method": "m"\n}\n{ "id": 1, "result": { "x": true } }';
    expect(marked(b, jsonDiff(a, b)!.new)).toEqual(['"x": true']);
  });

  it('gives up on what is not JSON: unquoted keys, prose, a lone scalar', () => {
    expect(jsonDiff(fixture('added.old.jsonc'), fixture('broken.new.jsonc'))).toBeNull();
    expect(readJson('sequenceDiagram\n  A->>B: {x}')).toBeNull();
    expect(readJson('42')).toBeNull();
  });

  it('shows a changed JSON block in the side-by-side view as data, keeping its line diff for the toggle', () => {
    const page = (code: string) => `# P\n\n## Example\n\n\`\`\`json\n${code}\`\`\`\n`;
    const [a, b] = [page(fixture('value.old.jsonc')), page(fixture('value.new.jsonc'))];
    const view = buildDiffView(a, b, diffPageTexts(a, b).changes);
    const row = view.sections.flatMap((s) => s.rows).find((r) => r.status === 'changed')!;
    expect(shown(row.new!.code!)).toEqual(['ins:"medium"']);
    expect(row.new!.lineCode!.filter((l) => l.op === 'ins').map((l) => l.text.trim())).toEqual(['{ "name": "lever", "speed": "medium" }']);
    // Not JSON on one side: the line diff only.
    const [d, c] = [page(fixture('added.old.jsonc')), page(fixture('broken.new.jsonc'))];
    const fallback = buildDiffView(d, c, diffPageTexts(d, c).changes).sections.flatMap((s) => s.rows).find((r) => r.status === 'changed')!;
    expect(fallback.new!.lineCode).toBeUndefined();
    expect(fallback.new!.code!.some((l) => l.op === 'ins')).toBe(true);
  });
});

describe.skipIf(!mirrorAvailable())('JSON examples of real pages', () => {
  const read = (revision: string, page: string) => readFileSync(join(specPages, revision, `${page}.mdx`), 'utf8');
  const codeRows = (a: string, b: string) => buildDiffView(a, b, diffPageTexts(a, b).changes).sections.flatMap((s) => s.rows)
    .filter((r): r is typeof r & { old: BlockSide; new: BlockSide } => r.status === 'changed' && r.old?.type === 'code' && r.new?.type === 'code');

  it('server/resources 2025-11-25 → 2026-07-28: the capability example only reorders its keys, so nothing is marked but the line view shows it', () => {
    const rows = codeRows(read('2025-11-25', 'server/resources'), read('2026-07-28', 'server/resources'));
    const capability = rows.find((r) => r.new.code!.some((l) => l.text.includes('"subscribe"')) && r.new.code!.length < 12)!;
    expect(capability).toBeDefined();
    expect(shown([...capability.old.code!, ...capability.new.code!])).toEqual([]);
    expect(capability.new.lineCode!.filter((l) => l.op).length).toBeGreaterThan(0);
  });

  it('server/tools 2025-06-18 → 2025-11-25: the example missing a comma upstream keeps its line diff', () => {
    const rows = codeRows(read('2025-06-18', 'server/tools'), read('2025-11-25', 'server/tools'));
    const image = rows.find((r) => r.old.code!.some((l) => l.text.includes('base64-encoded-data')))!;
    expect(image.old.lineCode).toBeUndefined();
    expect(image.old.code!.some((l) => l.op === 'del')).toBe(true);
  });
});
