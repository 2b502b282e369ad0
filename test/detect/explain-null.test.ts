import { beforeAll, describe, expect, it } from 'vitest';
import { detectRevision } from '../../src/detect/detect.ts';
import type { FingerprintData } from '../../src/detect/fingerprints.ts';
import { headline } from '../../src/detect/render.ts';
import { testFingerprints } from '../../harness/detect-corpus.ts';

let data: FingerprintData;
beforeAll(async () => {
  data = await testFingerprints();
}, 120_000);

describe('a null answer explains itself without contradicting its steps', () => {
  it('says the strong evidence it listed is too light, not that there is only weak evidence', () => {
    const result = detectRevision('The server hands out a session id in the Mcp-Session-Id header.\n', data);
    expect(result.revision).toBeNull();
    expect(result.steps[0]).toMatch(/^Mcp-Session-Id \(line 1\): /);
    expect(result.explanation).toMatch(/^The strong evidence weighs [\d.]+, less than the \d+ it takes to bound a revision \(one name in passing\)/);
    expect(result.explanation).not.toMatch(/Only weak evidence/);
    expect(headline(result)).not.toMatch(/names nothing/);
  });

  it('still says so when there is only weak evidence', () => {
    const result = detectRevision('# Notes\n\n## Sampling with tools\n\nA server may ask the client for a completion.\n', data);
    expect(result.revision).toBeNull();
    expect(result.explanation).toMatch(/^Only weak evidence/);
  });
});
