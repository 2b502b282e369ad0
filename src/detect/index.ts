/**
 * "Which revision does this text teach?" — the detector's public API.
 *
 * Browser-safe (import these files directly in a page): detect.ts, render.ts,
 * fingerprints.ts, extract-core.ts, extract-dom.ts. Node only: build.ts (derives the
 * fingerprints with the page and schema differs), load.ts (finds, builds and caches them),
 * extract-html.ts (cheerio), spec-tree.ts.
 */
export { detectRevision, type WhichResult, type Evidence, type Outdated, type BackgroundMention, type DetectOptions } from './detect.ts';
export { renderWhichText, renderWhichMarkdown, headline, whichJson } from './render.ts';
export { FINGERPRINT_FORMAT, validateFingerprints, latestRevision, removedIn, type FingerprintData, type Marker, type MarkerKind, type FingerprintRevision } from './fingerprints.ts';
export { buildFingerprints, type BuildOptions } from './build.ts';
export { loadFingerprints, fromTree, SHIPPED_FINGERPRINTS, type FingerprintSource, type LoadedFingerprints } from './load.ts';
export { openSpecTree, type SpecTree } from './spec-tree.ts';
export { extractHtml, looksLikeHtml } from './extract-html.ts';
