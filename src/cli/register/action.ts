import type { Command } from 'commander';
import type { RegisterContext } from './context.ts';

/**
 * `specdelta action`: the GitHub Action (action.yml), run from the runner's environment.
 * Registers its flags and help only: the command's module loads when it runs, not at start-up.
 */
export function registerAction(program: Command, { io, setExit }: RegisterContext): void {
  program
    .command('action')
    .description('run as the GitHub Action (action.yml): diff a pull request\'s base and head, comment, set outputs')
    .addHelpText(
      'after',
      `
Reads the Actions runner's environment: GITHUB_EVENT_NAME, GITHUB_EVENT_PATH, GITHUB_REPOSITORY,
GITHUB_API_URL, GITHUB_SERVER_URL, GITHUB_RUN_ID, GITHUB_WORKSPACE, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY,
RUNNER_TEMP, and the inputs INPUT_SPEC, INPUT_SCHEMA, INPUT_FAIL_ON, INPUT_TOKEN, INPUT_COMMENT,
INPUT_COMMENT_AUTHOR. action.yml runs the same code bundled (action/dist/index.mjs). The README shows the workflow that uses it.

Exit codes: 0 commented (nothing at or above fail-on), 1 changes at or above fail-on, 2 could not run.`,
    )
    .action(async () => {
      const { runAction } = await import('../../action/run.ts');
      setExit(await runAction(io));
    });
}
