/**
 * What the site (site/) reads from the project beyond the public API (src/index.ts): the
 * revision report every view counts from, the building blocks its side-by-side views are
 * laid out with, and the snapshot lock it is built from. Internal: not one of the npm
 * package's entry points (package.json `exports`), so it may change with the site. The site
 * imports project code only through src/index.ts, this module and src/detect/index.ts
 * (test/api/exports.test.ts checks it); a name both need is in src/index.ts alone.
 */

// The one report of two revisions (the CLI's, the Action's), and one page's view of it.
export { reportRevisions } from './report/revision-report.ts';
export { pageOfRevision, withoutAnnouncements } from './report/report.ts';
export { changeSections, type ChangeSection } from './report/sections.ts';
export { partiesOf, summarizeImpacts } from './changes/index.ts';

// Reading a revision the way the revision diff reads it.
export { loadSpecConfig } from './config/index.ts';
export { pairPages } from './revision/page-pairs.ts';
export type { PageReading } from './revision/revisions.ts';
export type { ChangelogReading, ChangelogItemReading, NoChangelog } from './changelog/index.ts';

// Building blocks of the side-by-side views and the revision pages.
export { parsePage, contentHash, type SpecDocument, type Section, type Rule } from './model/index.ts';
export { RFC2119_KEYWORDS } from './model/document.ts';
export { parseMarkdown, type Block } from './model/markdown.ts';
export { alignSections } from './diff/sections.ts';
export { dice, tokens } from './diff/similarity.ts';
export { analyzeSchema, lintPage, parseSchemaText, type LintFinding, type SchemaAnalysis, type SchemaModel } from './schema/index.ts';

// Where the site serves badges and "changed since" pages, and a page's title for them.
export { badgeImagePath, changedSincePath } from './badge/urls.ts';
export { pageTitleOf } from './badge/title.ts';

// The snapshots the site is built from, read and checked as the CLI reads them (which is
// why this entry sits below scraper/ in the layers, unlike src/index.ts).
export { lockPath, pageFileName, parseLock, type Lock, type RevisionInfo, type RevisionStatus } from '../scraper/lock.ts';
export { journalPath } from '../scraper/journal.ts';
// Reading a site config (site/lib/site-config.ts): a source that is a folder of revision
// folders, in release order.
export { revisionFolders } from './input/spec-tree.ts';
// A spec link's page, as the spec's page files are named (site/lib/render.ts).
export { stripPageExtension } from './input/spec-tree.ts';
export { isObject } from './core/objects.ts';
export { displayPath } from './core/paths.ts';
