#!/usr/bin/env node
// The installed package runs its compiled JavaScript (lib/, built by `npm pack`), with no
// loader. A checkout of the repository has the TypeScript sources beside this file: it runs
// them through tsx, so `npm ci` stays the whole install and an edit needs no rebuild (a
// stale lib/ left by a local `npm pack` is never picked up there).
import { existsSync } from 'node:fs';

const sources = new URL('../src/cli/run.ts', import.meta.url);
if (existsSync(sources)) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(sources.href);
} else {
  await import('../lib/src/cli/run.js');
}
