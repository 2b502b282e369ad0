import { Command, CommanderError, Option } from 'commander';
import { failed } from './failure.ts';
import { processIO, type CommandIO, type ExitCode } from './io.ts';
import { VERSION } from './version.ts';

/**
 * The command line: parses arguments, hands them to a command function, and turns what
 * happened into an exit code. Commands never call process.exit; run.ts (what bin/specdelta.js starts) sets
 * process.exitCode from what this returns.
 */
export async function main(argv: string[], io: CommandIO = processIO()): Promise<ExitCode> {
  let exitCode: ExitCode = 0;
  const debug = argv.includes('--debug');
  const program = buildProgram(io, (code) => {
    exitCode = code;
  });
  try {
    // What was skipped or replaced in the input is said once, on stderr, as the run goes on
    // (loaded here, not at start-up: --help loads nothing but the argument parser).
    const { withNotices } = await import('../core/notices.ts');
    await withNotices((line) => io.stderr.write(`specdelta: ${line}\n`), () => program.parseAsync(argv, { from: 'user' }));
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end here with code 0; usage mistakes with code 1 in commander's terms.
      return error.exitCode === 0 ? 0 : 2;
    }
    return failed(error, io, debug);
  }
}

type SetExit = (code: ExitCode) => void;

/** diff, lint and which read URLs through the same capped reader, with the same knob. */
function urlTimeoutOption(): Option {
  return new Option('--timeout <ms>', 'URL inputs: give up on a server silent for this long (default 30000); a whole download gets at most 2 minutes, or 4× this when longer');
}

function buildProgram(io: CommandIO, setExit: SetExit): Command {
  const program = new Command('specdelta')
    .description('What changed between revisions of a protocol specification, and which revision a page teaches.')
    .version(VERSION)
    .option('--debug', 'print stack traces for errors')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
      outputError: (s, write) => write(`specdelta: ${s.replace(/^error: /, '')}`),
    });

  program
    .command('diff')
    .description('structural diff of two spec documents (pages or schema.json)')
    .argument('<old>', 'file path, "-" for stdin, http(s) URL, or REVISION[:PAGE] from snapshots')
    .argument('<new>', 'same forms as OLD (only one side may be "-")')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json', 'markdown']).default('text'))
    .addOption(new Option('--fail-on <impact>', 'exit 1 when a change at or above this impact is found (breaking > opt-in > non-breaking > editorial); changes the config acknowledges never fail').choices(['breaking', 'opt-in', 'non-breaking', 'editorial']))
    .option('--records', 'text and markdown: list the records (the evidence) under each change, with the reason for its impact')
    .option('--no-color', 'never colour the output')
    .option('-q, --quiet', 'print nothing; only the exit code tells')
    .option('--snapshots <dir>', 'snapshot folder for REVISION:PAGE inputs', 'snapshots')
    .option('--config <file>', 'a spec\'s settings (default: specdelta.config.json beside the revision folders, if any)')
    .option('--max-chars <n>', 'markdown: the longest output (default 60000, under GitHub\'s comment limit); most severe records first, the rest counted; 0: no limit')
    .addOption(urlTimeoutOption())
    .option('--git <repo>', 'OLD and NEW are refs (branch, tag, commit) of this local git repository, read without checking out')
    .option('--spec <path>', 'with --git: the folder of pages inside the repository, e.g. docs/specification/draft')
    .option('--schema <path>', 'with --git: the schema.json inside the repository, diffed too')
    .option('--old-label <name>', 'what reports call OLD when it is a folder or git ref (default: the folder\'s name or the ref)')
    .option('--new-label <name>', 'what reports call NEW (same default)')
    .option('--changelog', "two whole revisions: hold the diff against NEW's own changelog page (each item confirmed by records or not visible in the spec text; records no item announces listed as unannounced)")
    .addHelpText(
      'after',
      `
Examples:
  $ specdelta diff old/elicitation.mdx new/elicitation.mdx
  $ specdelta diff 2025-11-25:client/elicitation 2026-07-28:client/elicitation --format markdown
  $ specdelta diff 2025-11-25 2026-07-28 --fail-on breaking       # every page and the schema
  $ specdelta diff 2025-11-25 2026-07-28 --records                 # each change with the records behind it
  $ specdelta diff 2025-11-25 2026-07-28 --changelog              # which changelog items the diff confirms, what it never announced
  $ specdelta diff spec/v1.2.0 spec/v1.3.0                         # two revision folders of any spec
  $ specdelta diff 2025-11-25 2026-07-28 --format markdown --max-chars 0 > CHANGES.md
  $ cat page.mdx | specdelta diff - new.mdx --format json
  $ specdelta diff before/draft after/draft                        # two folders of pages (+ schema.json)
  $ specdelta diff --git . origin/main HEAD --spec docs/specification/draft --schema schema/draft/schema.json

Changes and records: a record is one thing the differ saw (a rule, a field, a paragraph);
a change groups the records of one difference (a notification removed from the schema, its
section and its rules) and says whom it affects: breaking (a conforming implementation must
change), opt-in (only for implementations that adopt something new), non-breaking,
editorial. Counts, --fail-on and the Action are about changes; --format json lists both.

Exit codes: 0 ran (nothing at or above --fail-on), 1 found changes at or above --fail-on,
2 could not run (bad usage or unreadable input).`,
    )
    .action(async (oldInput: string, newInput: string, options) => {
      const { runDiff } = await import('./commands/diff.ts');
      // Loaded with the command, not at start-up: the cache module pulls in the parser.
      const { withPageCache } = await import('./page-cache.ts');
      setExit(await withPageCache(io, () => runDiff(oldInput, newInput, options, io)));
    });

  const collect = (value: string, previous: string[] = []) => [...previous, value];
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
      const { runSnapshot } = await import('./commands/snapshot.ts');
      setExit(await runSnapshot(options, io));
    });

  program
    .command('revisions')
    .description('list known revisions: which is latest, which is draft')
    .option('--snapshots <dir>', 'snapshot folder whose lock is read', 'snapshots')
    .option('--from <dir>', 'ask a local folder with the upstream layout instead of the lock')
    .option('--git <dir>', 'ask a local git clone (at --ref) instead of the lock')
    .option('--ref <ref>', 'branch, tag or commit for --git (default HEAD)')
    .option('--base-url <url>', 'ask a raw-file host (base URL including the ref) instead of the lock')
    .option('--upstream', 'ask the network source instead of the lock')
    .option('--history <revision:page>', 'list the commits that changed a page (needs --git)')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .addHelpText(
      'after',
      `
Reads snapshots/snapshots.lock.json when there is one and no source is named; otherwise
asks the source (SPECDELTA_MIRROR, or the network).

Examples:
  $ specdelta revisions
  $ specdelta revisions --from ../shared/mcp-spec/refs/main --format json
  $ specdelta revisions --git ~/src/modelcontextprotocol --history 2025-06-18:client/elicitation`,
    )
    .action(async (options) => {
      const { runRevisions } = await import('./commands/revisions.ts');
      setExit(await runRevisions(options, io));
    });

  program
    .command('lint')
    .description("check a page's JSON examples against its revision's schema: unknown fields, values outside an enum, unknown methods")
    .argument('<page>', 'file path, "-" for stdin, http(s) URL, or REVISION:PAGE from snapshots')
    .option('--schema <schema>', 'the schema.json to check against (path, URL, or REVISION:schema); default: the page\'s own revision from snapshots')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .option('--no-color', 'never colour the output')
    .option('-q, --quiet', 'print nothing; only the exit code tells')
    .option('--snapshots <dir>', 'snapshot folder for REVISION:PAGE inputs', 'snapshots')
    .addOption(urlTimeoutOption())
    .addHelpText(
      'after',
      `
Examples:
  $ specdelta lint 2025-11-25:client/elicitation                  # against 2025-11-25:schema
  $ specdelta lint page.mdx --schema ../schema/2025-11-25/schema.json --format json

Exit codes: 0 the examples agree with the schema, 1 findings, 2 could not run (bad usage or
unreadable input).`,
    )
    .action(async (page: string, options) => {
      const { runLint } = await import('./commands/lint.ts');
      setExit(await runLint(page, options, io));
    });

  program
    .command('which')
    .description('say which spec revision a text (tutorial, blog post, docs page) teaches, with evidence')
    .argument('<input>', 'file path, "-" for stdin, or http(s) URL; Markdown, MDX or HTML')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json', 'markdown']).default('text'))
    .option('--snapshots <dir>', 'snapshot folder the fingerprints are built from (cached)', 'snapshots')
    .option('--fingerprints <file>', 'use this fingerprints JSON instead of building them')
    .addOption(urlTimeoutOption())
    .option('--no-color', 'never colour the output')
    .option('-q, --quiet', 'print nothing; only the exit code tells')
    .addHelpText(
      'after',
      `
The fingerprints are what each revision introduced and removed (methods, envelopes, fields,
error codes, where capabilities are declared, section names), derived by diffing adjacent
revisions in snapshots/ (or SPECDELTA_MIRROR); without either, the copy shipped with
specdelta is used. From an HTML page only the article is read (navigation, headers, footers
and sidebars are dropped); lines refer to the input as given.

Examples:
  $ specdelta which tutorial.md
  $ specdelta which https://example.com/blog/mcp-elicitation --format json
  $ curl -s https://example.com/post.html | specdelta which -

Exit codes: 0 ran (whatever it found, including no revision), 2 could not run (unreadable,
empty, binary or oversized input; unreachable URL).`,
    )
    .action(async (input: string, options) => {
      const { runWhich } = await import('./commands/which.ts');
      setExit(await runWhich(input, options, io));
    });

  program
    .command('badge')
    .description('print an embeddable badge: which revision a page was written for, and whether it is still the latest')
    .argument('<revision>', 'a revision id (2025-11-25, draft) or "latest"')
    .option('--page <page>', 'the spec page the badge is about, e.g. client/elicitation')
    .addOption(new Option('--format <format>', 'output format').choices(['svg', 'markdown', 'html']).default('svg'))
    .option('--site-url <url>', 'the specdelta site the badge links to (default: $SPECDELTA_SITE)')
    .option('--snapshots <dir>', 'snapshot folder whose lock says which revision is latest', 'snapshots')
    .addHelpText(
      'after',
      `
The badge links to the site's "what changed since this revision" page: the revision against
the latest (for the latest, against the draft).

Examples:
  $ specdelta badge 2025-11-25 --page client/elicitation > badge.svg
  $ specdelta badge 2025-11-25 --page client/elicitation --format markdown --site-url https://example.org/specdelta/
  $ specdelta badge latest --format html --site-url https://example.org/specdelta/

Exit codes: 0 printed, 2 could not run (unknown revision or page, bad URL).`,
    )
    .action(async (revision: string, options) => {
      const { runBadge } = await import('./commands/badge.ts');
      setExit(await runBadge(revision, options, io));
    });

  program
    .command('action')
    .description('run as the GitHub Action (action.yml): diff a pull request\'s base and head, comment, set outputs')
    .addHelpText(
      'after',
      `
Reads the Actions runner's environment: GITHUB_EVENT_NAME, GITHUB_EVENT_PATH, GITHUB_REPOSITORY,
GITHUB_API_URL, GITHUB_SERVER_URL, GITHUB_RUN_ID, GITHUB_WORKSPACE, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY,
RUNNER_TEMP, and the inputs INPUT_SPEC, INPUT_SCHEMA, INPUT_FAIL_ON, INPUT_TOKEN, INPUT_COMMENT,
INPUT_COMMENT_AUTHOR. action.yml runs the same code bundled (action/dist/index.mjs). The README shows the workflow that uses it.

Exit codes: 0 commented (nothing at or above fail-on), 1 changes at or above fail-on, 2 could not run.`,
    )
    .action(async () => {
      const { runAction } = await import('../action/run.ts');
      setExit(await runAction(io));
    });

  // ── more commands: each block registers one command and lazily imports its module ──

  return program;
}
