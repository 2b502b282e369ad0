import { Option, type Command } from 'commander';
import type { RegisterContext } from './context.ts';

/** A repeatable option's values, in the order given (`--page a --page b`). */
function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/**
 * `specdelta snapshot`: fetch the spec's pages into snapshots/ and record them in the lock.
 * Registers its flags and help only: the command's module loads when it runs, not at start-up.
 */
export function registerSnapshot(program: Command, { io, setExit }: RegisterContext): void {
  program
    .command('snapshot')
    .description('fetch spec pages into snapshots/ and record them in snapshots/snapshots.lock.json')
    .option('--revision <id>', 'only this revision ("latest" works too); repeat or comma-separate for more', collect)
    .option('--page <page>', 'only this page, e.g. client/elicitation or schema.json; repeatable', collect)
    .option('--from <dir>', `a local folder with the upstream layout (a clone or mirror); default: $SPECDELTA_MIRROR`)
    .option('--git <dir>', 'a local git clone of the upstream repository, read at --ref')
    .option('--ref <ref>', 'branch, tag or commit for --git (default HEAD; with --frozen, the locked commit)')
    .option('--base-url <url>', 'raw-file base URL including the ref (default https://raw.githubusercontent.com/modelcontextprotocol/modelcontextprotocol/main)')
    .option('--site <url>', 'the rendered documentation site, used for pages the raw source does not have')
    .option('--snapshots <dir>', 'snapshot folder', 'snapshots')
    .option('--frozen', 'fetch exactly what the lock says; fail on a hash mismatch; never change the lock')
    .option('--check', 'report drift: local files vs the lock and, with a source, upstream vs the lock (exit 1 on drift)')
    .option('--upstream', 'with --check and no source flag: also compare against the network source')
    .option('--concurrency <n>', 'requests in flight at once', '8')
    .option('--timeout <ms>', 'give up on a request silent for this long', '30000')
    .option('--retries <n>', 'retries on network errors, timeouts, 5xx and 429', '4')
    .option('--retry-delay <ms>', 'backoff base (doubles each retry, with jitter)', '500')
    .option('--max-size <bytes>', 'refuse files larger than this', String(20 * 1024 * 1024))
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .option('--no-color', 'never colour the output')
    .option('-q, --quiet', 'print only errors')
    .addHelpText(
      'after',
      `
Sources (one of): the upstream raw files over HTTPS (default), --base-url URL, --from DIR
(or SPECDELTA_MIRROR=DIR), --git DIR [--ref REF]. Revisions and pages are discovered from
docs/docs.json, or from the folder listing when there is none.

A failed, partial or truncated fetch never replaces a good snapshot, and the lock is written
once, at the end. A killed run leaves the old state, the new one, or a commit the next run
finishes or rolls back by itself; --check says which. One run writes a snapshots folder at a time (it holds
<snapshots>/.snapshot-run.lock; a crashed run's lock goes stale after 20 s); --check only reads.

Examples:
  $ specdelta snapshot                                      # every revision and page, from the network
  $ specdelta snapshot --from ../shared/mcp-spec/refs/main  # from a local mirror (offline)
  $ SPECDELTA_MIRROR=../shared/mcp-spec/refs/main specdelta snapshot
  $ specdelta snapshot --revision 2025-11-25 --page client/elicitation
  $ specdelta snapshot --frozen                             # CI setup: exactly the locked bytes
  $ specdelta snapshot --check --from ../shared/mcp-spec/refs/main   # drift report

Exit codes: 0 done (or no drift), 1 drift found (--check), 2 could not run (bad input, a
page that failed to fetch, a hash mismatch); failed pages keep their previous snapshot.`,
    )
    .action(async (options) => {
      const { runSnapshot } = await import('../commands/snapshot.ts');
      setExit(await runSnapshot(options, io));
    });
}
