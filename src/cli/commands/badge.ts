import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { makeBadge, renderHtml, renderMarkdown, renderSvg } from '../../badge/badge.ts';
import { pageTitleOf } from '../../badge/title.ts';
import { badgeImagePath, changedSincePath, revisionsBehind, siteUrl, type BadgeRevision } from '../../badge/urls.ts';
import { SHIPPED_FINGERPRINTS } from '../../detect/load.ts';
import { InputError } from '../../core/errors.ts';
import { assertPageId } from '../../input/ids.ts';
import { listPages, readLock } from '../../../scraper/index.ts';
import type { CommandIO, ExitCode } from '../io.ts';
import { stripPageExtension } from '../../input/spec-tree.ts';

interface BadgeOptions {
  page?: string;
  format: 'svg' | 'markdown' | 'html';
  siteUrl?: string;
  snapshots: string;
}

/**
 * `specdelta badge REVISION [--page PAGE]`: a shields.io-style badge saying which revision a
 * tutorial was written for and whether it is still the latest, linking to what changed since.
 */
export async function runBadge(revisionArg: string, options: BadgeOptions, io: CommandIO): Promise<ExitCode> {
  const snapshots = resolve(io.cwd, options.snapshots);
  const known = await knownRevisions(snapshots);
  const revision = revisionArg === 'latest' ? known.revisions.find((r) => r.status === 'latest')?.id ?? revisionArg : revisionArg;
  const info = known.revisions.find((r) => r.id === revision);
  if (!info) {
    throw new InputError(`revision ${revisionArg} is not one of the known revisions (${known.revisions.map((r) => r.id).join(', ')}).`);
  }
  const page = options.page ? stripPageExtension(options.page.replace(/^\/+|\/+$/g, '')) : null;
  // The page becomes part of the badge's link and image paths: it must be a page id even without a lock.
  if (page !== null) assertPageId(page, `--page ${options.page}`);
  let title: string | null = null;
  if (page !== null && known.pages) {
    const pages = known.pages(revision);
    if (!pages.includes(page)) {
      throw new InputError(`revision ${revision} has no page ${page} in ${options.snapshots}/ (it has ${pages.length} pages, e.g. ${pages.slice(0, 3).join(', ')}).`);
    }
    const file = join(snapshots, revision, `${page}.mdx`);
    if (existsSync(file)) title = pageTitleOf(await readFile(file, 'utf8'));
  }
  const base = options.siteUrl ?? io.env['SPECDELTA_SITE'] ?? '';
  if (base && !/^https?:\/\/[^\s]+$/i.test(base)) throw new InputError(`--site-url ${base} is not an http(s) URL.`);
  const latest = known.revisions.find((r) => r.status === 'latest')?.id ?? null;
  const link = siteUrl(base || '/', changedSincePath(known.revisions, revision, page));
  // How many revisions behind it is, from the lock; the breaking changes since need a diff (the site's badges count them).
  const badge = makeBadge({ revision, status: info.status, page, pageTitle: title, latest, link, behind: { revisions: revisionsBehind(known.revisions, revision) } });
  const image = siteUrl(base || '/', badgeImagePath(revision, page));
  if (!base && options.format !== 'svg') io.stderr.write('specdelta: no --site-url (or SPECDELTA_SITE) given; the snippet\'s URLs are relative to the site root.\n');
  io.stdout.write(options.format === 'markdown' ? renderMarkdown(badge, image) : options.format === 'html' ? renderHtml(badge, image) : renderSvg(badge));
  return 0;
}

interface KnownRevisions {
  revisions: BadgeRevision[];
  /** Pages of a revision, when the snapshots say (null: no snapshots, any page goes). */
  pages: ((revision: string) => string[]) | null;
}

/** The lock's revisions and pages; without snapshots, the revisions the shipped fingerprints were built from. */
async function knownRevisions(snapshots: string): Promise<KnownRevisions> {
  if (existsSync(join(snapshots, 'snapshots.lock.json'))) {
    const lock = await readLock(snapshots);
    return { revisions: lock.revisions.map((r) => ({ id: r.id, status: r.status })), pages: (revision) => listPages(lock, revision) };
  }
  if (existsSync(SHIPPED_FINGERPRINTS)) {
    const data = JSON.parse(await readFile(SHIPPED_FINGERPRINTS, 'utf8')) as { revisions: BadgeRevision[] };
    return { revisions: data.revisions.map((r) => ({ id: r.id, status: r.status })), pages: null };
  }
  throw new InputError(`there is no list of revisions: ${snapshots} has no snapshots.lock.json; run \`specdelta snapshot\` first.`);
}
