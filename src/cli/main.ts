import { Command, CommanderError } from 'commander';
import { failed } from './failure.ts';
import { processIO, type CommandIO, type ExitCode } from './io.ts';
import type { RegisterContext } from './register/context.ts';
import { registerDiff } from './register/diff.ts';
import { registerSnapshot } from './register/snapshot.ts';
import { registerRevisions } from './register/revisions.ts';
import { registerLint } from './register/lint.ts';
import { registerWhich } from './register/which.ts';
import { registerBadge } from './register/badge.ts';
import { registerAction } from './register/action.ts';
import { VERSION } from './version.ts';

/**
 * The command line: parses arguments, hands them to a command function, and turns what
 * happened into an exit code. Commands never call process.exit; run.ts (what bin/specdelta.js starts) sets
 * process.exitCode from what this returns.
 */
export async function main(argv: string[], io: CommandIO = processIO()): Promise<ExitCode> {
  let exitCode: ExitCode = 0;
  const debug = argv.includes('--debug');
  const program = buildProgram({
    io,
    setExit: (code) => {
      exitCode = code;
    },
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

/**
 * The program: its own options and output, then one register<Command> per command
 * (src/cli/register/), in the order --help lists them.
 */
function buildProgram(context: RegisterContext): Command {
  const { io } = context;
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

  registerDiff(program, context);
  registerSnapshot(program, context);
  registerRevisions(program, context);
  registerLint(program, context);
  registerWhich(program, context);
  registerBadge(program, context);
  registerAction(program, context);
  return program;
}
