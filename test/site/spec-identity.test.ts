import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hasDetector, SPEC_ENV, specLabel, specTitle, upstreamPageUrl } from '../../site/lib/spec-identity.ts';
import { repoRoot } from '../../harness/paths.ts';

const single = (JSON.parse(readFileSync(join(repoRoot, 'site/specs.config.json'), 'utf8')) as { specs: Record<string, unknown>[] }).specs[0]!;

describe("the spec a site build shows (spec-identity.ts)", () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const name of Object.values(SPEC_ENV)) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  });

  it('is the single-spec config\'s first spec when build:specs set nothing: its label, title, detector and upstream', () => {
    for (const name of Object.values(SPEC_ENV)) delete process.env[name];
    expect(specLabel()).toBe(single['label']);
    expect(specTitle()).toBe(single['title'] ?? single['label']);
    expect(hasDetector()).toBe(single['detector'] ?? false);
    expect(upstreamPageUrl('2025-11-25', 'basic/index')).toBe((single['upstream'] as string).replace('{revision}', '2025-11-25').replace('{page}', 'basic'));
  });

  it('is the spec build:specs names in the environment', () => {
    process.env[SPEC_ENV.label] = 'OTel';
    process.env[SPEC_ENV.title] = 'OpenTelemetry';
    process.env[SPEC_ENV.detector] = '0';
    expect([specLabel(), specTitle(), hasDetector()]).toEqual(['OTel', 'OpenTelemetry', false]);
  });
});
