import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../harness/run-cli.ts';
import { e2eSnapshotsDir, ensureSiteBuilt } from './helpers/index.ts';

/** The build runs `specdelta lint` on every revision page: the findings it shows are the CLI's. */
describe('schema cross-check on revision pages', () => {
  let dist: string;
  beforeAll(async () => {
    dist = await ensureSiteBuilt();
  });

  const findingsOnPage = (revision: string, page: string) => {
    const $ = cheerio.load(readFileSync(join(dist, 'rev', revision, page, 'index.html'), 'utf8'));
    return $('section.lint li').map((_, li) => $(li).text().replace(/\s+/g, ' ').trim()).get();
  };

  it('lists the same findings, with the same lines, as specdelta lint', async () => {
    const revision = '2026-07-28';
    const page = 'basic/index';
    const cli = await runCli(['lint', `${revision}:${page}`, '--format', 'json', '--snapshots', e2eSnapshotsDir]);
    const expected = JSON.parse(cli.stdout) as { findings: { line: number; message: string }[] };
    expect(expected.findings.length).toBeGreaterThan(0);
    const shown = findingsOnPage(revision, page);
    expect(shown).toHaveLength(expected.findings.length);
    expected.findings.forEach((f, i) => expect(shown[i]).toContain(`line ${f.line}: ${f.message}`));
  });

  it('shows no section for a page whose examples agree with the schema', () => {
    expect(findingsOnPage('2025-11-25', 'client/elicitation')).toEqual([]);
  });
});
