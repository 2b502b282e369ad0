import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { detectRevision, type WhichResult } from '../../src/detect/detect.ts';
import { extractHtml, looksLikeHtml } from '../../src/detect/extract-html.ts';
import type { FingerprintData } from '../../src/detect/fingerprints.ts';
import { corpusDir, corpusLabels, testFingerprints } from '../../harness/detect-corpus.ts';

/**
 * The labelled corpus (fixtures/detect/corpus): texts written as third parties write them
 * (SDK code in Python, TypeScript, C# and Go, JSON-RPC transcripts, prose, dual-era tables,
 * pre-release "draft" wording, background mentions, first-revision texts, texts with no
 * elicitation), each labelled in labels.json with what a careful reader says it teaches.
 * The detector must get at least 29 in 30 right; the accuracy is printed.
 */

let data: FingerprintData;
beforeAll(async () => {
  data = await testFingerprints();
}, 120_000);

function detect(name: string): WhichResult {
  const raw = readFileSync(join(corpusDir, name), 'utf8');
  return looksLikeHtml(raw) ? detectRevision(extractHtml(raw), data, { source: raw }) : detectRevision(raw, data);
}

const labels = corpusLabels();

describe('the labelled corpus', () => {
  it('labels every text, and has at least 30', () => {
    const texts = readdirSync(corpusDir).filter((f) => /\.(md|mdx|html?)$/.test(f)).sort();
    expect(texts).toEqual(labels.map(([name]) => name).sort());
    expect(texts.length).toBeGreaterThanOrEqual(30);
  });

  it('is answered right at least 29 times in 30', () => {
    const wrong: string[] = [];
    for (const [name, label] of labels) {
      const result = detect(name);
      if (result.revision !== label.revision || result.revisions.join(',') !== label.revisions.join(',')) {
        wrong.push(`${name}: answered ${result.revision} [${result.revisions.join(', ')}], labelled ${label.revision} [${label.revisions.join(', ')}]`);
      }
    }
    const right = labels.length - wrong.length;
    console.log(`which: ${right}/${labels.length} corpus texts right (${((100 * right) / labels.length).toFixed(1)}%)${wrong.map((w) => `\n  wrong: ${w}`).join('')}`);
    expect(right / labels.length, wrong.join('\n')).toBeGreaterThanOrEqual(29 / 30);
  });

  it.each(labels.map(([name]) => name))('%s: explains its answer', (name) => {
    const result = detect(name);
    const ids = data.revisions.map((r) => r.id);
    expect(result.explanation.length).toBeGreaterThan(20);
    if (result.revision === null) {
      expect(result.alsoValid).toEqual([]);
      expect(result.decidedBy).toEqual([]);
      return;
    }
    // Also valid: only later revisions than a single answer, never part of it.
    const answer = result.revisions[0]!;
    for (const id of result.alsoValid) expect(ids.indexOf(id)).toBeGreaterThan(ids.indexOf(answer));
    if (result.revision === 'mixed') expect(result.alsoValid).toEqual([]);
    // The runner-up is not the answer (for a mixed text: the one revision it would have been alone), and what decided it favours one of the two.
    expect(result.runnerUp).not.toBeNull();
    if (result.revision === 'mixed') {
      expect(result.revisions).toContain(result.runnerUp);
      expect(result.decidedBy.length).toBeGreaterThan(0);
      for (const d of result.decidedBy) expect(result.revisions.filter((id) => id !== result.runnerUp)).toContain(d.favours);
    } else expect(result.revisions).not.toContain(result.runnerUp);
    for (const d of result.decidedBy) expect([...result.revisions, result.runnerUp]).toContain(d.favours);
  });
});

describe('the patterns the corpus holds', () => {
  it('a first-revision text is answered with its revision, and the later ones that accept it are also valid', () => {
    const result = detect('py-client-types-2025-06-18.md');
    expect(result.revision).toBe('2025-06-18');
    expect(result.alsoValid).toContain('2025-11-25');
    // A type name the schema gave later to an older shape is no evidence of the later revision.
    const named = result.evidence.find((e) => e.token === 'ElicitRequestParams');
    expect(named?.span[0]).toBe('2025-06-18');
    expect(named?.why).toMatch(/named it in 2025-11-25/);
    // Absent central shapes of the runner-up are what separated the two.
    expect(result.runnerUp).toBe('2025-11-25');
    expect(result.decidedBy.some((d) => d.line === null && d.favours === '2025-06-18')).toBe(true);
  });

  it('a pre-release text that links the draft is answered with the release its shapes match', () => {
    for (const [name, released] of [['draft-wording-stateless-2026-07-28.md', '2026-07-28'], ['draft-wording-url-2025-11-25.md', '2025-11-25'], ['draft-wording-form-2025-06-18.md', '2025-06-18']] as const) {
      const result = detect(name);
      expect(result.revision, name).toBe(released);
      expect(result.evidence.some((e) => e.token === 'draft' && e.context === 'url'), name).toBe(true);
    }
  });

  it('background mentions of a retired flow are listed apart, not counted', () => {
    const result = detect('legacy-banner-2026-07-28.md');
    expect(result.revision).toBe('2026-07-28');
    expect(result.background.map((b) => b.token)).toEqual(expect.arrayContaining(['elicitationId', 'notifications/elicitation/complete']));
  });

  it('two halves with code for each era are mixed, with the separating evidence in each', () => {
    const result = detect('py-two-halves-mixed.md');
    expect(result.revisions).toEqual(['2025-06-18', '2026-07-28']);
    expect(result.evidence.find((e) => e.kind === 'envelope' && e.implies === '2025-06-18')).toBeDefined();
    expect(result.evidence.find((e) => e.kind === 'envelope' && e.implies === '2026-07-28')).toBeDefined();
  });
});
