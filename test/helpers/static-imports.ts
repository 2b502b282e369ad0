import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { repoRoot } from '../../harness/paths.ts';

/**
 * What loading a module loads before any of its code runs: its static imports and
 * re-exports, followed through our own files. Type-only imports are erased and dynamic
 * `import()` loads later, on demand, so neither counts. Returns the repository files
 * (relative paths) and the bare specifiers (packages, `node:` modules) reached.
 */
export function staticImportGraph(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    const path = relative(repoRoot, file);
    if (files.has(path)) return;
    files.add(path);
    for (const specifier of staticSpecifiers(readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.')) packages.add(specifier);
      else {
        const target = resolve(dirname(file), specifier);
        if (existsSync(target)) visit(target);
      }
    }
  };
  visit(resolve(repoRoot, entry));
  return { files: [...files].sort(), packages: [...packages].sort() };
}

/** `import … from 'x'`, `import 'x'`, `export … from 'x'`, skipping `import type` / `export type`. */
function staticSpecifiers(source: string): string[] {
  const out: string[] = [];
  const statement = /^(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;
  for (const m of source.matchAll(statement)) if (!m[1]) out.push(m[2]!);
  return out;
}
