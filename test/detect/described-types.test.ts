import { beforeAll, describe, expect, it } from 'vitest';
import { detectRevision } from '../../src/detect/detect.ts';
import type { FingerprintData } from '../../src/detect/fingerprints.ts';
import { scanText } from '../../src/detect/scan.ts';
import { testFingerprints } from '../../harness/detect-corpus.ts';

let data: FingerprintData;
beforeAll(async () => {
  data = await testFingerprints();
}, 120_000);

const tokens = (text: string) => detectRevision(text, data).evidence.map((e) => e.token);

describe('a type described field by field in inline code', () => {
  it('is named by most of its fields on nearby lines', () => {
    expect(tokens('Each entry has a `src`, a `mimeType` and `sizes`.\n')).toContain('Icon');
  });

  it('is not named by the same words far apart, across a heading, or by undated words alone', () => {
    expect(tokens('Set `src` first.\n\n\n\n\n\nLater, `mimeType`.\n\n\n\n\n\nAnd `sizes`.\n')).not.toContain('Icon');
    expect(tokens('The `src` and `mimeType`.\n\n## Next\n\nThen `sizes`.\n')).not.toContain('Icon');
    // `uri`, `name` and `mimeType` are in every revision's types: no two dated names among them.
    expect(detectRevision('A link has a `uri`, a `name`, a `mimeType` and a `description`.\n', data).revision).toBeNull();
  });
});

describe('objects that are together one array literal', () => {
  const siblings = (code: string) => scanText(`\`\`\`js\n${code}\n\`\`\`\n`).examples.map((e) => e.siblings?.length ?? 0);

  it('are read as one array, in JSON and in code', () => {
    expect(siblings('[ {"a": 1}, {"b": 2} ]')).toEqual([2, 0]);
    expect(siblings('const q = [\n  { a: 1 },\n  { b: 2 },\n];')).toEqual([2, 0]);
  });

  it('are not when something else stands between them or the array holds more than objects', () => {
    expect(siblings('send({ a: 1 }); send({ b: 2 });')).toEqual([0, 0]);
    expect(siblings('[ {"a": 1}, 7, {"b": 2} ]')).toEqual([0, 0]);
    expect(siblings('[ {"a": 1} ]')).toEqual([0]);
  });
});
