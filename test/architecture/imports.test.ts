import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../harness/paths.ts';

/**
 * The architecture, checked: the layers below, each importing only layers under it (never a
 * sibling of its own layer, never one above), and no circle among files. The README's
 * architecture section draws the same list.
 */
export const LAYERS: readonly (readonly string[])[] = [
  ['src/core'],
  ['src/net'],
  ['src/records'],
  ['src/model'],
  ['src/schema'],
  ['src/diff'],
  ['src/input'],
  ['src/config'],
  ['src/revision'],
  ['src/changelog'],
  ['src/changes'],
  ['src/report', 'src/detect', 'src/badge'],
  ['src/library.ts'],
  ['src/index.ts'],
  ['scraper'],
  ['src/site-entry.ts'],
  ['src/action'],
  ['src/cli'],
];

/** The unit a file belongs to: a folder of src/ (or a file at its top), or scraper/. */
function unitOf(file: string): string | null {
  const parts = file.split('/');
  if (parts[0] === 'scraper') return 'scraper';
  if (parts[0] !== 'src') return null;
  return parts.length > 2 ? `src/${parts[1]}` : file;
}

function sourceFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(repoRoot, dir))) {
    const path = `${dir}/${entry}`;
    if (statSync(join(repoRoot, path)).isDirectory()) found.push(...sourceFiles(path));
    else if (/\.ts$/.test(entry) && !/\.(test|d)\.ts$/.test(entry)) found.push(path);
  }
  return found;
}

const IMPORT = /(?:import|export)\s[^'"`;]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function importsOf(file: string): string[] {
  const text = readFileSync(join(repoRoot, file), 'utf8');
  return [...text.matchAll(IMPORT)].map((m) => normalize(join(dirname(file), m[1] ?? m[2]!)).replace(/\\/g, '/'));
}

const files = [...sourceFiles('src'), ...sourceFiles('scraper')];
const layerOf = new Map(LAYERS.flatMap((units, layer) => units.map((unit) => [unit, layer] as const)));

describe('the architecture', () => {
  it('places every unit of src/ and scraper/ in a layer', () => {
    const units = new Set(files.map(unitOf).filter((u): u is string => u !== null));
    expect([...units].filter((u) => !layerOf.has(u))).toEqual([]);
  });

  it('imports only downwards: never a layer above, never a sibling of its own layer', () => {
    const wrong: string[] = [];
    for (const file of files) {
      const from = unitOf(file)!;
      for (const target of importsOf(file)) {
        const to = unitOf(target);
        if (to === null || to === from) continue;
        const [a, b] = [layerOf.get(from)!, layerOf.get(to)];
        if (b === undefined || b >= a) wrong.push(`${file} imports ${relative('.', target)} (${from}, layer ${a} → ${to}, layer ${b ?? '?'})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('has no circle among files', () => {
    const graph = new Map(files.map((f) => [f, importsOf(f).filter((t) => files.includes(t))]));
    const circles: string[][] = [];
    // Tarjan's strongly connected components: a component of more than one file is a circle.
    let next = 0;
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const visit = (v: string) => {
      index.set(v, next);
      low.set(v, next++);
      stack.push(v);
      onStack.add(v);
      for (const w of graph.get(v)!) {
        if (!index.has(w)) {
          visit(w);
          low.set(v, Math.min(low.get(v)!, low.get(w)!));
        } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
      if (low.get(v) === index.get(v)) {
        const component: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          component.push(w);
        } while (w !== v);
        if (component.length > 1) circles.push(component.sort());
      }
    };
    for (const file of graph.keys()) if (!index.has(file)) visit(file);
    expect(circles).toEqual([]);
  });

  it('is the list the README draws (its layers block, top to bottom)', () => {
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    const block = /<!-- layers: begin -->\n```\n([\s\S]*?)```\n<!-- layers: end -->/.exec(readme);
    expect(block).not.toBeNull();
    // Each line: the layer's units, comma-separated, then two or more spaces and what they hold.
    const drawn = block![1]!.trim().split('\n').map((line) => line.split(/\s{2,}/)[0]!.split(/,\s*/));
    expect(drawn).toEqual(LAYERS.map((units) => [...units]));
  });

  it('would catch an upward import (the check itself can fail)', () => {
    const from = 'src/model';
    const to = 'src/changes';
    expect(layerOf.get(to)! >= layerOf.get(from)!).toBe(true);
  });
});
