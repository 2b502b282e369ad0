import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FingerprintData } from '../src/detect/fingerprints.ts';
import { SHIPPED_FINGERPRINTS, fromTree } from '../src/detect/load.ts';
import { fixturesDir, mirrorAvailable, specMain } from './paths.ts';

export const detectFixtures = join(fixturesDir, 'detect');
/** The labelled corpus: texts written like third-party tutorials, labels in labels.json. */
export const corpusDir = join(detectFixtures, 'corpus');

export interface CorpusLabel {
  revision: string | null;
  revisions: string[];
  shape: string;
}

export function corpusLabels(): [string, CorpusLabel][] {
  const all = JSON.parse(readFileSync(join(corpusDir, 'labels.json'), 'utf8')) as Record<string, CorpusLabel | string>;
  return Object.entries(all).filter((e): e is [string, CorpusLabel] => !e[0].startsWith('$'));
}

export interface Expectation {
  teaches: string;
  revision: string | null;
  revisions: string[];
  evidence?: string[];
  mustNotEvidence?: string[];
  outdated?: string[];
  outdatedExactly?: string[];
  background?: string[];
  lines?: Record<string, number>;
  minConfidence?: number;
}

export function expectations(): [string, Expectation][] {
  const all = JSON.parse(readFileSync(join(detectFixtures, 'expectations.json'), 'utf8')) as Record<string, Expectation | string>;
  return Object.entries(all).filter((e): e is [string, Expectation] => !e[0].startsWith('$'));
}

/** Every fixture text on disk has an expectation (and the other way round). */
export function fixtureFiles(): string[] {
  return readdirSync(detectFixtures).filter((f) => /\.(md|mdx|html?)$/.test(f)).sort();
}

let cached: Promise<FingerprintData> | null = null;

/**
 * The fingerprints the tests detect with: derived from the upstream mirror beside the
 * repository when it is there (the real derivation, cached by content digest), else the
 * copy shipped in src/detect/data.
 */
export function testFingerprints(): Promise<FingerprintData> {
  cached ??= mirrorAvailable()
    ? fromTree(specMain, '../shared/mcp-spec/refs/main').then((l) => l.data)
    : Promise.resolve(JSON.parse(readFileSync(SHIPPED_FINGERPRINTS, 'utf8')) as FingerprintData);
  return cached;
}

export function readFixture(name: string): string {
  const path = join(detectFixtures, name);
  if (!existsSync(path)) throw new Error(`fixture ${name} is missing from fixtures/detect/`);
  return readFileSync(path, 'utf8');
}
