/**
 * specdelta's public API: the only module users, the CLI's library side and the site
 * import. Everything not re-exported here is internal and may change without notice;
 * test/api/exports.test.ts lists these names, so a change here is a deliberate one.
 */

// Diff: texts in, the contract's records out.
export { diffPages, diffSchemas, diffRevisions, type DiffResult } from './library.ts';
export { renderBadge, type BadgeFormat } from './badge/render.ts';
export { folderTree, memoryTree, type RevisionTree, type FolderTreeOptions } from './input/revision-tree.ts';
export { gitTree, type GitTreeOptions } from './input/git-tree.ts';
export type { Change, ChangeAction, ChangeKind, ChangeLevel, ChangeSide, ChangeSource, ChangeSummary, SectionPair } from './records/change.ts';
export { atOrAbove, CHANGE_ACTIONS, CHANGE_KINDS, CHANGE_LEVELS, summarize } from './records/change.ts';
export { catalogEntries, catalogEntry, type CatalogEntry } from './records/catalog.ts';

// Changes: the records of one difference grouped, with whom it affects.
export { IMPACTS, type Impact, type ImpactSummary, type SpecChange, type AnnouncedBy } from './changes/index.ts';
export type { SchemaDiffOptions } from './schema/diff.ts';

// Reports: the CLI's renderers over the same records.
export { makeReport, type DiffReport, type DocumentInfo } from './report/report.ts';
export { renderJson } from './report/json.ts';

// Detect: which revision a text teaches.
export { detectRevision, type WhichResult, type Evidence, type Outdated, type DetectOptions } from './detect/detect.ts';
export { loadFingerprints, fromTree as fingerprintsOfFolder, type FingerprintSource, type LoadedFingerprints } from './detect/load.ts';
export type { FingerprintData } from './detect/fingerprints.ts';

// Badges.
export { makeBadge, type Badge, type BadgeSpec, type BadgeStatus } from './badge/badge.ts';
export { badgeImagePath, changedSincePath } from './badge/urls.ts';
export { pageTitleOf } from './badge/title.ts';

// Building blocks the site lays its side-by-side views out with (its first client).
export { parsePage, contentHash, type SpecDocument, type Section, type Diagnostic } from './model/index.ts';
export { RFC2119_KEYWORDS } from './model/document.ts';
export { parseMarkdown, type Block } from './model/markdown.ts';
export { alignSections } from './diff/sections.ts';
export { dice, tokens } from './diff/similarity.ts';
export { pairPages, type PagePair } from './revision/page-pairs.ts';
export { pageMoveChange, pagePresenceChange } from './revision/page-presence.ts';
export { diffRevisionPages, readSchemaSides, type RevisionPages, type RevisionDiff, type PageReading } from './revision/revisions.ts';
export { judgePage, markInformative, type PageJudgement } from './revision/informative.ts';
export { findSpecConfig } from './revision/spec-config.ts';
export { readChangelog, announcements, type ChangelogReading, type ChangelogItemReading, type ChangelogSource, type NoChangelog, type ItemStatus } from './changelog/index.ts';
export type { RecordTheme } from './changelog/themes.ts';
export { loadSpecConfig, type SpecConfig } from './config/index.ts';
export { type PageDiffResult } from './diff/index.ts';
export { analyzeSchema, diffSchemaAnalyses, lintPage, parseSchemaText, type LintFinding, type SchemaAnalysis } from './schema/index.ts';
export { InputError, isUserFacing } from './core/errors.ts';
