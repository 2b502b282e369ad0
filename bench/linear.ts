import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectRevision } from '../src/detect/detect.ts';
import type { FingerprintData } from '../src/detect/fingerprints.ts';
import { SHIPPED_FINGERPRINTS } from '../src/detect/load.ts';
import { clearDiffCache, diffPageTexts } from '../src/diff/index.ts';
import { pageIds, revisionFolders } from '../src/input/spec-tree.ts';
import { buildDocument } from '../src/model/build.ts';
import { lintPage, parseSchemaText } from '../src/schema/index.ts';

/**
 * Cost against input size: `diff` and `lint` of 1 MB and 4 MB of real spec text (the released
 * pages concatenated, repeated as needed), and `which` on one line of inline code spans at
 * two sizes. Linear cost means 4× the input takes about 4× the time: the target is ≤ 5×.
 * Time is the process's CPU time, the fastest of `rounds` cold runs per size, so other work on
 * a shared machine skews the ratio as little as it can.
 */

export interface Scaling {
  name: string;
  small: { bytes: number; ms: number };
  large: { bytes: number; ms: number };
  /** large.ms / small.ms */
  ratio: number;
}

const MB = 1_000_000;

export function benchLinear(specRoot: string, sizes = { small: 1 * MB, large: 4 * MB }, rounds = 3): Scaling[] {
  const pagesRoot = join(specRoot, 'docs/specification');
  const released = revisionFolders(pagesRoot).filter((r) => r !== 'draft');
  const concatenated = (revisions: string[]) =>
    revisions.flatMap((r) => pageIds(join(pagesRoot, r)).map((p) => readFileSync(join(pagesRoot, r, `${p}.mdx`), 'utf8'))).join('\n');
  // The "new" side is the same pages one revision later, so the diff has real changes to find.
  const oldText = concatenated(released);
  const newText = concatenated([...released.slice(1), released[0]!]);
  const latest = released.at(-1)!;
  const schema = parseSchemaText(readFileSync(join(specRoot, 'schema', latest, 'schema.json'), 'utf8'), `${latest}/schema.json`);
  const fingerprints = JSON.parse(readFileSync(SHIPPED_FINGERPRINTS, 'utf8')) as FingerprintData;

  const measure = (name: string, make: (bytes: number) => string, run: (text: string, bytes: number) => void): Scaling => {
    const at = (bytes: number) => {
      const text = make(bytes);
      // The fastest of a few cold runs: a shared machine's load inflates a run, never deflates it.
      let ms = Infinity;
      for (let round = 0; round < rounds; round++) {
        clearDiffCache();
        ms = Math.min(ms, cpuMs(() => run(text, bytes)));
      }
      return { bytes: Buffer.byteLength(text), ms };
    };
    run(make(50_000), 50_000); // the JIT's first use is not what is measured
    const small = at(sizes.small);
    const large = at(sizes.large);
    return { name, small, large, ratio: large.ms / small.ms };
  };

  return [
    measure('diff', (n) => repeatTo(oldText, n), (text, n) => diffPageTexts(text, repeatTo(newText, n))),
    measure('lint', (n) => repeatTo(newText, n), (text) => lintPage(buildDocument(text), schema)),
    measure('which', (n) => codeSpanLine(n / 4), (text) => detectRevision(text, fingerprints)),
  ];
}

/** `text` repeated and cut to `chars` characters. */
function repeatTo(text: string, chars: number): string {
  return text.repeat(Math.ceil(chars / text.length)).slice(0, chars);
}

/** One line of inline code spans (`` `c0` `c1` …``), the shape that made `which` quadratic. */
function codeSpanLine(chars: number): string {
  const spans: string[] = [];
  let length = 0;
  for (let i = 0; length < chars; i++) {
    const span = `\`c${i % 997}\` `;
    spans.push(span);
    length += span.length;
  }
  return `# A tutorial\n\n${spans.join('')}\n`;
}

function cpuMs(run: () => void): number {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}
