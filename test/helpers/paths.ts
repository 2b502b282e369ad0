import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, found from this file: tests never depend on the working directory. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The upstream mirror beside the repository (../shared/mcp-spec); never copied into it. */
export const specMirror = resolve(repoRoot, '../shared/mcp-spec');
export const specMain = join(specMirror, 'refs/main');
export const specPages = join(specMain, 'docs/specification');

export function mirrorAvailable(): boolean {
  return existsSync(specPages);
}

export const fixturesDir = join(repoRoot, 'fixtures');
