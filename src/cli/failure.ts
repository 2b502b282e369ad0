import { isUserFacing } from '../core/errors.ts';
import type { CommandIO, ExitCode } from './io.ts';

/**
 * What a command that threw ends with: the user's input or usage at fault is one sentence
 * and exit code 2; anything else is an internal error, with the stack only under --debug.
 * Shared by main() and the `which` fast path, so both end alike.
 */
export function failed(error: unknown, io: CommandIO, debug: boolean): ExitCode {
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
