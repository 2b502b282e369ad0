/**
 * The scraper's public API: fetch the spec's pages into snapshots/, record them in the
 * lock file, and read them back. Everything else in scraper/ is internal.
 */
export {
  readLock,
  listPages,
  findPage,
  snapshotPath,
  parseLock,
  LOCK_FILE,
  type Lock,
  type LockedPage,
  type RevisionInfo,
  type RevisionStatus,
  type Via,
} from './lock.ts';
// The lock's revisions are read by the one spec-tree reader.
export { lockedRevisions } from '../src/input/spec-tree.ts';
export { SourceError, type FailureKind } from './errors.ts';
export { SCHEMA_PAGE, UPSTREAM_LAYOUT, type Layout } from './layout.ts';
export { loadCatalog } from './catalog.ts';
export type { Catalog } from './discover.ts';
export { snapshot, type SnapshotRequest, type SnapshotReport, type ItemReport } from './snapshot.ts';
export { snapshotFrozen, type FrozenRequest } from './frozen.ts';
export { checkSnapshots, hasDrift, type DriftReport, type UpstreamDrift, type LocalDrift, type RunState } from './check.ts';
export { inspectInterruptedRun, recoverInterruptedRun, describeInterruptedRun, type InterruptedRun } from './recovery.ts';
export { extractArticle, type Article } from './article.ts';
export { resolveSource, MIRROR_ENV, type SourceFlags } from './sources/resolve.ts';
export { HttpSource, DEFAULT_BASE_URL } from './sources/http.ts';
export { DirSource } from './sources/dir.ts';
export { GitSource, type HistoryEntry } from './sources/git.ts';
export { SiteSource } from './sources/site.ts';
export { createProgress, type Progress } from './progress.ts';
export type { Source } from './types.ts';
