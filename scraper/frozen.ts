import { readFile } from 'node:fs/promises';
import { InputError } from '../src/core/errors.ts';
import { extractArticle } from './article.ts';
import { writeFileAtomic } from './atomic.ts';
import { normalizePage, selectRevisions } from './catalog.ts';
import { SourceError } from './errors.ts';
import { sha256 } from './hash.ts';
import { httpGet, type HttpOptions } from './http.ts';
import { SCHEMA_PAGE } from './layout.ts';
import { recoverInterruptedRun } from './recovery.ts';
import { withRunLock } from './run-lock.ts';
import { UPSTREAM_RAW_ROOT } from './sources/http.ts';
import { loadLock, lockPath, snapshotPath, type LockedPage } from './lock.ts';
import { displayPath } from '../src/core/paths.ts';
import { mapLimit } from './pool.ts';
import { silentProgress, type Progress } from './progress.ts';
import type { ItemReport, SnapshotReport } from './snapshot.ts';
import type { Expect, FetchOutcome, Source } from './types.ts';
import { verifyBody } from './verify.ts';

/**
 * `snapshot --frozen`: brings in exactly what the lock says. Pages whose local file already
 * has the locked hash are left alone; the others are fetched and written only when their
 * bytes have the locked hash. The lock itself is never changed, except that an interrupted
 * `snapshot` run is first finished or rolled back (recovery.ts), so "the lock" is a whole
 * one. Each page is written atomically on its own: a killed --frozen run leaves every file
 * either as it was or with its locked bytes, and running it again completes it.
 */
interface FrozenRequest {
  snapshotsDir: string;
  /**
   * Where to fetch from. Null: each page's own URL from the lock (HTTP and site pages;
   * pages locked from a local folder or clone then need a source).
   * A function gets the page's entry (so a git source can use the locked commit).
   */
  source: Source | ((entry: LockedPage) => Source) | null;
  http: HttpOptions;
  /** Where pages locked from a local mirror or clone are fetched at their commit (default: upstream's raw host). */
  rawRoot?: string;
  revisions?: string[];
  pages?: string[];
  concurrency?: number;
  progress?: Progress;
}

export async function snapshotFrozen(request: FrozenRequest): Promise<SnapshotReport> {
  return withRunLock(request.snapshotsDir, () => snapshotFrozenLocked(request));
}

async function snapshotFrozenLocked(request: FrozenRequest): Promise<SnapshotReport> {
  const recovered = await recoverInterruptedRun(request.snapshotsDir);
  const progress = request.progress ?? silentProgress;
  const loaded = await loadLock(request.snapshotsDir);
  if (loaded === null) throw new InputError(`--frozen needs ${request.snapshotsDir}/snapshots.lock.json, and there is none; run \`specdelta snapshot\` first.`);
  const { lock } = loaded;
  const wantedRevisions = request.revisions?.length ? selectRevisions(lock, request.revisions, displayPath(lockPath(request.snapshotsDir))).map((r) => r.id) : [];
  const wantedPages = (request.pages ?? []).map(normalizePage);
  let entries = lock.pages.filter((p) => wantedRevisions.length === 0 || wantedRevisions.includes(p.revision));
  for (const page of wantedPages) {
    if (!entries.some((p) => p.page === page)) throw new InputError(`page ${page} is not in the lock file${wantedRevisions.length ? ` for revision ${wantedRevisions.join(', ')}` : ''}.`);
  }
  if (wantedPages.length > 0) entries = entries.filter((p) => wantedPages.includes(p.page));
  if (request.source === null) {
    const local = entries.find((p) => (p.via === 'dir' || p.via === 'git') && p.commit === null);
    if (local) throw new InputError(`${local.revision}/${local.page} was locked from a local source (${local.url}) at an unknown commit; pass --from DIR or --git DIR to fetch it again.`);
  }

  progress.start(entries.length);
  const items = await mapLimit(entries, request.concurrency ?? 8, async (entry): Promise<ItemReport> => {
    const label = `${entry.revision}/${entry.page}`;
    try {
      const outcome = await restore(entry, request);
      progress.item(label, outcome);
      return { revision: entry.revision, page: entry.page, outcome, via: entry.via, error: null };
    } catch (thrown) {
      const error = thrown instanceof SourceError ? thrown : new SourceError('invalid', `${label}: ${(thrown as Error).message}`);
      progress.item(label, 'failed', error.message);
      return { revision: entry.revision, page: entry.page, outcome: 'failed', via: entry.via, error };
    }
  });
  progress.stop();
  return {
    items,
    fetched: items.filter((i) => i.outcome === 'fetched').length,
    unchanged: items.filter((i) => i.outcome === 'unchanged').length,
    failed: items.filter((i) => i.outcome === 'failed').length,
    lockWritten: false,
    revisions: lock.revisions,
    catalog: null,
    recovered,
  };
}

async function restore(entry: LockedPage, request: FrozenRequest): Promise<'fetched' | 'unchanged'> {
  const file = snapshotPath(request.snapshotsDir, entry.revision, entry.page);
  const local = await readFile(file).catch(() => null);
  if (local !== null && sha256(local) === entry.sha256) return 'unchanged';
  const expect: Expect = entry.page === SCHEMA_PAGE ? 'json' : 'text';
  let fetched: { body: Buffer; url: string };
  try {
    fetched = await fetchLocked(entry, expect, request);
  } catch (error) {
    if (error instanceof SourceError && error.kind === 'not-found') {
      throw new SourceError('not-found', `revision ${entry.revision} has no page ${entry.page} where the lock says (${error.message.replace(/\.$/, '')}).`, { cause: error });
    }
    throw error;
  }
  const { body, url } = fetched;
  verifyBody(body, expect, url);
  const hash = sha256(body);
  if (hash !== entry.sha256) {
    throw new SourceError(
      'mismatch',
      `${entry.revision}/${entry.page} from ${url} has sha256 ${hash.slice(0, 12)}…, not the locked ${entry.sha256.slice(0, 12)}… (upstream changed; run \`specdelta snapshot --check\` to see how, or \`specdelta snapshot\` to accept it).`,
    );
  }
  await writeFileAtomic(file, body);
  return 'fetched';
}

async function fetchLocked(entry: LockedPage, expect: Expect, request: FrozenRequest): Promise<{ body: Buffer; url: string }> {
  let outcome: FetchOutcome;
  let url: string;
  if (request.source === null || entry.via === 'site') {
    // The locked URL; for pages locked from a local mirror or clone, the upstream raw file at the locked commit.
    url = entry.via === 'dir' || entry.via === 'git' ? `${request.rawRoot ?? UPSTREAM_RAW_ROOT}/${entry.commit}/${entry.path}` : entry.url;
    if (entry.via === 'site') {
      outcome = await httpGet(url, { expect: 'html' }, request.http);
      if (outcome.status === 'ok') outcome = { ...outcome, body: Buffer.from(extractArticle(verifyBody(outcome.body, 'html', url)).markdown, 'utf8') };
    } else {
      outcome = await httpGet(url, { expect }, request.http);
    }
  } else {
    const source = typeof request.source === 'function' ? request.source(entry) : request.source;
    url = source.locate(entry.path);
    outcome = await source.get(entry.path, { expect });
  }
  if (outcome.status !== 'ok') throw new SourceError('http', `${url} answered 304 to a request that was not conditional.`);
  return { body: outcome.body, url };
}
