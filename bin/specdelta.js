#!/usr/bin/env node
// Runs the TypeScript sources directly (tsx), so `npm ci` is the whole install: no build step.
import { register } from 'tsx/esm/api';

// `specdelta … | head` closes the pipe early; that is the reader's choice, not an error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
