import { VERSION, VERSION_FLAGS } from './version.ts';

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

const argv = process.argv.slice(2);
if (argv.length === 1 && VERSION_FLAGS.includes(argv[0]!)) {
  // Scripts and health checks ask this on every run: answered before the argument parser
  // (a third of the start-up cost) is loaded. main() gives the same answer.
  process.stdout.write(`${VERSION}\n`);
} else {
  // `which` in its plain forms skips the argument parser (see which-fast.ts); null: main() reads the arguments.
  const fast = argv[0] === 'which' ? await (await import('./which-fast.ts')).runWhichFast(argv.slice(1)) : null;
  if (fast !== null) process.exitCode = fast;
  else {
    const { main } = await import('./main.ts');
    process.exitCode = await main(process.argv.slice(2));
  }
}
