import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { InputError } from '../../src/index.ts';
import { isObject, lockPath, parseLock, revisionFolders } from '../../src/site-entry.ts';
import { normalizeBase } from './urls.ts';

/**
 * The site config (`site/specs.config.json`, `site/specs.other.json`): the specifications
 * one site shows. Read by build:specs (scripts/build-specs.ts) and by a build without its
 * settings (spec-identity.ts), so it lives with the site. The first is built at the site's root (its URLs are the single-spec
 * site's), every other under `/<name>/`. docs/multi-spec-site.md describes each setting.
 */
export interface SiteSpec {
  /** The spec's folder in the site's URLs (`graphql` → `/graphql/`); unused for the first spec. */
  name: string;
  /** How the site names it ("GraphQL"). */
  label: string;
  /** Its full name, where the site names it in a sentence or heading ("Model Context Protocol"); default: its label. */
  title: string;
  /** Absolute: a snapshots folder (with snapshots.lock.json) or a folder of revision folders. */
  source: string;
  /** "View upstream" link of a page: `{revision}`, `{page}` (page id) and `{path}` (its file in the revision folder) are filled in. */
  upstream: string;
  /** The revisions to show, oldest first; null: every revision of the source. */
  revisions: string[] | null;
  /** What lists call a page: its `title` (front matter or first heading) or its page `id`. */
  pageLabels: 'title' | 'id';
  /** Whether the detector's pages (badges, "check a page") are built: they know the first spec's revisions only. */
  detector: boolean;
  /** Absolute: a changelog file of the whole spec (a section per release) beside its revision folders; null: none (or one per revision, as MCP's). */
  changelog: string | null;
}

export interface SiteConfig {
  /** The config file as given (messages name it). */
  file: string;
  specs: SiteSpec[];
}

const KEYS = ['name', 'label', 'title', 'source', 'upstream', 'revisions', 'pageLabels', 'detector', 'changelog'] as const;
const NAME = /^[a-z0-9][a-z0-9-]*$/;
/** First-level folders of the site: a spec named like one would hide its pages. */
const RESERVED = ['rev', 'diff', 'feature', 'feed', 'migrate', 'since', 'badge', 'badges', 'check', 'search', 'pagefind', '_astro'];

/** Reads and checks a site config; any problem is an InputError of one sentence naming the file. */
export function readSiteConfig(file: string, cwd = process.cwd()): SiteConfig {
  const path = resolve(cwd, file);
  if (!existsSync(path)) throw new InputError(`${file} (the site config) does not exist.`);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new InputError(`${file} is not valid JSON (${(error as Error).message}).`);
  }
  const fail = (problem: string): never => {
    throw new InputError(`${file}: ${problem}.`);
  };
  if (!isObject(data) || !Array.isArray(data['specs'])) return fail('it must be an object with a "specs" list');
  const extra = Object.keys(data).find((k) => k !== 'specs' && k !== '$comment');
  if (extra) fail(`"${extra}" is not a setting (only "specs")`);
  const list = data['specs'] as unknown[];
  if (list.length === 0) fail('"specs" lists no spec; name at least one');
  const names = new Set<string>();
  const specs = list.map((entry, i) => {
    const spec = checkEntry(entry, `spec ${i + 1}`, dirname(path), fail);
    if (names.has(spec.name)) fail(`two specs are named "${spec.name}"`);
    names.add(spec.name);
    return spec;
  });
  return { file, specs };
}

function checkEntry(entry: unknown, at: string, base: string, fail: (problem: string) => never): SiteSpec {
  if (!isObject(entry)) return fail(`${at} must be an object`);
  const unknown = Object.keys(entry).find((k) => !(KEYS as readonly string[]).includes(k));
  if (unknown) fail(`${at} has an unknown setting "${unknown}" (known: ${KEYS.join(', ')})`);
  const text = (key: string): string => {
    const value = entry[key];
    if (typeof value !== 'string' || value.trim() === '') return fail(`${at} needs "${key}", a non-empty string`);
    return value;
  };
  const name = text('name');
  if (!NAME.test(name)) fail(`${at}: "name" ${JSON.stringify(name)} must be lower-case letters, digits and "-" (it becomes the folder /${name}/)`);
  if (RESERVED.includes(name)) fail(`${at}: "name" "${name}" is a folder of the site already; choose another`);
  const label = text('label');
  const title = entry['title'] === undefined ? label : text('title');
  const source = resolve(base, text('source'));
  if (!existsSync(source) || !statSync(source).isDirectory()) fail(`${at} ("${name}"): "source" ${relative(process.cwd(), source) || '.'} is not a folder`);
  const upstream = text('upstream');
  if (!/^https?:\/\/\S+$/.test(upstream) || !upstream.includes('{revision}')) fail(`${at} ("${name}"): "upstream" must be an http(s) URL with {revision} (and {page} or {path}) in it`);
  const revisions = entry['revisions'];
  if (revisions !== undefined && (!Array.isArray(revisions) || revisions.length === 0 || !revisions.every((r) => typeof r === 'string' && r !== ''))) {
    fail(`${at} ("${name}"): "revisions" must be a non-empty list of revision names, oldest first`);
  }
  const pageLabels = entry['pageLabels'] ?? 'title';
  if (pageLabels !== 'title' && pageLabels !== 'id') fail(`${at} ("${name}"): "pageLabels" must be "title" or "id"`);
  const detector = entry['detector'] ?? false;
  if (typeof detector !== 'boolean') fail(`${at} ("${name}"): "detector" must be true or false`);
  const changelog = entry['changelog'] === undefined ? null : changelogFile(source, text('changelog'), (problem) => fail(`${at} ("${name}"): ${problem}`));
  const wanted = (revisions as string[] | undefined) ?? null;
  const known = revisionsIn(source);
  const missing = wanted?.find((r) => !known.includes(r));
  if (missing) fail(`${at} ("${name}"): revision "${missing}" is not in ${relative(process.cwd(), source)} (it has ${known.join(', ') || 'none'})`);
  return { name, label, title, source, upstream, revisions: wanted, pageLabels: pageLabels as SiteSpec['pageLabels'], detector: detector as boolean, changelog };
}

/**
 * The `changelog` setting: a file inside a folder of revision folders. A snapshots folder's
 * revisions carry their own changelog pages (as MCP's do), so it takes none.
 */
function changelogFile(source: string, file: string, fail: (problem: string) => never): string {
  if (existsSync(lockPath(source))) return fail('"changelog" is for a folder of revision folders; a snapshots folder\'s revisions have their own changelog pages');
  const path = resolve(source, file);
  const inside = relative(source, path);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside) || !existsSync(path) || !statSync(path).isFile()) {
    return fail(`"changelog" ${JSON.stringify(file)} must be a file in ${relative(process.cwd(), source) || '.'}`);
  }
  return path;
}

/** Where each spec lives in the built site: the first at the base path, the others in a folder of their name. */
export function specPlaces(specs: readonly SiteSpec[], base: string, out: string): { spec: SiteSpec; base: string; out: string }[] {
  return specs.map((spec, i) => ({ spec, base: i === 0 ? normalizeBase(base) : `${normalizeBase(base)}${spec.name}/`, out: i === 0 ? out : join(out, spec.name) }));
}

/** The revisions a source holds, oldest first: the lock's, or its sub-folders in release order (dates, versions, editions). */
export function revisionsIn(source: string): string[] {
  const lock = lockPath(source);
  // The lock is read as any lock is (validated): a hand-edited one fails in one sentence naming it.
  if (existsSync(lock)) return parseLock(readFileSync(lock, 'utf8'), lock).revisions.map((r) => r.id);
  return revisionFolders(source);
}

