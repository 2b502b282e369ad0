/**
 * Reading snapshots back: the lock's revisions and pages, and where a page's file is. The
 * commands that fetch (snapshot, revisions) import the scraper's modules they run directly;
 * this entry holds only what other code reads through it (scripts/unused-exports.mjs finds
 * a name here nobody imports).
 */
export { readLock, listPages, snapshotPath } from './lock.ts';
// The lock's revisions are read by the one spec-tree reader.
export { lockedRevisions } from '../src/input/spec-tree.ts';
