import { Option, type Command } from 'commander';
import { urlTimeoutOption, type RegisterContext } from './context.ts';

/**
 * `specdelta which INPUT`: which revision a text teaches, with evidence.
 * Registers its flags and help only: the command's module loads when it runs, not at start-up.
 */
export function registerWhich(program: Command, { io, setExit }: RegisterContext): void {
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
      const { runWhich } = await import('../commands/which.ts');
      setExit(await runWhich(input, options, io));
    });
}
