import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { diffPageTexts } from '../src/diff/index.ts';
import { summarize } from '../src/records/change.ts';
import { checkSnapshots } from './check.ts';
import { writeFileAtomic } from './atomic.ts';
import { sha256 } from './hash.ts';
import { serializeLock, type Lock } from './lock.ts';
import type { Source } from './types.ts';

const REFS = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'shared', 'mcp-spec', 'refs');
const PATH = 'docs/specification/2025-06-18/client/elicitation.mdx';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'specdelta-check-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A source that serves one page's newer text, and a navigation listing it. */
function fakeSource(body: Buffer): Source {
  const nav = JSON.stringify({ navigation: { versions: [{ version: 'v (latest)', pages: ['specification/2025-06-18/client/elicitation'] }] } });
  return {
    via: 'http',
    label: 'fake',
    commit: async () => null,
    locate: (path) => `fake:${path}`,
    list: async () => [`schema/2025-06-18/schema.json`],
    get: async (path) => ({ status: 'ok', body: path.endsWith('docs.json') ? Buffer.from(nav) : body, url: path, finalUrl: null, etag: null, lastModified: null }),
  };
}

describe('drift report', () => {
  it('summarises an upstream change with the core differ (diffPageTexts + summarize)', async () => {
    const oldBody = await readFile(join(REFS, 'd2cac4fd1420d4119624a001813df54fedaaa0ee', PATH));
    const newBody = await readFile(join(REFS, 'main', PATH));
    await writeFileAtomic(join(dir, '2025-06-18', 'client', 'elicitation.mdx'), oldBody);
    const lock: Lock = {
      lockfileVersion: 1,
      revisions: [{ id: '2025-06-18', date: '2025-06-18', status: 'latest' }],
      pages: [{ revision: '2025-06-18', page: 'client/elicitation', url: 'x', via: 'http', path: PATH, commit: null, sha256: sha256(oldBody), size: oldBody.length, retrievedAt: '2025-06-18T00:00:00.000Z', etag: null, lastModified: null }],
    };
    await writeFileAtomic(join(dir, 'snapshots.lock.json'), serializeLock(lock));
    const report = await checkSnapshots({ snapshotsDir: dir, source: fakeSource(newBody) });
    expect(report.local).toEqual([]);
    const changed = report.upstream!.pages.find((p) => p.change === 'changed')!;
    expect(changed.summary).toEqual(summarize(diffPageTexts(oldBody.toString('utf8'), newBody.toString('utf8')).changes));
    // The navigation also publishes schema.json for the revision now: reported as added.
    expect(report.upstream!.pages.find((p) => p.change === 'added')?.page).toBe('schema.json');
  });
});
