import { describe, expect, it } from 'vitest';
import { diffPageTexts } from '../../src/diff/index.ts';

/**
 * How a rule is read for its record. A new rule that cannot be read alone names what it is about, from its section's heading:
 * one that opens with its keyword, one whose subject points back, and one whose object does
 * ("Implementations SHOULD NOT use them"). A rule that names its object keeps its words. And a
 * negative rule whose exception became a permission under the same condition is not inverted.
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

describe('an exception restated as a permission', () => {
  it('"SHOULD NOT … unless C" become "MAY … if C" is no inversion', () => {
    const old = '# Streams\n\nThe server SHOULD NOT close the stream before it answers, unless the session expires.\n';
    const now = '# Streams\n\nThe server MAY close the stream if the session expires.\n';
    const rules = diffPageTexts(old, now).changes.filter((c) => c.kind === 'rule');
    expect(rules.map((c) => c.id)).toEqual(['rule-reworded']);
    expect(rules[0]!.message).toMatch(/exception/);
  });

  it('a permission under another condition is still an inversion', () => {
    const old = '# Streams\n\nThe server SHOULD NOT close the stream before it answers, unless the session expires.\n';
    const now = '# Streams\n\nThe server MAY close the stream if the client asks for it.\n';
    expect(diffPageTexts(old, now).changes.filter((c) => c.kind === 'rule').map((c) => c.id)).toEqual(['rule-inverted']);
  });
});
