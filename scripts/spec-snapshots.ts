import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { folderTree, InputError } from '../src/index.ts';
import { LOCK_FILE, LOCKFILE_VERSION, pageFileName, parseLock, serializeLock, type Lock, type LockedPage, type RevisionInfo } from '../scraper/lock.ts';
import { isPageId } from '../src/input/ids.ts';
import { pageFiles } from '../src/input/spec-tree.ts';
import { revisionsIn, type SiteSpec } from '../site/lib/site-config.ts';
import { releaseNotes } from './spec-changelog.ts';
import { pageIdOf } from '../site/lib/spec-identity.ts';

/**
 * The snapshots folder a spec of the site config is built from (the site reads only
 * snapshots: a lock and the pages beside it). A snapshots folder shown whole is used as it
 * is; one shown in part, or a folder of revision folders (`<source>/<revision>/…`, any
 * Markdown extension, sub-folders too), is written to `work` first: its pages under page
 * ids (`Section 3 -- Type System.md` → `section-3-type-system`), its revisions in the
 * config's order (or release order), the last released one marked latest.
 */
export function specSnapshots(spec: SiteSpec, work: string): string {
  const locked = existsSync(join(spec.source, LOCK_FILE));
  if (locked && spec.revisions === null) return spec.source;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const lock = locked ? lockSubset(spec, work) : lockOfFolders(spec, work);
  // Written as every lock is; the config's list of revisions, when it gives one, is their order.
  writeFileSync(join(work, LOCK_FILE), serializeLock(lock, spec.revisions ?? []));
  parseLock(readFileSync(join(work, LOCK_FILE), 'utf8'), join(work, LOCK_FILE));
  return work;
}

/** Some revisions of a snapshots folder, their pages copied as they are. */
function lockSubset(spec: SiteSpec, work: string): Lock {
  const lock = parseLock(readFileSync(join(spec.source, LOCK_FILE), 'utf8'), join(spec.source, LOCK_FILE));
  const wanted = spec.revisions!;
  const revisions = wanted.map((id) => ({ ...lock.revisions.find((r) => r.id === id)! }));
  for (const id of wanted) cpSync(join(spec.source, id), join(work, id), { recursive: true });
  return { lockfileVersion: LOCKFILE_VERSION, revisions: withLatest(revisions), pages: lock.pages.filter((p) => wanted.includes(p.revision)) };
}

/** The page a revision's release notes (the config's `changelog`) become, titled so the site reads it as MCP's changelog page. */
const CHANGELOG_PAGE = 'changelog';

/** A folder of revision folders, read as `specdelta diff` reads one (folderTree). */
function lockOfFolders(spec: SiteSpec, work: string): Lock {
  const ids = spec.revisions ?? revisionsIn(spec.source);
  const notes = spec.changelog === null ? new Map<string, string>() : releaseNotes(readFileSync(spec.changelog, 'utf8'), ids);
  const pages: LockedPage[] = [];
  for (const revision of ids) {
    const folder = join(spec.source, revision);
    const tree = folderTree(folder);
    // Each page's file, by the one page-file rule (input/spec-tree.ts), for `{path}` in upstream links.
    const files = pageFiles(folder);
    const taken = new Map<string, string>();
    const claim = (id: string, page: string) => {
      const clash = taken.get(id);
      if (clash !== undefined || !isPageId(id)) {
        throw new InputError(`${relative(process.cwd(), folder)}: the pages "${clash ?? page}" and "${page}" would both be the page id "${id}"; rename one.`);
      }
      taken.set(id, page);
    };
    for (const page of tree.pages) {
      const id = pageIdOf(page);
      claim(id, page);
      pages.push(writePage(work, revision, id, tree.text(page), join(folder, files.get(page) ?? `${page}.md`)));
    }
    const released = notes.get(revision);
    if (released !== undefined) {
      claim(CHANGELOG_PAGE, relative(folder, spec.changelog!));
      pages.push(writePage(work, revision, CHANGELOG_PAGE, released, spec.changelog!));
    }
    const schema = tree.schema();
    if (schema !== null) pages.push(writePage(work, revision, 'schema.json', schema, join(folder, tree.schemaName ?? 'schema.json')));
  }
  const revisions = ids.map((id): RevisionInfo => ({ id, date: /^\d{4}-\d{2}-\d{2}$/.test(id) ? id : null, status: id === 'draft' ? 'draft' : 'superseded' }));
  return { lockfileVersion: LOCKFILE_VERSION, revisions: withLatest(revisions), pages };
}

/** Writes a page into the snapshots folder and says where it came from, as the lock records it. */
function writePage(work: string, revision: string, page: string, text: string, from: string): LockedPage {
  const body = Buffer.from(text, 'utf8');
  const target = join(work, revision, pageFileName(page));
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, body);
  return {
    revision, page, url: from, via: 'dir', path: `${revision}/${pageFileName(page)}`, commit: null,
    sha256: createHash('sha256').update(body).digest('hex'), size: body.length, retrievedAt: new Date(0).toISOString(), etag: null, lastModified: null,
  };
}

/** The newest revision that is not a draft is the latest (a part of a lock may have lost its own). */
function withLatest(revisions: RevisionInfo[]): RevisionInfo[] {
  if (revisions.some((r) => r.status === 'latest')) return revisions;
  const released = revisions.filter((r) => r.status !== 'draft');
  const latest = released[released.length - 1];
  return revisions.map((r) => (r === latest ? { ...r, status: 'latest' } : r));
}
