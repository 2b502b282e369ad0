import { Command, CommanderError, Option } from 'commander';
import { isUserFacing } from '../errors.ts';
import { processIO, type CommandIO, type ExitCode } from './io.ts';

/**
 * The command line: parses arguments, hands them to a command function, and turns what
 * happened into an exit code. Commands never call process.exit; bin/specdelta.js sets
 * process.exitCode from what this returns.
 */
export async function main(argv: string[], io: CommandIO = processIO()): Promise<ExitCode> {
  let exitCode: ExitCode = 0;
  const debug = argv.includes('--debug');
  const program = buildProgram(io, (code) => {
    exitCode = code;
  });
  try {
    await program.parseAsync(argv, { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end here with code 0; usage mistakes with code 1 in commander's terms.
      return error.exitCode === 0 ? 0 : 2;
    }
    if (isUserFacing(error)) {
      io.stderr.write(`specdelta: ${error.message}\n`);
      if (debug && error.stack) io.stderr.write(`${error.stack}\n`);
      return 2;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr.write(`specdelta: internal error: ${message}\n`);
    io.stderr.write(debug && error instanceof Error && error.stack ? `${error.stack}\n` : 'Run again with --debug for the stack trace, and please report it.\n');
    return 2;
  }
}

type SetExit = (code: ExitCode) => void;

function buildProgram(io: CommandIO, setExit: SetExit): Command {
  const program = new Command('specdelta')
    .description('What changed between revisions of a protocol specification, and which revision a page teaches.')
    .version('0.1.0')
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
    .addOption(new Option('--fail-on <level>', 'exit 1 when a change at or above this level is found').choices(['breaking', 'non-breaking', 'editorial']))
    .option('--no-color', 'never colour the output')
    .option('-q, --quiet', 'print nothing; only the exit code tells')
    .option('--snapshots <dir>', 'snapshot folder for REVISION:PAGE inputs', 'snapshots')
    .addHelpText(
      'after',
      `
Examples:
  $ specdelta diff old/elicitation.mdx new/elicitation.mdx
  $ specdelta diff 2025-11-25:client/elicitation 2026-07-28:client/elicitation --format markdown
  $ specdelta diff 2025-11-25 2026-07-28 --fail-on breaking       # every page and the schema
  $ cat page.mdx | specdelta diff - new.mdx --format json

Exit codes: 0 ran (nothing at or above --fail-on), 1 found changes at or above --fail-on,
2 could not run (bad usage or unreadable input).`,
    )
    .action(async (oldInput: string, newInput: string, options) => {
      const { runDiff } = await import('./commands/diff.ts');
      setExit(await runDiff(oldInput, newInput, options, io));
    });

  // ── more commands: each block registers one command and lazily imports its module ──

  return program;
}
