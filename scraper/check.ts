import { readFile } from 'node:fs/promises';
import type { ChangeSummary } from '../src/records/change.ts';
import { loadCatalog, normalizePage, selectRevisions } from './catalog.ts';
import { InputError } from '../src/core/errors.ts';
import { SourceError } from './errors.ts';
import { sha256 } from './hash.ts';
import { SCHEMA_PAGE, upstreamPath, UPSTREAM_LAYOUT, type Layout } from './layout.ts';
import { loadLock, lockPath, snapshotPath, type LockedPage, type RevisionStatus } from './lock.ts';
import { displayPath } from '../src/core/paths.ts';
import { mapLimit } from './pool.ts';
import { silentProgress, type Progress } from './progress.ts';
import { describeInterruptedRun, inspectInterruptedRun, type InterruptedRun } from './recovery.ts';
import { isRunActive, RUN_LOCK_STALE_MS } from './run-lock.ts';
import { conditionalFor } from './snapshot.ts';
import type { Source } from './types.ts';
import { verifyBody } from './verify.ts';

/**
 * `snapshot --check`, the drift report: local files that no longer match the lock, and
 * (with a source) pages whose upstream bytes changed since they were locked, each with the
 * differ's summary of the change; pages and revisions that appeared or went away; and
 * revisions whose status moved (a new latest). Reads only; never writes.
 */
interface CheckRequest {
  snapshotsDir: string;
  source?: Source | null;
  layout?: Layout;
  revisions?: string[];
  pages?: string[];
  concurrency?: number;
  progress?: Progress;
  /** The differ, injectable for tests; defaults to src/diff's diffPageTexts + summarize. */
  summarizeDiff?: DiffSummarizer;
}

type DiffSummarizer = (oldText: string, newText: string, page: string) => Promise<ChangeSummary | null>;

interface LocalDrift {
  revision: string;
  page: string;
  file: string;
  problem: 'missing' | 'modified';
  expected: string;
  actual: string | null;
}

interface UpstreamDrift {
  revision: string;
  page: string;
  change: 'changed' | 'added' | 'removed' | 'failed';
  url: string;
  locked: string | null;
  upstream: string | null;
  /** What the differ found; null when it could not run (no local copy, or not a page). */
  summary: ChangeSummary | null;
  note: string | null;
}

interface RevisionDrift {
  id: string;
  locked: RevisionStatus | null;
  upstream: RevisionStatus | null;
}

/**
 * What a snapshot run that did not finish left in the folder (see recovery.ts), or
 * `being-written` while a run holds the folder now (its staging is live, not left over).
 */
type RunState = (InterruptedRun & { message: string }) | { folder: 'being-written'; message: string };

export interface DriftReport {
  lockFile: string;
  checked: number;
  /** Null when no run was interrupted: the folder is what the lock describes (drift aside). */
  interrupted: RunState | null;
  local: LocalDrift[];
  /** Null when no source was given (local check only). */
  upstream: { source: string; pages: UpstreamDrift[]; revisions: RevisionDrift[] } | null;
}

export function hasDrift(report: DriftReport): boolean {
  return report.local.length > 0 || (report.upstream !== null && (report.upstream.pages.some((p) => p.change !== 'failed') || report.upstream.revisions.length > 0));
}

export function hasFailures(report: DriftReport): boolean {
  return report.upstream?.pages.some((p) => p.change === 'failed') ?? false;
}

export async function checkSnapshots(request: CheckRequest): Promise<DriftReport> {
  const layout = request.layout ?? UPSTREAM_LAYOUT;
  const progress = request.progress ?? silentProgress;
  const interrupted = await runState(request.snapshotsDir);
  const loaded = await loadLock(request.snapshotsDir);
  if (loaded === null) {
    const why = interrupted ? `: ${interrupted.message}` : '';
    throw new InputError(`${displayPath(lockPath(request.snapshotsDir))} does not exist, so there is nothing to check${why}; run \`specdelta snapshot\`${interrupted ? '' : ' first'}.`);
  }
  const { lock } = loaded;
  const wantedRevisions = request.revisions?.length ? selectRevisions(lock, request.revisions, displayPath(lockPath(request.snapshotsDir))).map((r) => r.id) : [];
  const wantedPages = (request.pages ?? []).map(normalizePage);
  const entries = lock.pages.filter((p) => (wantedRevisions.length === 0 || wantedRevisions.includes(p.revision)) && (wantedPages.length === 0 || wantedPages.includes(p.page)));
  for (const page of wantedPages) {
    if (!entries.some((p) => p.page === page)) throw new InputError(`page ${page} is not in the lock file${wantedRevisions.length ? ` for revision ${wantedRevisions.join(', ')}` : ''}.`);
  }

  // Local: each locked page's file against its hash.
  const localTexts = new Map<LockedPage, Buffer | null>();
  const local: LocalDrift[] = [];
  for (const entry of entries) {
    const file = snapshotPath(request.snapshotsDir, entry.revision, entry.page);
    const bytes = await readFile(file).catch(() => null);
    const actual = bytes === null ? null : sha256(bytes);
    localTexts.set(entry, actual === entry.sha256 ? bytes : null);
    if (actual !== entry.sha256) local.push({ revision: entry.revision, page: entry.page, file: displayPath(file), problem: bytes === null ? 'missing' : 'modified', expected: entry.sha256, actual });
  }
  const report: DriftReport = { lockFile: displayPath(lockPath(request.snapshotsDir)), checked: entries.length, interrupted, local, upstream: null };
  const source = request.source;
  if (!source) return report;

  // Upstream: what the source publishes now, against the lock.
  const catalog = await loadCatalog(source, layout);
  const summarizeDiff = request.summarizeDiff ?? defaultSummarizer;
  progress.start(entries.length);
  const pages = await mapLimit(entries, request.concurrency ?? 8, async (entry): Promise<UpstreamDrift | null> => {
    const label = `${entry.revision}/${entry.page}`;
    const path = entry.via === 'site' ? upstreamPath(layout, entry.revision, entry.page) : entry.path;
    const url = source.locate(path);
    const expect = entry.page === SCHEMA_PAGE ? 'json' : 'text';
    const base = { revision: entry.revision, page: entry.page, url, locked: entry.sha256 };
    try {
      const localBytes = localTexts.get(entry) ?? null;
      const outcome = await source.get(path, { expect, conditional: conditionalFor(entry, localBytes !== null, url) });
      if (outcome.status === 'not-modified') {
        progress.item(label, 'unchanged');
        return null;
      }
      const newText = verifyBody(outcome.body, expect, url);
      const hash = sha256(outcome.body);
      if (hash === entry.sha256) {
        progress.item(label, 'unchanged');
        return null;
      }
      let summary: ChangeSummary | null = null;
      let note: string | null = null;
      if (localBytes === null) {
        note = 'no local copy with the locked hash to compare against';
      } else {
        try {
          summary = await summarizeDiff(localBytes.toString('utf8'), newText, entry.page);
          if (summary === null) note = `compare with \`specdelta diff\``;
        } catch (error) {
          note = `the differ failed: ${(error as Error).message}`;
        }
      }
      progress.item(label, 'changed');
      return { ...base, change: 'changed', upstream: hash, summary, note };
    } catch (thrown) {
      const error = thrown instanceof SourceError ? thrown : new SourceError('invalid', (thrown as Error).message);
      if (error.kind === 'not-found') {
        progress.item(label, 'gone');
        return { ...base, change: 'removed', upstream: null, summary: null, note: `revision ${entry.revision} no longer has ${entry.page === SCHEMA_PAGE ? SCHEMA_PAGE : `page ${entry.page}`} upstream` };
      }
      progress.item(label, 'failed', error.message);
      return { ...base, change: 'failed', upstream: null, summary: null, note: error.message };
    }
  });
  progress.stop();

  const drift = pages.filter((p): p is UpstreamDrift => p !== null);
  // Pages the source now publishes for the checked revisions that the lock does not have.
  if (wantedPages.length === 0) {
    const checkedRevisions = wantedRevisions.length > 0 ? wantedRevisions : lock.revisions.map((r) => r.id);
    for (const id of checkedRevisions) {
      if (!lock.pages.some((p) => p.revision === id)) continue;
      for (const page of catalog.pages.get(id) ?? []) {
        if (lock.pages.some((p) => p.revision === id && p.page === page)) continue;
        drift.push({ revision: id, page, change: 'added', url: source.locate(upstreamPath(layout, id, page)), locked: null, upstream: null, summary: null, note: null });
      }
    }
  }
  const revisions: RevisionDrift[] = [];
  if (wantedRevisions.length === 0 && wantedPages.length === 0) {
    for (const r of catalog.revisions) {
      const old = lock.revisions.find((l) => l.id === r.id);
      if (!old || old.status !== r.status) revisions.push({ id: r.id, locked: old?.status ?? null, upstream: r.status });
    }
    for (const old of lock.revisions) {
      if (!catalog.revisions.some((r) => r.id === old.id)) revisions.push({ id: old.id, locked: old.status, upstream: null });
    }
  }
  report.upstream = { source: source.label, pages: drift, revisions };
  return report;
}

async function runState(snapshotsDir: string): Promise<RunState | null> {
  if (await isRunActive(snapshotsDir)) {
    return { folder: 'being-written', message: `a snapshot run is writing this folder now (or stopped less than ${Math.round(RUN_LOCK_STALE_MS / 1000)} s ago: check again then to see what it left)` };
  }
  const run = await inspectInterruptedRun(snapshotsDir);
  return run === null ? null : { ...run, message: describeInterruptedRun(run) };
}

/** The core differ's summary: the page differ for pages, the schema differ for schema.json. */
const defaultSummarizer: DiffSummarizer = async (oldText, newText, page) => {
  const { diffPageTexts, summarize } = await import('../src/diff/index.ts');
  if (page === SCHEMA_PAGE) {
    const { diffSchemaTexts } = await import('../src/schema/index.ts');
    return summarize(diffSchemaTexts(oldText, newText).changes);
  }
  return summarize(diffPageTexts(oldText, newText).changes);
};
