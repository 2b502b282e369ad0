import { PassThrough, Readable } from 'node:stream';
import { main } from '../src/cli/main.ts';
import type { CommandIO } from '../src/cli/io.ts';
import { repoRoot } from './paths.ts';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI in-process, as the binary would, capturing what it prints. */
export async function runCli(args: string[], options: { cwd?: string; stdin?: string | Buffer; env?: Record<string, string>; tty?: boolean; entry?: (args: string[], io: CommandIO) => Promise<number | null> } = {}): Promise<CliResult> {
  const stdout = new PassThrough() as PassThrough & { isTTY?: boolean };
  const stderr = new PassThrough() as PassThrough & { isTTY?: boolean };
  stdout.isTTY = options.tty ?? false;
  stderr.isTTY = options.tty ?? false;
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  stdout.on('data', (chunk: Buffer) => out.push(chunk));
  stderr.on('data', (chunk: Buffer) => err.push(chunk));
  const io: CommandIO = {
    cwd: options.cwd ?? repoRoot,
    stdout,
    stderr,
    stdin: Readable.from(options.stdin === undefined ? [] : [Buffer.from(options.stdin)]),
    env: { ...options.env },
  };
  const code = (await (options.entry ?? main)(args, io)) ?? -1;
  return { code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') };
}
