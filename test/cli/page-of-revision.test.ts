import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../harness/run-cli.ts';

/**
 * `diff REV:PAGE REV:PAGE` of two snapshot revisions is the page as its revision's diff reads
 * it: a code one page stops naming while the revision still defines it elsewhere is not
 * "removed" there, and the page's counts are the counts the revision's report gives it.
 */
function snapshots(): string {
  const dir = mkdtempSync(join(tmpdir(), 'specdelta-slice-'));
  const write = (revision: string, page: string, text: string) => {
    mkdirSync(join(dir, 'snapshots', revision), { recursive: true });
    writeFileSync(join(dir, 'snapshots', revision, `${page}.mdx`), text);
  };
  write('2000-01-01', 'errors', '# Errors\n\n## Codes\n\nServers return `-32099` (Widget Busy) when busy.\n\nServers **MUST** log errors.\n');
  write('2000-01-01', 'widgets', '# Widgets\n\n## Spinning\n\nWidgets spin.\n');
  write('2000-02-01', 'errors', '# Errors\n\n## Codes\n\nServers **MUST** log errors.\n\nServers **MUST** log warnings.\n');
  write('2000-02-01', 'widgets', '# Widgets\n\n## Spinning\n\nWidgets spin. A busy widget answers `-32099` (Widget Busy).\n');
  return dir;
}

describe('a page of two snapshot revisions', () => {
  it('is read as its revision reads it, and counts what the revision counts for it', async () => {
    const cwd = snapshots();
    const page = JSON.parse((await runCli(['diff', '2000-01-01:errors', '2000-02-01:errors', '--format', 'json'], { cwd })).stdout);
    expect(page.changes.map((c: { id: string }) => c.id)).not.toContain('error-code-removed');
    // The same two files diffed as loose files know nothing of the revision: there the code is gone.
    const loose = JSON.parse((await runCli(['diff', 'snapshots/2000-01-01/errors.mdx', 'snapshots/2000-02-01/errors.mdx', '--format', 'json'], { cwd })).stdout);
    expect(loose.changes.map((c: { id: string }) => c.id)).toContain('error-code-removed');

    const whole = JSON.parse((await runCli(['diff', '2000-01-01', '2000-02-01', '--format', 'json'], { cwd })).stdout);
    const home = whole.grouped.filter((c: { page: string }) => c.page === 'errors');
    expect(page.grouped.filter((c: { page: string }) => c.page === 'errors')).toEqual(home);
    expect(page.summary.impact.breaking).toBe(home.filter((c: { impact: string }) => c.impact === 'breaking').length);
    expect(page.summary.impact.breaking).toBe(1);
  });
});
