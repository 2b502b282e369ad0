/**
 * Writes the detector's fingerprints as JSON:
 *
 *   npx tsx src/detect/build-cli.ts [--from DIR] [--out FILE]
 *
 * DIR is a snapshots folder (with snapshots.lock.json) or a local copy of the upstream
 * repository (docs/specification/, schema/); default: ./snapshots, else $SPECDELTA_MIRROR.
 * FILE defaults to src/detect/data/fingerprints.json (the copy shipped with specdelta).
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { SHIPPED_FINGERPRINTS, fromTree } from './load.ts';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i === -1 ? undefined : args[i + 1];
};
const from = option('--from') ?? (existsSync('snapshots/snapshots.lock.json') ? 'snapshots' : process.env['SPECDELTA_MIRROR']);
if (!from) {
  process.stderr.write('build-cli: no spec to read: pass --from DIR (snapshots/ or a local copy of the upstream repository).\n');
  process.exit(2);
}
const out = resolve(option('--out') ?? SHIPPED_FINGERPRINTS);
const started = Date.now();
const { data } = await fromTree(resolve(from), from, { cacheDir: false, onProgress: (m) => process.stderr.write(`  ${m}\n`) });
// The label is what a reader sees; keep it free of machine-specific paths.
data.source.label = from.replace(/^.*\/shared\//, '../shared/');
await mkdir(dirname(out), { recursive: true });
// One marker per line: a regenerated file reviews like code (which markers came, went, moved).
const { markers, ...head } = data;
await writeFile(out, `${JSON.stringify(head).slice(0, -1)},"markers":[\n${markers.map((m) => JSON.stringify(m)).join(',\n')}\n]}\n`);
process.stderr.write(`wrote ${data.markers.length} markers over ${data.revisions.length} revisions to ${out} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
