import { runWhich, type WhichOptions } from './commands/which.ts';
import { failed } from './failure.ts';
import { processIO, type CommandIO, type ExitCode } from './io.ts';

/**
 * `specdelta which INPUT [options]` without the argument parser: `which` is run once per
 * text, often from scripts, and the parser is a fifth of what it costs to start. Only the
 * plain forms are read here (one input; `--format`, `--snapshots`, `--fingerprints` and
 * `--timeout` with a value, as `--x value` or `--x=value`; `--no-color`; `-q`/`--quiet`),
 * each at most once; anything else (`--help`, `--debug`, an unknown or repeated option, a
 * format that is none of the choices, a second input) returns null and main() reads it, so
 * every answer and every error stays the parser's. Runs the same command function as main().
 */
export async function runWhichFast(args: readonly string[], io: CommandIO = processIO()): Promise<ExitCode | null> {
  const parsed = parseWhichArgs(args);
  if (parsed === null) return null;
  try {
    // (The command is imported with this module: one graph to load, fetched at once, for the one command this reads.)
    return await runWhich(parsed.input, parsed.options, io);
  } catch (error) {
    return failed(error, io, false);
  }
}

const VALUED = new Set(['--format', '--snapshots', '--fingerprints', '--timeout']);
const FORMATS = new Set(['text', 'json', 'markdown']);

/** The input and options of `which`, as main() would give them to runWhich, or null when main() must read them. */
function parseWhichArgs(args: readonly string[]): { input: string; options: WhichOptions } | null {
  const values = new Map<string, string>();
  const flags = new Set<string>();
  let input: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '-' || !arg.startsWith('-')) {
      if (input !== undefined) return null;
      input = arg;
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg : arg.slice(0, eq);
    if (VALUED.has(name)) {
      const value = eq === -1 ? args[++i] : arg.slice(eq + 1);
      if (value === undefined || value === '' || value.startsWith('-') || values.has(name)) return null;
      values.set(name, value);
      continue;
    }
    const flag = arg === '-q' ? '--quiet' : arg;
    if ((flag !== '--quiet' && flag !== '--no-color') || flags.has(flag)) return null;
    flags.add(flag);
  }
  if (input === undefined) return null;
  const format = values.get('--format') ?? 'text';
  if (!FORMATS.has(format)) return null;
  const options: WhichOptions = { format: format as WhichOptions['format'], snapshots: values.get('--snapshots') ?? 'snapshots', color: !flags.has('--no-color') };
  const fingerprints = values.get('--fingerprints');
  if (fingerprints !== undefined) options.fingerprints = fingerprints;
  const timeout = values.get('--timeout');
  if (timeout !== undefined) options.timeout = timeout;
  if (flags.has('--quiet')) options.quiet = true;
  return { input, options };
}
