import { rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pageTitleOf } from '../../src/site-entry.ts';
import { readSiteConfig, type SiteSpec } from './site-config.ts';
import { repoRoot } from './env.ts';
import { pageText, specSet } from './spec.ts';
import { fillUpstream } from './upstream.ts';

/**
 * Which specification this build shows, and how it names it: set in the environment by
 * `npm run build:specs` (scripts/build-specs.ts) for each spec of a site config. Without
 * them a build is the single-spec site of site/specs.config.json (singleSpec).
 */
export const SPEC_ENV = {
  label: 'SPECDELTA_SPEC_LABEL',
  title: 'SPECDELTA_SPEC_TITLE',
  upstream: 'SPECDELTA_SPEC_UPSTREAM',
  source: 'SPECDELTA_SPEC_SOURCE',
  pageLabels: 'SPECDELTA_SPEC_PAGE_LABELS',
  detector: 'SPECDELTA_SPEC_DETECTOR',
  specs: 'SPECDELTA_SPECS',
} as const;

/**
 * The page id of a spec file named freely (`Section 3 -- Type System` → `section-3-type-system`),
 * as build:specs snapshots it and as links between its pages name it: every other character
 * of a segment a single "-", lower case.
 */
export function pageIdOf(page: string): string {
  return page
    .split('/')
    .map((segment) => segment.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/-{2,}/g, '-').replace(/^[-.]+|-+$/g, '').toLowerCase())
    .join('/');
}

/** Another spec of the same site, for the header's links between specs. */
export interface SpecLink {
  label: string;
  /** Its home, from the server's root ("/", "/graphql/"). */
  url: string;
}

function setting(name: string): string | undefined {
  return process.env[name] || undefined;
}

let single: SiteSpec | undefined;

/**
 * The spec a build without build:specs' settings shows: the first of the single-spec site
 * config, read as build:specs reads it, so `npm run build` names and links it exactly as
 * `npm run build:specs` does and no spec is named in code.
 */
function singleSpec(): SiteSpec {
  single ??= readSiteConfig(join(repoRoot(), 'site/specs.config.json')).specs[0]!;
  return single;
}

/** How the site names the spec in short ("MCP", "GraphQL"): links, labels. */
export function specLabel(): string {
  return setting(SPEC_ENV.label) ?? singleSpec().label;
}

/** The spec's full name ("Model Context Protocol"), where a heading or a sentence names it. */
export function specTitle(): string {
  return setting(SPEC_ENV.title) ?? singleSpec().title;
}

/** Whether the detector's pages (badges, check) belong in this build: they know the first spec's revisions only. */
export function hasDetector(): boolean {
  const detector = setting(SPEC_ENV.detector);
  return detector === undefined ? singleSpec().detector : detector !== '0';
}

/** Every spec of the site with its home, or none when the site shows one. */
export function siteSpecs(): SpecLink[] {
  const raw = setting(SPEC_ENV.specs);
  return raw ? (JSON.parse(raw) as SpecLink[]) : [];
}

/**
 * What lists, headings and search results call a page: its title (front matter or first
 * heading) where the spec's page ids are made from file names, else its id.
 */
export function pageLabel(revision: string, page: string): string {
  return byTitle() ? (titleOf(revision, page) ?? page) : page;
}

function byTitle(): boolean {
  return (setting(SPEC_ENV.pageLabels) ?? singleSpec().pageLabels) === 'title';
}

const titles = new Map<string, string | null>();

function titleOf(revision: string, page: string): string | null {
  const key = `${revision}\0${page}`;
  if (!titles.has(key)) titles.set(key, page.endsWith('.json') ? null : pageTitleOf(pageText(revision, page)));
  return titles.get(key)!;
}

/** The page's label in the newest revision that has it (lists spanning revisions name a page once). */
export function newestPageLabel(page: string): string {
  if (!byTitle()) return page;
  const revision = [...specSet().revisions].reverse().find((r) => specSet().pages.get(r.id)?.includes(page));
  return revision ? pageLabel(revision.id, page) : page;
}

/** The spec's `upstream` setting: where its pages are published, with `{revision}`, `{page}` and `{path}` to fill in. */
export function upstreamTemplate(): string {
  return setting(SPEC_ENV.upstream) ?? singleSpec().upstream;
}

/** The page upstream: the spec's `upstream` with `{revision}`, `{page}` and `{path}` (its file in the revision folder) filled in. */
export function upstreamPageUrl(revision: string, page: string): string {
  return fillUpstream(upstreamTemplate(), revision, page.replace(/(^|\/)index$/, ''), sourcePath(revision, page));
}

/**
 * The page's file relative to its revision folder of the source (`Section 3 -- Type System.md`;
 * `../CHANGELOG.md` for release notes from a changelog beside the folders, which upstream
 * sits as far above the spec's folder), else its id with `.md`.
 */
function sourcePath(revision: string, page: string): string {
  const source = setting(SPEC_ENV.source);
  // Without a source folder there is no file to find: the snapshots need not even be there yet.
  if (!source) return `${page}.md`;
  const entry = specSet().lock.pages.find((p) => p.revision === revision && p.page === page);
  if (entry && entry.via === 'dir' && !relative(source, entry.url).startsWith('..')) return relative(join(source, revision), entry.url).replace(/\\/g, '/');
  return `${page}.md`;
}

/** A page of a revision pair as lists name it: its newer label, or "old → new" when it moved and its label changed. */
export function pairPageLabel(pair: { old: string; new: string }, page: { key: string; old: string | null; new: string | null }): string {
  const before = page.old === null ? null : pageLabel(pair.old, page.old);
  const after = page.new === null ? null : pageLabel(pair.new, page.new);
  if (before !== null && after !== null && page.old !== page.new && before !== after) return `${before} → ${after}`;
  return after ?? before ?? page.key;
}

/** The detector's pages, relative to the output folder: a build without the detector drops them. */
export const DETECTOR_PAGES = ['badges', 'badge', 'check'] as const;

/**
 * The Astro integration that leaves the detector's pages (badges, "check a page") out of a
 * spec they do not know (`detector: false` in the site config): Astro builds every page
 * file, so they are removed once the build is done; no other page links them then.
 */
export function detectorPages() {
  return {
    name: 'specdelta-detector-pages',
    hooks: {
      'astro:build:done': ({ dir }: { dir: URL }) => {
        if (hasDetector()) return;
        for (const name of DETECTOR_PAGES) rmSync(join(fileURLToPath(dir), name), { recursive: true, force: true });
      },
    },
  };
}
