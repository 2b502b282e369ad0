import type { Readable, Writable } from 'node:stream';

/**
 * Everything a command touches outside its arguments. Commands take this instead of
 * reaching for `process`, so tests call them directly and read what they printed.
 */
export interface CommandIO {
  cwd: string;
  stdout: Writable & { isTTY?: boolean; columns?: number };
  stderr: Writable & { isTTY?: boolean; columns?: number };
  stdin: Readable;
  env: Record<string, string | undefined>;
}

export type ExitCode = 0 | 1 | 2;

export function processIO(): CommandIO {
  return { cwd: process.cwd(), stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env };
}

/** Colour only on a terminal, never when NO_COLOR is set or --no-color was given. */
export function wantsColor(io: CommandIO, flag: boolean | undefined): boolean {
  if (flag === false) return false;
  if (io.env['NO_COLOR'] !== undefined && io.env['NO_COLOR'] !== '') return false;
  if (io.env['FORCE_COLOR'] !== undefined && io.env['FORCE_COLOR'] !== '0') return true;
  return io.stdout.isTTY === true;
}
