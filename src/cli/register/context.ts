import { Option } from 'commander';
import type { CommandIO, ExitCode } from '../io.ts';

/**
 * What every register<Command> function is handed besides the program: the streams its
 * command writes to, and where it reports its exit code (main() owns turning that into the
 * process's code, so a command never calls process.exit).
 */
export interface RegisterContext {
  io: CommandIO;
  setExit: (code: ExitCode) => void;
}

/** diff, lint and which read URLs through the same capped reader, with the same knob. */
export function urlTimeoutOption(): Option {
  return new Option('--timeout <ms>', 'URL inputs: give up on a server silent for this long (default 30000); a whole download gets at most 2 minutes, or 4× this when longer');
}
