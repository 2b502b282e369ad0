import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { diffSchemaTexts } from '../src/schema/index.ts';

/**
 * Every adjacent revision pair of `<specRoot>/schema/<rev>/schema.json` (dated revisions in
 * order, draft last), read and diffed cold: the time includes parsing both sides of every pair.
 */
export async function benchSchemas(specRoot: string): Promise<{ pairs: number; bytes: number; ms: number }> {
  const root = join(specRoot, 'schema');
  if (!existsSync(root)) return { pairs: 0, bytes: 0, ms: 0 };
  const revisions = readdirSync(root)
    .filter((rev) => existsSync(join(root, rev, 'schema.json')))
    .sort((a, b) => (a === 'draft' ? 1 : b === 'draft' ? -1 : a.localeCompare(b)));
  const texts = revisions.map((rev) => readFileSync(join(root, rev, 'schema.json'), 'utf8'));
  let bytes = 0;
  const started = performance.now();
  for (let i = 1; i < texts.length; i++) {
    const [before, after] = [texts[i - 1] as string, texts[i] as string];
    bytes += Buffer.byteLength(before) + Buffer.byteLength(after);
    diffSchemaTexts(before, after, { oldSource: `${revisions[i - 1]}/schema.json`, newSource: `${revisions[i]}/schema.json` });
  }
  return { pairs: Math.max(0, texts.length - 1), bytes, ms: performance.now() - started };
}
