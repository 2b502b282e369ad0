import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { specSnapshots } from '../../scripts/spec-snapshots.ts';
import { parseLock } from '../../scraper/lock.ts';
import type { SiteSpec } from '../../site/lib/site-config.ts';

const dir = mkdtempSync(join(tmpdir(), 'specdelta-spec-snapshots-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const source = join(dir, 'spec');
for (const revision of ['v1.9.0', 'v1.10.0', 'v1.2.0']) {
  mkdirSync(join(source, revision), { recursive: true });
  writeFileSync(join(source, revision, 'Overview.md'), `# Overview\n\nRevision ${revision}. Clients MUST send a name.\n`);
}
writeFileSync(join(source, 'CHANGELOG.md'), '# Changelog\n\n## v1.10.0\n\n- Ten.\n\n## v1.9.0\n\n- Nine.\n');

const spec = (settings: Partial<SiteSpec>): SiteSpec => ({
  name: 'otel', label: 'OTel', title: 'OTel', source, upstream: 'https://example.org/{revision}/{path}', revisions: null, pageLabels: 'title', detector: false, changelog: null, ...settings,
});
const lockOf = (work: string) => parseLock(readFileSync(join(specSnapshots(spec({}), work), 'snapshots.lock.json'), 'utf8'));

describe('the snapshots build:specs writes for a folder of revision folders', () => {
  it('lists the revisions in release order (v1.9.0 before v1.10.0), the newest latest', () => {
    const lock = lockOf(join(dir, 'plain'));
    expect(lock.revisions.map((r) => `${r.id}:${r.status}`)).toEqual(['v1.2.0:superseded', 'v1.9.0:superseded', 'v1.10.0:latest']);
  });

  it("keeps the config's order of revisions", () => {
    const work = join(dir, 'ordered');
    specSnapshots(spec({ revisions: ['v1.10.0', 'v1.9.0'] }), work);
    expect(parseLock(readFileSync(join(work, 'snapshots.lock.json'), 'utf8')).revisions.map((r) => r.id)).toEqual(['v1.10.0', 'v1.9.0']);
  });

  it("gives each revision its release notes from the spec's changelog file as a page titled Changelog", () => {
    const work = join(dir, 'notes');
    specSnapshots(spec({ changelog: join(source, 'CHANGELOG.md'), revisions: ['v1.2.0', 'v1.10.0'] }), work);
    const lock = parseLock(readFileSync(join(work, 'snapshots.lock.json'), 'utf8'));
    expect(lock.pages.filter((p) => p.page === 'changelog').map((p) => p.revision)).toEqual(['v1.10.0']);
    // v1.10.0 follows v1.2.0 on this site: the notes of v1.9.0 belong to that pair too.
    expect(readFileSync(join(work, 'v1.10.0', 'changelog.mdx'), 'utf8')).toBe('---\ntitle: Changelog\n---\n\n## v1.10.0\n\n- Ten.\n\n## v1.9.0\n\n- Nine.\n');
  });
});
