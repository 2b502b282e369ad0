/**
 * What the site (site/) reads from the library beyond the public API: the revision report
 * every view counts from, and the building blocks its side-by-side views are laid out with.
 * Internal: not part of the npm package's entry points (package.json `exports`), so it may
 * change with the site. The site imports src/index.ts and this module only, never deeper.
 */

// The one report of two revisions (the CLI's, the Action's), and one page's view of it.
export { reportRevisions, type RevisionReportOptions } from './report/revision-report.ts';
export { pageOfRevision, revisionInfo, withoutAnnouncements, type DiffReport, type DocumentInfo, type ReportSummary } from './report/report.ts';
export { changeSections, recordsOf, rolesText, type ChangeSection } from './report/sections.ts';
export { renderJson } from './report/json.ts';
export { renderText } from './report/text.ts';
export { renderMarkdown } from './report/markdown.ts';

// Changes: the unit every count is of.
export { IMPACTS, impactRank, partiesOf, summarizeImpacts, type Impact, type ImpactSummary, type SpecChange, type AnnouncedBy } from './changes/index.ts';

// Reading a revision the way the revision diff reads it.
export { folderTree, type RevisionTree } from './input/revision-tree.ts';
export { loadSpecConfig } from './config/index.ts';
export { pairPages, type PagePair } from './revision/page-pairs.ts';
export type { PageReading } from './revision/revisions.ts';
export type { ChangelogReading, ChangelogItemReading, NoChangelog } from './changelog/index.ts';
export type { RecordTheme } from './changelog/themes.ts';

// The records' vocabulary.
export { CHANGE_LEVELS, summarize, type Change, type ChangeKind, type ChangeLevel, type ChangeSummary } from './records/change.ts';

// Building blocks of the side-by-side views and the revision pages.
export { parsePage, contentHash, type SpecDocument, type Section, type Rule } from './model/index.ts';
export { RFC2119_KEYWORDS } from './model/document.ts';
export { parseMarkdown, type Block } from './model/markdown.ts';
export { alignSections } from './diff/sections.ts';
export { dice, tokens } from './diff/similarity.ts';
export { lintPage, parseSchemaText, type LintFinding, type SchemaModel } from './schema/index.ts';
