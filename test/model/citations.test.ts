import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildDocument } from '../../src/model/build.ts';
import { mirrorAvailable, specPages } from '../../harness/paths.ts';

/**
 * A keyword in the words of a link into the spec cites a rule stated where the link points
 * (inline.ts collects those words, build.ts leaves them out when it looks for keywords).
 */
describe('keywords that cite a rule stated elsewhere', () => {
  it('a sentence whose only keyword is in a link into the spec is no rule of its own', () => {
    const doc = buildDocument('Viewers [**SHOULD** still accept old codes](/gadgets/viewing#errors) from old hosts.\n');
    expect(doc.rules).toEqual([]);
    expect(doc.prose.map((p) => p.text)).toEqual(['Viewers SHOULD still accept old codes from old hosts.']);
  });

  it('a fragment link on the same page cites too; a link to another site does not', () => {
    expect(buildDocument('Hosts [**MUST** log faults](#faults).\n').rules).toEqual([]);
    expect(buildDocument('Hosts [**MUST** log faults](https://example.org/faults).\n').rules.map((r) => r.keyword)).toEqual(['MUST']);
  });

  it('a rule with its own keyword keeps it beside a cited one; a link without a keyword changes nothing', () => {
    const doc = buildDocument('Hosts **MUST** log faults, as [viewers **SHOULD**](/viewing#faults). Hosts **SHOULD** retry (see [retries](#retries)).\n');
    expect(doc.rules.map((r) => r.keywords)).toEqual([['MUST'], ['SHOULD']]);
  });

  it('a link whose words are only a keyword takes out that keyword, not the sentence\'s own', () => {
    expect(buildDocument('Hosts **MUST** log faults, as the [MUST](/conformance#levels) of conformance says.\n').rules.map((r) => r.keywords)).toEqual([['MUST']]);
  });

  it('a list item citing a rule elsewhere inherits its lead-in instead', () => {
    const doc = buildDocument('Hosts **MUST NOT** emit these codes:\n\n- `-1`: gone. Viewers [**SHOULD** accept it](/viewing#codes).\n- `-2`: gone.\n');
    expect(doc.rules.map((r) => r.keyword)).toEqual(['MUST NOT', 'MUST NOT']);
  });
});

const describeMirror = mirrorAvailable() ? describe : describe.skip;

describeMirror('on the real spec', () => {
  it('2026-07-28 basic/index: the retired codes inherit "MUST NOT emit these codes"; the SHOULD they link to is the resources page\'s', () => {
    const doc = buildDocument(readFileSync(join(specPages, '2026-07-28', 'basic/index.mdx'), 'utf8'));
    const retired = doc.rules.filter((r) => /^`-32002`/.test(r.text));
    expect(retired).toHaveLength(1);
    expect(retired[0]).toMatchObject({ keyword: 'MUST NOT', keywords: ['MUST NOT'] });
    expect(retired[0]!.leadIn).toMatch(/MUST NOT emit these codes:$/);
  });
});
