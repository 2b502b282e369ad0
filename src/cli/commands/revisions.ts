import { resolve } from 'node:path';
import { InputError, UsageError } from '../../core/errors.ts';
import type { CommandIO, ExitCode } from '../io.ts';
import { loadCatalog } from '../../../scraper/catalog.ts';
import { DEFAULT_HTTP } from '../../../scraper/http.ts';
import { upstreamPath, UPSTREAM_LAYOUT } from '../../../scraper/layout.ts';
import { isPageId, isRevisionId, lockPath, readLockIfExists, type RevisionInfo } from '../../../scraper/lock.ts';
import { displayPath } from '../../core/paths.ts';
import { GitSource } from '../../../scraper/sources/git.ts';
import { resolveSource, type SourceFlags } from '../../../scraper/sources/resolve.ts';
import { stripPageExtension } from '../../input/spec-tree.ts';

interface RevisionsOptions extends SourceFlags {
  snapshots?: string;
  /** Ask the default network source even when a lock exists. */
  upstream?: boolean;
  /** REVISION:PAGE — the commits that changed that page (needs --git). */
  history?: string;
  format?: 'text' | 'json';
}

interface Listed extends RevisionInfo {
  pages: number;
}

/**
 * `specdelta revisions`: the revisions known, which is latest and which is draft. From the
 * lock by default (offline); from a source when one is named (--from, --git, --base-url,
 * SPECDELTA_MIRROR, --upstream) or when there is no lock yet.
 */
export async function runRevisions(options: RevisionsOptions, io: CommandIO): Promise<ExitCode> {
  const format = options.format ?? 'text';
  if (options.history !== undefined) return history(options, io);

  const snapshotsDir = resolve(io.cwd, options.snapshots ?? 'snapshots');
  const namedSource = options.from !== undefined || options.git !== undefined || options.baseUrl !== undefined || Boolean(io.env['SPECDELTA_MIRROR']) || options.upstream === true;
  const lock = namedSource ? null : await readLockIfExists(snapshotsDir);
  let revisions: Listed[];
  let from: string;
  if (lock !== null) {
    from = displayPath(lockPath(snapshotsDir), io.cwd);
    revisions = lock.revisions.map((r) => ({ ...r, pages: lock.pages.filter((p) => p.revision === r.id).length }));
  } else {
    const { source } = await resolveSource(options, { cwd: io.cwd, env: io.env, http: DEFAULT_HTTP, maxBytes: DEFAULT_HTTP.maxBytes });
    const catalog = await loadCatalog(source, UPSTREAM_LAYOUT);
    from = source.label;
    revisions = catalog.revisions.map((r) => ({ ...r, pages: catalog.pages.get(r.id)?.length ?? 0 }));
  }

  const latest = revisions.find((r) => r.status === 'latest')?.id ?? null;
  const draft = revisions.find((r) => r.status === 'draft')?.id ?? null;
  if (format === 'json') {
    io.stdout.write(`${JSON.stringify({ source: from, latest, draft, revisions }, null, 2)}\n`);
    return 0;
  }
  const width = Math.max(8, ...revisions.map((r) => r.id.length));
  const lines = revisions.map((r) => `${r.id.padEnd(width)}  ${r.status.padEnd(10)}  ${r.pages} page${r.pages === 1 ? '' : 's'}${lock ? ' locked' : ''}`);
  lines.push(`(${revisions.length} revisions from ${from}; latest ${latest ?? 'unknown'}, draft ${draft ?? 'none'})`);
  io.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}

async function history(options: RevisionsOptions, io: CommandIO): Promise<ExitCode> {
  if (options.git === undefined) throw new UsageError('--history needs a git clone: add --git DIR (and --ref REF to start from a ref other than HEAD).');
  const spec = options.history ?? '';
  const colon = spec.indexOf(':');
  const revision = spec.slice(0, colon);
  const page = stripPageExtension(spec.slice(colon + 1));
  if (colon <= 0 || !isRevisionId(revision) || !isPageId(page)) throw new InputError(`--history ${spec} is not REVISION:PAGE (for example 2025-06-18:client/elicitation).`);
  const git = new GitSource(resolve(io.cwd, options.git), options.ref ?? 'HEAD', DEFAULT_HTTP.maxBytes, io.cwd);
  const path = upstreamPath(UPSTREAM_LAYOUT, revision, page);
  const entries = await git.history(path);
  if (entries.length === 0) throw new InputError(`revision ${revision} has no page ${page} in the history of ${git.label} (${path}).`);
  if ((options.format ?? 'text') === 'json') {
    io.stdout.write(`${JSON.stringify({ revision, page, path, history: entries }, null, 2)}\n`);
    return 0;
  }
  io.stdout.write(`${entries.map((e) => `${e.commit.slice(0, 12)}  ${e.date}  ${e.subject}`).join('\n')}\n(${entries.length} commits changed ${path} up to ${git.label})\n`);
  return 0;
}
