import { readFile } from 'node:fs/promises';
import { loadCatalog, selectPages, selectRevisions } from './catalog.ts';
import type { Catalog } from './discover.ts';
import { SourceError } from './errors.ts';
import { sha256 } from './hash.ts';
import { SCHEMA_PAGE, siteRoute, upstreamPath, UPSTREAM_LAYOUT, type Layout } from './layout.ts';
import { emptyLock, findPage, loadLock, serializeLock, snapshotPath, type Lock, type LockedPage, type RevisionInfo } from './lock.ts';
import { mapLimit } from './pool.ts';
import { silentProgress, type Progress } from './progress.ts';
import { recoverInterruptedRun, type InterruptedRun } from './recovery.ts';
import { withRunLock } from './run-lock.ts';
import { Staging, type CommitHook } from './staging.ts';
import type { SiteSource } from './sources/site.ts';
import type { Conditional, Expect, FetchOutcome, Source } from './types.ts';
import { verifyBody } from './verify.ts';

/**
 * `specdelta snapshot`: finish or undo what an interrupted run left (recovery.ts) →
 * discover → select → fetch (conditionally, bounded concurrency) → verify → stage each new
 * page → commit the staged pages and the lock together (staging.ts; the lock is written
 * only if its text changed). A page whose fetch fails keeps its old file and its old lock
 * entry, so after any failure the snapshot folder and lock are either updated correctly or
 * exactly as they were; after a crash, see staging.ts for what holds.
 */
interface SnapshotRequest {
  snapshotsDir: string;
  source: Source;
  /** The rendered site, for pages the raw source does not have (404). */
  site?: SiteSource | null;
  layout?: Layout;
  revisions?: string[];
  pages?: string[];
  concurrency?: number;
  progress?: Progress;
  now?: () => Date;
  /** Called between commit steps; tests use it to stop a run there. */
  onCommitStep?: CommitHook;
}

export interface ItemReport {
  revision: string;
  page: string;
  outcome: 'fetched' | 'unchanged' | 'failed';
  via: LockedPage['via'] | null;
  error: SourceError | null;
}

export interface SnapshotReport {
  items: ItemReport[];
  fetched: number;
  unchanged: number;
  failed: number;
  lockWritten: boolean;
  revisions: RevisionInfo[];
  catalog: Catalog | null;
  /** What an earlier, interrupted run had left and this run finished, rolled back or discarded. */
  recovered: InterruptedRun | null;
}

export async function snapshot(request: SnapshotRequest): Promise<SnapshotReport> {
  return withRunLock(request.snapshotsDir, () => snapshotLocked(request));
}

async function snapshotLocked(request: SnapshotRequest): Promise<SnapshotReport> {
  const recovered = await recoverInterruptedRun(request.snapshotsDir, request.onCommitStep);
  const staging = new Staging(request.snapshotsDir, request.onCommitStep);
  try {
    return await fetchAndCommit(request, staging, recovered);
  } finally {
    // Anything still staged was never committed (an error before the commit point): drop it.
    // A commit that failed after its journal was written keeps it for the next run.
    await staging.discardUncommitted();
  }
}

async function fetchAndCommit(request: SnapshotRequest, staging: Staging, recovered: InterruptedRun | null): Promise<SnapshotReport> {
  const layout = request.layout ?? UPSTREAM_LAYOUT;
  const progress = request.progress ?? silentProgress;
  const now = request.now ?? (() => new Date());
  const loaded = await loadLock(request.snapshotsDir); // an invalid lock stops everything here
  const lock = loaded?.lock ?? emptyLock();

  const catalog = await loadCatalog(request.source, layout);
  const revisions = selectRevisions(catalog, request.revisions, request.source.label);
  const pairs = selectPages(revisions, (id) => catalog.pages.get(id) ?? [], request.pages, (request.revisions?.length ?? 0) > 0);
  const commit = await request.source.commit();

  progress.start(pairs.length);
  const results = await mapLimit(pairs, request.concurrency ?? 8, async ({ revision, page }) => {
    const label = `${revision}/${page}`;
    try {
      const result = await fetchPage({ revision, page, label, lock, layout, request, staging, commit, now, progress });
      progress.item(label, result.outcome);
      return { report: { revision, page, outcome: result.outcome, via: result.entry.via, error: null } as ItemReport, entry: result.entry };
    } catch (thrown) {
      const error = thrown instanceof SourceError ? thrown : new SourceError('invalid', `${label}: ${(thrown as Error).message}`, { cause: thrown });
      progress.item(label, 'failed', error.message);
      return { report: { revision, page, outcome: 'failed', via: null, error } as ItemReport, entry: null };
    }
  });
  progress.stop();

  const entries = new Map(lock.pages.map((p) => [`${p.revision}:${p.page}`, p]));
  let entriesChanged = false;
  for (const { entry } of results) {
    if (!entry) continue;
    const key = `${entry.revision}:${entry.page}`;
    if (entries.get(key) !== entry) entriesChanged = true;
    entries.set(key, entry);
  }
  const next: Lock = {
    lockfileVersion: lock.lockfileVersion,
    revisions: mergeRevisions(catalog.revisions, lock.revisions, [...entries.values()]),
    pages: [...entries.values()],
  };
  const items = results.map((r) => r.report);
  // A run with failures touches the lock only to record pages it did fetch.
  const anyFailed = items.some((i) => i.outcome === 'failed');
  const lockBefore = loaded?.text ?? null;
  const lockWritten = await staging.commit(lockBefore, anyFailed && !entriesChanged ? null : serializeLock(next));
  return {
    items,
    fetched: items.filter((i) => i.outcome === 'fetched').length,
    unchanged: items.filter((i) => i.outcome === 'unchanged').length,
    failed: items.filter((i) => i.outcome === 'failed').length,
    lockWritten,
    revisions: next.revisions,
    catalog,
    recovered,
  };
}

interface PageJob {
  revision: string;
  page: string;
  label: string;
  lock: Lock;
  layout: Layout;
  request: SnapshotRequest;
  staging: Staging;
  commit: string | null;
  now: () => Date;
  progress: Progress;
}

async function fetchPage(job: PageJob): Promise<{ outcome: 'fetched' | 'unchanged'; entry: LockedPage }> {
  const { revision, page, request, layout } = job;
  const file = snapshotPath(request.snapshotsDir, revision, page);
  const previous = findPage(job.lock, revision, page) ?? null;
  const local = await readFile(file).catch(() => null);
  const localOk = previous !== null && local !== null && sha256(local) === previous.sha256;
  const expect: Expect = page === SCHEMA_PAGE ? 'json' : 'text';
  const path = upstreamPath(layout, revision, page);

  let via: LockedPage['via'] = request.source.via;
  let url = request.source.locate(path);
  let lockPathValue = path;
  let commit = job.commit;
  let outcome: FetchOutcome;
  try {
    outcome = await request.source.get(path, { expect, conditional: conditionalFor(previous, localOk, url) });
  } catch (error) {
    const site = request.site;
    if (!(error instanceof SourceError && error.kind === 'not-found')) throw error;
    if (!site || page === SCHEMA_PAGE) throw missing(revision, page, error);
    // No raw source: the rendered site's article stands in.
    const route = siteRoute(layout, revision, page);
    via = 'site';
    url = site.locate(route);
    lockPathValue = route;
    commit = null;
    try {
      outcome = await site.getPage(route, conditionalFor(previous, localOk, url));
    } catch (siteError) {
      if (siteError instanceof SourceError && siteError.kind === 'not-found') throw missing(revision, page, error, siteError);
      throw siteError;
    }
  }

  if (outcome.status === 'not-modified') {
    // 304: only asked when the local file matches the lock, so keeping both is correct.
    return { outcome: 'unchanged', entry: previous as LockedPage };
  }
  verifyBody(outcome.body, expect, url);
  const hash = sha256(outcome.body);
  if (previous !== null && hash === previous.sha256) {
    // The locked bytes: keep the entry (and the lock) as it is, except to refresh validators
    // from the same URL, and to fill in a commit that was not known before (a locked commit
    // stays: it still holds these bytes, and the lock does not churn as a branch moves).
    let entry = previous;
    if (previous.url === url && (previous.etag !== outcome.etag || previous.lastModified !== outcome.lastModified)) {
      entry = { ...entry, etag: outcome.etag, lastModified: outcome.lastModified };
    }
    if (previous.commit === null && commit !== null) entry = { ...entry, commit };
    if (localOk) return { outcome: 'unchanged', entry };
    // Missing or edited locally (a fresh clone, a hand edit): restored, and the lock, which
    // still describes these bytes, keeps its retrieval time, so a clean checkout stays clean.
    await job.staging.stage(revision, page, outcome.body);
    return { outcome: 'fetched', entry };
  }
  await job.staging.stage(revision, page, outcome.body);
  return {
    outcome: 'fetched',
    entry: {
      revision,
      page,
      url,
      via,
      path: lockPathValue,
      commit,
      sha256: hash,
      size: outcome.body.byteLength,
      retrievedAt: job.now().toISOString(),
      etag: outcome.etag,
      lastModified: outcome.lastModified,
    },
  };
}

/** Validators to send: only for the same URL, and only when the local file still matches the lock. */
export function conditionalFor(previous: LockedPage | null, localOk: boolean, url: string): Conditional | null {
  if (!previous || !localOk || previous.url !== url) return null;
  if (previous.etag === null && previous.lastModified === null) return null;
  return { etag: previous.etag, lastModified: previous.lastModified };
}

function missing(revision: string, page: string, error: SourceError, siteError?: SourceError): SourceError {
  const what = page === SCHEMA_PAGE ? `no ${SCHEMA_PAGE}` : `no page ${page}`;
  const why = siteError ? `${trim(error.message)}; ${trim(siteError.message)}` : trim(error.message);
  return new SourceError('not-found', `revision ${revision} has ${what} (${why}).`, { cause: error });
}

function trim(message: string): string {
  return message.endsWith('.') ? message.slice(0, -1) : message;
}

/**
 * The lock's revision list: what the source says now, plus revisions the source no longer
 * lists but that still have locked pages (kept, never "latest" when the source names one).
 */
function mergeRevisions(fromSource: readonly RevisionInfo[], locked: readonly RevisionInfo[], pages: readonly LockedPage[]): RevisionInfo[] {
  const merged = fromSource.map((r) => ({ ...r }));
  const sourceHasLatest = merged.some((r) => r.status === 'latest');
  for (const old of locked) {
    if (merged.some((r) => r.id === old.id)) continue;
    if (!pages.some((p) => p.revision === old.id)) continue;
    merged.push({ ...old, status: old.status === 'latest' && sourceHasLatest ? 'superseded' : old.status });
  }
  return merged;
}
