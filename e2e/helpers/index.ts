/**
 * Browser-test helpers: launch Debian's chromium through playwright-core, serve a built
 * site on 127.0.0.1, build the site once for all browser tests, check its links.
 *
 *   const dist = await ensureSiteBuilt();          // full spec + the hostile fixture
 *   const server = await serveDist(dist);          // { url, close }
 *   const browser = await launchBrowser();         // playwright-core Browser
 *   const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
 *   await page.goto(new URL('diff/…/', server.url).href);
 *
 * Skip a suite when `browserSkipReason()` is not null (chromium missing).
 */
export { CHROMIUM_ARGS, CHROMIUM_PATH, browserSkipReason, chromiumAvailable, launchBrowser } from '../../harness/browser.ts';
export { resolveFile, serveDist, type DistServer } from '../../harness/serve.ts';
export {
  E2E_DIST_ENV, HOSTILE_PAGE, buildSite, buildSpecsSite, e2eSnapshotsDir, e2eInputsHash, e2eRoot, ensureSiteBuilt, hostileFixtureDir, hostileRevisions, prepareSnapshots, repoRoot, screenshotDir, specMirrorMain,
  type BuildOptions, type BuildResult,
} from '../../harness/site-build.ts';
export { checkLinks, type BrokenLink, type LinkReport } from './links.ts';
export { openPage, screenshot, type WatchedPage } from '../../harness/page.ts';
export { PAGE_KINDS, type PageKind } from './page-kinds.ts';
export { siteSuite, type SiteSuite } from './suite.ts';
export { filterRepaintMs, largestHtml } from '../../harness/measure.ts';
export { BLOCKING_IMPACTS, axeViolations } from './axe.ts';
