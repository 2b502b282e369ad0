import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runWhichFast } from '../../src/cli/which-fast.ts';
import { repoRoot } from '../../harness/paths.ts';
import { runCli } from '../../harness/run-cli.ts';
import { staticImportGraph } from '../helpers/static-imports.ts';

/**
 * `which` without the argument parser (src/cli/which-fast.ts): for the plain forms it reads,
 * the same output, errors and exit code as main(); for anything else it declines (null) and
 * main() answers.
 */
const text = join(repoRoot, 'fixtures/detect/elicitation-2025-11-25.md');
const fingerprints = join(repoRoot, 'src/detect/data/fingerprints.json');
const fast = (args: string[], io: Parameters<typeof runWhichFast>[1]) => (args[0] === 'which' ? runWhichFast(args.slice(1), io) : Promise.resolve(null));

describe('which without the argument parser', () => {
  it('loads no argument parser: only the which command and what it loads', () => {
    const graph = staticImportGraph('src/cli/which-fast.ts');
    expect(graph.packages.filter((p) => !p.startsWith('node:'))).toEqual([]);
    expect(graph.files).not.toContain('src/cli/main.ts');
    expect(graph.files).toEqual(expect.arrayContaining(['src/cli/commands/which.ts', ...staticImportGraph('src/cli/commands/which.ts').files]));
  });

  const same: string[][] = [
    ['which', text, '--fingerprints', fingerprints],
    ['which', text, '--fingerprints', fingerprints, '--format', 'json'],
    ['which', '--format=markdown', `--fingerprints=${fingerprints}`, text],
    ['which', text, '--fingerprints', fingerprints, '--no-color', '-q'],
    ['which', text, '--fingerprints', fingerprints, '--quiet', '--snapshots', 'nowhere', '--timeout', '5000'],
    ['which', join(repoRoot, 'fixtures/detect/no-such-file.md'), '--fingerprints', fingerprints],
    ['which', text, '--fingerprints', join(repoRoot, 'package.json')],
    ['which', '-', '--fingerprints', fingerprints, '--format', 'json'],
  ];
  it.each(same.map((args) => [args.slice(1).join(' ').replaceAll(repoRoot, '.'), args]))('%s: as main() answers', async (_, args) => {
    const stdin = '# Notes\n\nSend `elicitation/create` with `mode: "url"` and an `elicitationId`.\n';
    const viaMain = await runCli(args, { stdin, tty: true });
    const viaFast = await runCli(args, { stdin, tty: true, entry: fast });
    expect(viaFast).toEqual(viaMain);
  });

  const declined: string[][] = [
    ['which'],
    ['which', '--help'],
    ['which', text, '--debug'],
    ['which', text, '--format', 'yaml'],
    ['which', text, '--format', 'json', '--format', 'text'],
    ['which', text, 'second.md'],
    ['which', text, '--unknown'],
    ['which', text, '--snapshots'],
    ['which', text, '--snapshots', '-q'],
    ['diff', text, text],
  ];
  it.each(declined.map((args) => [args.join(' ').replaceAll(repoRoot, '.'), args]))('declines %s (main() reads it)', async (_, args) => {
    expect((await runCli(args, { entry: fast })).code).toBe(-1);
  });
});
