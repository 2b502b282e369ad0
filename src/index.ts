/**
 * specdelta's public API: what a library user needs to diff revisions and render what
 * changed, detect a text's revision, and draw badges. Everything not re-exported here is
 * internal and may change without notice. docs/api.md documents each name, and
 * test/api/exports.test.ts lists them, so a change here is a deliberate one. The site's
 * building blocks (parsers, aligners, the lock) are in src/site-entry.ts, not here.
 */

// Diffing: page, schema or whole-revision texts in, the contract's records and changes out.
export { diffPages, diffSchemas, diffRevisions, type DiffResult } from './library.ts';
export type { SchemaDiffOptions } from './schema/diff.ts';
export { folderTree, memoryTree, type RevisionTree, type FolderTreeOptions } from './input/revision-tree.ts';
export { gitTree, type GitTreeOptions } from './input/git-tree.ts';

// Records: one thing the differ saw, and the catalog every record id lives in.
export type { Change, ChangeAction, ChangeKind, ChangeLevel, ChangeSide, ChangeSource, ChangeSummary, SectionPair } from './records/change.ts';
export { atOrAbove, CHANGE_ACTIONS, CHANGE_KINDS, CHANGE_LEVELS, summarize } from './records/change.ts';
export { catalogEntries, catalogEntry, type CatalogEntry } from './records/catalog.ts';

// Changes: the records of one difference grouped, with whom it affects.
export { IMPACTS, type Impact, type ImpactSummary, type SpecChange, type AnnouncedBy } from './changes/index.ts';

// Reports: a result with both sides described, rendered as the CLI renders it.
export { makeReport, type DiffReport, type DocumentInfo, type ReportSummary } from './report/report.ts';
export { renderJson } from './report/json.ts';
export { renderText } from './report/text.ts';
export { renderMarkdown } from './report/markdown.ts';

// Detection: which revision a text teaches (the fingerprints need Node to find and build).
export { detectRevision, type WhichResult, type Evidence, type Outdated, type DetectOptions } from './detect/detect.ts';
export { loadFingerprints, fromTree as fingerprintsOfFolder, type FingerprintSource, type LoadedFingerprints } from './detect/load.ts';
export type { FingerprintData } from './detect/fingerprints.ts';

// Badges.
export { makeBadge, type Badge, type BadgeSpec, type BadgeStatus } from './badge/badge.ts';
export { renderBadge, type BadgeFormat } from './badge/render.ts';

// Configuration: what diffRevisions' `config` takes (specdelta.config.json's shape).
export type { SpecConfig, SpecEntry } from './config/index.ts';

// Errors: a problem with the user's input (one sentence, no stack) as opposed to a bug.
export { InputError, isUserFacing } from './core/errors.ts';
