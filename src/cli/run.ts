import { main } from './main.ts';

/**
 * The process around the command line: what bin/specdelta.js starts, compiled
 * (lib/src/cli/run.js) or from the sources. It sets process.exitCode from main's answer.
 */

// `specdelta … | head` closes the pipe early; that is the reader's choice, not an error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

process.exitCode = await main(process.argv.slice(2));
