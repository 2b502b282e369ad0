import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, found from this file: tests never depend on the working directory. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The upstream mirror beside the repository (../shared/mcp-spec); never copied into it. */
export const specMirror = resolve(repoRoot, '../shared/mcp-spec');
export const specMain = join(specMirror, 'refs/main');
export const specPages = join(specMain, 'docs/specification');

/**
 * Whether the shared data beside the repository is there. A developer's checkout may lack it
 * and skips the tests that read it; in CI (CI set) its absence is an error, so a missing
 * mirror can never turn real tests into silent skips.
 */
export function mirrorAvailable(): boolean {
  return requiredInCi(existsSync(specPages), `the spec mirror is missing at ${specPages}`);
}

/** `present`, or in CI an error naming what is missing. */
export function requiredInCi(present: boolean, missing: string): boolean {
  if (!present && process.env['CI']) throw new Error(`${missing}: CI runs every test, so it must be there (tests skip it only outside CI).`);
  return present;
}

export const fixturesDir = join(repoRoot, 'fixtures');
