import { resolve } from 'node:path';
import pc from 'picocolors';
import { UsageError } from '../../core/errors.ts';
import type { CommandIO, ExitCode } from '../io.ts';
import { wantsColor } from '../io.ts';
import { checkSnapshots, hasDrift, hasFailures, type DriftReport } from '../../../scraper/check.ts';
import { SourceError } from '../../../scraper/errors.ts';
import { snapshotFrozen } from '../../../scraper/frozen.ts';
import { DEFAULT_HTTP, type HttpOptions } from '../../../scraper/http.ts';
import { lockPath, type LockedPage } from '../../../scraper/lock.ts';
import { displayPath } from '../../core/paths.ts';
import { createProgress } from '../../../scraper/progress.ts';
import { describeRecovery } from '../../../scraper/recovery.ts';
import { DEFAULT_RETRY } from '../../net/retry.ts';
import { snapshot, type SnapshotReport } from '../../../scraper/snapshot.ts';
import type { CommitHook } from '../../../scraper/staging.ts';
import { GitSource } from '../../../scraper/sources/git.ts';
import { resolveSource, type SourceFlags } from '../../../scraper/sources/resolve.ts';
import type { Source } from '../../../scraper/types.ts';
import { count } from '../numbers.ts';

interface SnapshotOptions extends SourceFlags {
  revision?: string[];
  page?: string[];
  snapshots?: string;
  frozen?: boolean;
  check?: boolean;
  /** --check against the default network source when no source flag is given. */
  upstream?: boolean;
  concurrency?: string | number;
  timeout?: string | number;
  retries?: string | number;
  retryDelay?: string | number;
  maxSize?: string | number;
  format?: 'text' | 'json';
  quiet?: boolean;
  color?: boolean;
  // Programmatic only (tests): the rest of the retry policy and the clock.
  maxRetryDelayMs?: number;
  maxRetryAfterMs?: number;
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => Date;
  /** --frozen without a source: where pages locked from a mirror are fetched at their commit. */
  rawRoot?: string;
}

/**
 * `specdelta snapshot`: fetch pages into snapshots/ and record them in the lock
 * (default), restore exactly what the lock says (--frozen), or report drift (--check).
 */
export async function runSnapshot(options: SnapshotOptions, io: CommandIO): Promise<ExitCode> {
  if (options.frozen && options.check) throw new UsageError('--frozen and --check cannot be used together: --frozen restores the locked pages, --check only reports.');
  const format = options.format ?? 'text';
  const snapshotsDir = resolve(io.cwd, options.snapshots ?? 'snapshots');
  const maxBytes = count(options.maxSize, '--max-size', DEFAULT_HTTP.maxBytes);
  const http: HttpOptions = {
    timeoutMs: count(options.timeout, '--timeout', DEFAULT_HTTP.timeoutMs),
    maxBytes,
    userAgent: DEFAULT_HTTP.userAgent,
    retry: {
      retries: count(options.retries, '--retries', DEFAULT_RETRY.retries, 0),
      baseDelayMs: count(options.retryDelay, '--retry-delay', DEFAULT_RETRY.baseDelayMs, 0),
      maxDelayMs: options.maxRetryDelayMs ?? DEFAULT_RETRY.maxDelayMs,
      maxRetryAfterMs: options.maxRetryAfterMs ?? DEFAULT_RETRY.maxRetryAfterMs,
      random: options.random ?? DEFAULT_RETRY.random,
      sleep: options.sleep ?? DEFAULT_RETRY.sleep,
    },
  };
  const concurrency = count(options.concurrency, '--concurrency', 8);
  const quiet = options.quiet === true || format === 'json';
  const progress = createProgress(io.stderr, { quiet, verb: options.check ? 'checking' : 'fetching', hide: options.check ? ['unchanged'] : [] });
  http.onRetry = ({ url, attempt, delayMs, reason }) => progress.retry(url, `${reason}; attempt ${attempt + 1} in ${delayMs} ms`);

  const resolved = await resolveSource(options, { cwd: io.cwd, env: io.env, http, maxBytes });
  const selection = { revisions: splitList(options.revision), pages: splitList(options.page) };

  if (options.check) {
    const source = resolved.explicit || options.upstream ? resolved.source : null;
    const report = await checkSnapshots({ snapshotsDir, source, ...selection, concurrency, progress });
    if (format === 'json') io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    else if (!options.quiet) io.stdout.write(renderDrift(report, wantsColor(io, options.color)));
    if (hasFailures(report)) {
      const failed = report.upstream?.pages.filter((p) => p.change === 'failed') ?? [];
      throw new SourceError('network', `${failed.length} of ${report.checked} pages could not be checked upstream; the first: ${failed[0]?.note ?? 'unknown error'}`);
    }
    return hasDrift(report) ? 1 : 0;
  }

  let report: SnapshotReport;
  let from: string;
  if (options.frozen) {
    let source: Source | ((entry: LockedPage) => Source) | null = resolved.explicit ? resolved.source : null;
    if (options.git !== undefined && options.ref === undefined) {
      // No --ref: each page at the commit the lock records.
      const dir = resolve(io.cwd, options.git);
      const byCommit = new Map<string, GitSource>();
      source = (entry) => {
        const ref = entry.commit ?? 'HEAD';
        let git = byCommit.get(ref);
        if (!git) byCommit.set(ref, (git = new GitSource(dir, ref, maxBytes, io.cwd)));
        return git;
      };
    }
    from = source === null ? 'the URLs in the lock' : resolved.source.label;
    report = await snapshotFrozen({ snapshotsDir, source, http, rawRoot: options.rawRoot, ...selection, concurrency, progress });
  } else {
    from = resolved.source.label;
    const onCommitStep = pauseHook(io);
    report = await snapshot({ snapshotsDir, source: resolved.source, site: resolved.site, ...selection, concurrency, progress, now: options.now, ...(onCommitStep && { onCommitStep }) });
  }

  if (format === 'json') {
    io.stdout.write(
      `${JSON.stringify(
        {
          source: from,
          mode: options.frozen ? 'frozen' : 'update',
          fetched: report.fetched,
          unchanged: report.unchanged,
          failed: report.failed,
          lockWritten: report.lockWritten,
          recovered: report.recovered,
          items: report.items.map((i) => ({ revision: i.revision, page: i.page, outcome: i.outcome, via: i.via, error: i.error?.message ?? null })),
        },
        null,
        2,
      )}\n`,
    );
  } else if (!options.quiet) {
    const lock = displayPath(lockPath(snapshotsDir), io.cwd);
    if (report.recovered) io.stdout.write(`${describeRecovery(report.recovered)}\n`);
    const lockNote = options.frozen ? 'lock unchanged (--frozen)' : report.lockWritten ? `lock updated (${lock})` : `lock unchanged (${lock})`;
    io.stdout.write(`${report.items.length} pages from ${from}: ${report.fetched} fetched, ${report.unchanged} unchanged, ${report.failed} failed; ${lockNote}.\n`);
  }
  const failures = report.items.filter((i) => i.error !== null);
  if (failures.length === 1) throw failures[0]!.error!;
  if (failures.length > 1) {
    const first = failures[0]!.error!;
    throw new SourceError(first.kind, `${failures.length} of ${report.items.length} pages failed, and their snapshots were left as they were; the first: ${first.message}`);
  }
  return 0;
}

/**
 * SPECDELTA_TEST_PAUSE_AT=STEP (tests only): stop the run between two commit steps (see
 * CommitStep: staged, journal, moved:N, lock), say so on stderr, and wait to be killed, so a
 * test can SIGKILL it at a known point.
 */
function pauseHook(io: CommandIO): CommitHook | null {
  const at = io.env['SPECDELTA_TEST_PAUSE_AT'];
  if (!at) return null;
  return async (step) => {
    if (step !== at) return;
    io.stderr.write(`specdelta: test hook: paused at ${step}\n`);
    await new Promise(() => setInterval(() => undefined, 60_000));
  };
}

function renderDrift(report: DriftReport, color: boolean): string {
  const c = pc.createColors(color);
  const lines: string[] = [`Checked ${report.checked} locked page${report.checked === 1 ? '' : 's'} (${report.lockFile}).`];
  if (report.interrupted) lines.push(`  ${c.yellow('interrupted run')}: ${report.interrupted.message}`);
  if (report.local.length === 0) lines.push(`  local files: all match the lock`);
  else {
    lines.push('  local files that no longer match the lock:');
    for (const d of report.local) {
      lines.push(`    ${c.yellow(d.problem.padEnd(9))} ${d.revision}/${d.page}  ${d.problem === 'missing' ? `(${d.file})` : `(sha256 ${short(d.actual)}, locked ${short(d.expected)})`}`);
    }
  }
  if (report.upstream === null) {
    lines.push('  upstream: not checked (give --from, --git, --base-url, SPECDELTA_MIRROR, or --upstream for the network)');
  } else {
    const { source, pages, revisions } = report.upstream;
    if (pages.length === 0 && revisions.length === 0) lines.push(`  upstream (${source}): no changes since the lock`);
    else lines.push(`  upstream (${source}):`);
    for (const r of revisions) {
      const what = r.locked === null ? `new revision (${r.upstream})` : r.upstream === null ? 'no longer published' : `${r.locked} → ${r.upstream}`;
      lines.push(`    ${c.cyan('revision'.padEnd(9))} ${r.id}: ${what}`);
    }
    for (const p of pages) {
      const tag = p.change === 'changed' ? c.yellow : p.change === 'failed' ? c.red : c.cyan;
      const detail = p.summary
        ? `${c.bold(`${p.summary.breaking} breaking`)}, ${p.summary['non-breaking']} non-breaking, ${p.summary.editorial} editorial`
        : (p.note ?? '');
      lines.push(`    ${tag(p.change.padEnd(9))} ${p.revision}/${p.page}${detail ? `: ${detail}` : ''}`);
    }
  }
  const upstreamCount = report.upstream ? report.upstream.pages.filter((p) => p.change !== 'failed').length + report.upstream.revisions.length : 0;
  lines.push(hasDrift(report) ? `Drift: ${report.local.length} local, ${upstreamCount} upstream.` : 'No drift.');
  return `${lines.join('\n')}\n`;
}

function short(hash: string | null): string {
  return hash === null ? 'none' : `${hash.slice(0, 12)}…`;
}

function splitList(values: string[] | string | undefined): string[] {
  if (values === undefined) return [];
  const list = Array.isArray(values) ? values : [values];
  return list.flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
}
