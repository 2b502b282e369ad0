/**
 * `specdelta/detect`: which revision a text teaches, for any JavaScript runtime. Every
 * module behind this entry is browser-safe (no Node built-in, no package): the site's check
 * page runs it in the browser with fingerprints it fetches, and test/api/exports.test.ts
 * keeps it that way. Finding, building and caching the fingerprints needs Node, so
 * loadFingerprints and fingerprintsOfFolder are in the main entry (`specdelta`) instead.
 */
export { detectRevision, type WhichResult, type Evidence, type Outdated, type BackgroundMention, type DetectOptions, type Separator } from './detect.ts';
export { renderWhichText, renderWhichMarkdown, headline, whichJson, decidedByHeading, type RenderStyle } from './render.ts';
export { FINGERPRINT_FORMAT, validateFingerprints, latestRevision, removedIn, type FingerprintData, type Marker, type MarkerKind, type FingerprintRevision, type RevisionStatus } from './fingerprints.ts';
export { extractHtmlInBrowser, looksLikeHtml } from './extract-dom.ts';
