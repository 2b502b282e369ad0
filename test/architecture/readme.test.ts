import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../harness/paths.ts';

/** The README is a newcomer's page: short, the two commands first; the rest lives under docs/. */
describe('the README', () => {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');

  it('is at most 150 lines', () => {
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(150);
  });

  it('starts with the two commands, then says where the site is and how to open it', () => {
    const first = readme.indexOf('## ', readme.indexOf('\n'));
    expect(readme.slice(first)).toMatch(/^## The two commands/);
    const commands = readme.slice(first, readme.indexOf('\n## ', first + 1));
    expect(commands).toContain('npm ci && npm start');
    expect(commands).toContain('npm test');
    expect(commands).toMatch(/dist\//);
    expect(commands).toMatch(/npm run preview/);
  });

  it('links every guide it names under docs/ to a file that exists', () => {
    for (const [, path] of readme.matchAll(/\]\((docs\/[\w./-]+\.md)\)/g)) expect(readFileSync(join(repoRoot, path!), 'utf8').length).toBeGreaterThan(0);
  });
});
