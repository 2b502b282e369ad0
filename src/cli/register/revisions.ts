import { Option, type Command } from 'commander';
import type { RegisterContext } from './context.ts';

/**
 * `specdelta revisions`: the known revisions, which is latest, which is draft.
 * Registers its flags and help only: the command's module loads when it runs, not at start-up.
 */
export function registerRevisions(program: Command, { io, setExit }: RegisterContext): void {
  program
    .command('revisions')
    .description('list known revisions: which is latest, which is draft')
    .option('--snapshots <dir>', 'snapshot folder whose lock is read', 'snapshots')
    .option('--from <dir>', 'ask a local folder with the upstream layout instead of the lock')
    .option('--git <dir>', 'ask a local git clone (at --ref) instead of the lock')
    .option('--ref <ref>', 'branch, tag or commit for --git (default HEAD)')
    .option('--base-url <url>', 'ask a raw-file host (base URL including the ref) instead of the lock')
    .option('--upstream', 'ask the network source instead of the lock')
    .option('--history <revision:page>', 'list the commits that changed a page (needs --git)')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .addHelpText(
      'after',
      `
Reads snapshots/snapshots.lock.json when there is one and no source is named; otherwise
asks the source (SPECDELTA_MIRROR, or the network).

Examples:
  $ specdelta revisions
  $ specdelta revisions --from ../shared/mcp-spec/refs/main --format json
  $ specdelta revisions --git ~/src/modelcontextprotocol --history 2025-06-18:client/elicitation`,
    )
    .action(async (options) => {
      const { runRevisions } = await import('../commands/revisions.ts');
      setExit(await runRevisions(options, io));
    });
}
