import { Option, type Command } from 'commander';
import { urlTimeoutOption, type RegisterContext } from './context.ts';

/**
 * `specdelta diff OLD NEW`: two pages, schemas, folders, snapshot revisions or git refs.
 * Registers its flags and help only: the command's module loads when it runs, not at start-up.
 */
export function registerDiff(program: Command, { io, setExit }: RegisterContext): void {
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
      const { runDiff } = await import('../commands/diff.ts');
      // Loaded with the command, not at start-up: the cache module pulls in the parser.
      const { withPageCache } = await import('../page-cache.ts');
      setExit(await withPageCache(io, () => runDiff(oldInput, newInput, options, io)));
    });
}
