import { Option, type Command } from 'commander';
import type { RegisterContext } from './context.ts';

/**
 * `specdelta badge REVISION`: an embeddable badge for a revision (and page).
 * Registers its flags and help only: the command's module loads when it runs, not at start-up.
 */
export function registerBadge(program: Command, { io, setExit }: RegisterContext): void {
  program
    .command('badge')
    .description('print an embeddable badge: which revision a page was written for, and whether it is still the latest')
    .argument('<revision>', 'a revision id (2025-11-25, draft) or "latest"')
    .option('--page <page>', 'the spec page the badge is about, e.g. client/elicitation')
    .addOption(new Option('--format <format>', 'output format').choices(['svg', 'markdown', 'html']).default('svg'))
    .option('--site-url <url>', 'the specdelta site the badge links to (default: $SPECDELTA_SITE)')
    .option('--snapshots <dir>', 'snapshot folder whose lock says which revision is latest', 'snapshots')
    .addHelpText(
      'after',
      `
The badge links to the site's "what changed since this revision" page: the revision against
the latest (for the latest, against the draft).

Examples:
  $ specdelta badge 2025-11-25 --page client/elicitation > badge.svg
  $ specdelta badge 2025-11-25 --page client/elicitation --format markdown --site-url https://example.org/specdelta/
  $ specdelta badge latest --format html --site-url https://example.org/specdelta/

Exit codes: 0 printed, 2 could not run (unknown revision or page, bad URL).`,
    )
    .action(async (revision: string, options) => {
      const { runBadge } = await import('../commands/badge.ts');
      setExit(await runBadge(revision, options, io));
    });
}
