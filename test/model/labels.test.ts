import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildDocument } from '../../src/model/build.ts';
import { mirrorAvailable, specPages } from '../../harness/paths.ts';

/** Label paragraphs (labels.ts) belong to the block they introduce. */
describe('label paragraphs', () => {
  const prose = (markdown: string) => buildDocument(markdown).prose.map((p) => p.text);

  it('a label is the title of the paragraph after it', () => {
    expect(prose('**Reserved keys:**\n\nThe following keys are reserved.\n')).toEqual(['Reserved keys: The following keys are reserved.']);
  });

  it('a badge repeated by the notice after it adds nothing', () => {
    expect(prose('**Deprecated**\n\nDeprecated since version 3.\n')).toEqual(['Deprecated since version 3.']);
  });

  it('a label over a list, a table or a rule is no paragraph: those report themselves', () => {
    expect(prose('Kinds:\n\n- boxes\n- crates\n')).toEqual(['boxes', 'crates']);
    expect(prose('**Keys:**\n\n| Key | Type |\n| --- | --- |\n| `a` | `string` |\n')).toEqual([]);
    expect(prose('**Receipts:**\n\nDepots SHOULD sign receipts.\n')).toEqual([]);
  });

  it('a sentence is no label, even in bold; a label introducing nothing stays a paragraph', () => {
    expect(prose('**Parcels are weighed on arrival.**\n\nParcels never expire.\n')).toEqual(['Parcels are weighed on arrival.', 'Parcels never expire.']);
    expect(prose('The following keys are reserved by this document for later use:\n\nNone yet.\n')).toEqual(['The following keys are reserved by this document for later use:', 'None yet.']);
    expect(prose('**Note:**\n\n## Next\n')).toEqual(['Note:']);
  });
});

const describeMirror = mirrorAvailable() ? describe : describe.skip;

describeMirror('label paragraphs on the real spec (2026-07-28)', () => {
  it('schema: the "Deprecated" badges are part of the notices they mark', () => {
    const doc = buildDocument(readFileSync(join(specPages, '2026-07-28', 'schema.mdx'), 'utf8'));
    const texts = doc.prose.map((p) => p.text);
    expect(texts.filter((t) => t === 'Deprecated')).toEqual([]);
    expect(texts.filter((t) => /^Deprecated as of protocol version/.test(t)).length).toBeGreaterThan(0);
  });
});
