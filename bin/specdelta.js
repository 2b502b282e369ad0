#!/usr/bin/env node
// The installed package runs its compiled JavaScript (lib/, built by `npm pack`), with no
// loader. A checkout of the repository has the TypeScript sources beside this file: it runs
// lib/ when that was built from exactly these sources (npm ci builds it, see
// scripts/build-lib.mjs; a cheap stat of the sources checks the build's stamp), and
// otherwise runs src/cli/run.ts through tsx, so an edit never runs stale code and needs no
// rebuild to take effect: only to be fast again.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const sources = new URL('../src/cli/run.ts', import.meta.url);
if (!existsSync(sources)) {
  await import('../lib/src/cli/run.js');
} else {
  const { libIsFresh } = await import('../scripts/lib-stamp.mjs');
  if (libIsFresh(fileURLToPath(new URL('..', import.meta.url)))) {
    await import('../lib/src/cli/run.js');
  } else {
    const { register } = await import('tsx/esm/api');
    register();
    await import(sources.href);
  }
}
