import { Option, type Command } from 'commander';
import { urlTimeoutOption, type RegisterContext } from './context.ts';

/**
 * `specdelta lint PAGE`: a page's JSON examples checked against its revision's schema.
 * Registers its flags and help only: the command's module loads when it runs, not at start-up.
 */
export function registerLint(program: Command, { io, setExit }: RegisterContext): void {
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
      const { runLint } = await import('../commands/lint.ts');
      setExit(await runLint(page, options, io));
    });
}
