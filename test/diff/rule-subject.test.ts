import { describe, expect, it } from 'vitest';
import { diffPageTexts } from '../../src/diff/index.ts';

/**
 * A new rule that cannot be read alone names what it is about, from its section's heading:
 * one that opens with its keyword, one whose subject points back, and one whose object does
 * ("Implementations SHOULD NOT use them"). A rule that names its object keeps its words.
 */
const OLD = '# Gadgets\n\n## Gadget Labels\n\nLabels are short.\n';
const NEW = '# Gadgets\n\n## Gadget Labels\n\nLabels are short. Implementations SHOULD NOT use them for security decisions.\n\nServers MUST validate this label before display.\n';

describe('what a new rule is about', () => {
  const messages = diffPageTexts(OLD, NEW).changes.filter((c) => c.kind === 'rule').map((c) => c.message);

  it('a rule whose object points back names the section it is about', () => {
    expect(messages).toContain('New SHOULD NOT rule: Gadget Labels: Implementations SHOULD NOT use them for security decisions.');
  });

  it('a rule that names its object does not', () => {
    expect(messages).toContain('New MUST rule: Servers MUST validate this label before display.');
  });
});
