import { actionMain } from './main.ts';

/** The bundle's entry (scripts/build-action.mjs): runs the Action in this process and sets its exit code. */
process.exitCode = await actionMain({ cwd: process.cwd(), stdout: process.stdout, stderr: process.stderr, env: process.env });
