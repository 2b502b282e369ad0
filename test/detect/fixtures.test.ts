import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { detectRevision, type WhichResult } from '../../src/detect/detect.ts';
import { extractHtml, looksLikeHtml } from '../../src/detect/extract-html.ts';
import type { FingerprintData } from '../../src/detect/fingerprints.ts';
import { repoRoot, requiredInCi } from '../../harness/paths.ts';
import { runCli } from '../../harness/run-cli.ts';
import { detectFixtures, expectations, fixtureFiles, readFixture, testFingerprints } from '../../harness/detect-corpus.ts';

/**
 * Texts written like real tutorials (SDK code, JSON-RPC examples, prose), each with what
 * `which` must answer: fixtures/detect/expectations.json. They include the traps: a word
 * shared with another feature, a text that names the old flow only to say it was replaced,
 * two revisions side by side, texts with nothing revision-specific, an HTML page whose
 * boilerplate names another revision.
 */

const seedArticle = join(repoRoot, '../shared/seed/mcp-elicitation-2026-article.txt');

let data: FingerprintData;
beforeAll(async () => {
  data = await testFingerprints();
}, 120_000);

function detect(name: string): WhichResult {
  const raw = readFixture(name);
  return looksLikeHtml(raw) ? detectRevision(extractHtml(raw), data, { source: raw }) : detectRevision(raw, data);
}

describe('every fixture text has an expectation', () => {
  it('and every expectation a text', () => {
    expect(fixtureFiles()).toEqual(expectations().map(([name]) => name).sort());
  });
});

describe.each(expectations())('which %s', (name, expected) => {
  it(`answers ${expected.revision ?? 'null'} (${expected.teaches})`, () => {
    const result = detect(name);
    expect(result.revision).toBe(expected.revision);
    expect(result.revisions).toEqual(expected.revisions);
    if (expected.revision === null) {
      expect(result.confidence).toBe(0);
    } else {
      expect(result.confidence).toBeGreaterThanOrEqual(expected.minConfidence ?? 0);
      expect(result.confidence).toBeLessThanOrEqual(1);
    }
  });

  it('shows the evidence a reader would point to, and not the traps', () => {
    const result = detect(name);
    const tokens = result.evidence.map((e) => e.token);
    for (const token of expected.evidence ?? []) expect(tokens, `evidence should include ${token}`).toContain(token);
    for (const token of expected.mustNotEvidence ?? []) expect(tokens, `evidence should not include ${token}`).not.toContain(token);
    for (const e of result.evidence) {
      expect(e.line).toBeGreaterThan(0);
      expect(e.why.length).toBeGreaterThan(10);
      expect(data.revisions.map((r) => r.id)).toContain(e.implies);
    }
    for (const [token, line] of Object.entries(expected.lines ?? {})) {
      expect(result.evidence.find((e) => e.token === token)?.line, `line of ${token}`).toBe(line);
    }
  });

  it('lists what is outdated, with the revision that removed it', () => {
    const result = detect(name);
    const tokens = [...new Set(result.outdated.map((o) => o.token))];
    if (expected.outdatedExactly) expect(tokens).toEqual(expected.outdatedExactly);
    for (const token of expected.outdated ?? []) expect(tokens, `outdated should include ${token}`).toContain(token);
    const latest = data.revisions.find((r) => r.status === 'latest')!.id;
    for (const o of result.outdated) expect(data.revisions.map((r) => r.id).indexOf(o.removedIn)).toBeLessThanOrEqual(data.revisions.map((r) => r.id).indexOf(latest));
    for (const token of expected.background ?? []) expect(result.background.map((b) => b.token)).toContain(token);
  });

  it('gives the same answer through the CLI (--format json)', async () => {
    const { code, stdout, stderr } = await runCli(['which', `${detectFixtures}/${name}`, '--format', 'json']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const json = JSON.parse(stdout) as WhichResult;
    const lib = detect(name);
    expect(Object.keys(json).slice(0, 5)).toEqual(['revision', 'revisions', 'confidence', 'evidence', 'outdated']);
    expect(json.revision).toBe(lib.revision);
    expect(json.revisions).toEqual(lib.revisions);
    expect(json.confidence).toBe(lib.confidence);
    expect(json.evidence.map((e) => [e.token, e.implies, e.line])).toEqual(lib.evidence.map((e) => [e.token, e.implies, e.line]));
    expect(json.outdated.map((o) => [o.token, o.removedIn])).toEqual(lib.outdated.map((o) => [o.token, o.removedIn]));
  });
});

describe.skipIf(!requiredInCi(existsSync(seedArticle), `the seed article is missing at ${seedArticle}`))('the article that started the project (../shared/seed)', () => {
  it('teaches 2026-07-28 and explains 2025-11-25 as background: not mixed', async () => {
    const result = detectRevision(readFileSync(seedArticle, 'utf8'), await testFingerprints());
    expect(result.revision).toBe('2026-07-28');
    // Its "old shape" example is background: the framed request is not evidence.
    expect(result.background.map((b) => b.token)).toContain('elicitation/create');
    expect(result.evidence.find((e) => e.token === 'elicitation/create' && e.kind === 'envelope')?.implies).toBe('2026-07-28');
  });
});
