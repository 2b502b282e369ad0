import { describe, expect, it } from 'vitest';
import { diffPageTexts } from '../../src/diff/index.ts';

describe('pairing sections by content', () => {
  it('never pairs two sections with no words of their own (headings over sub-sections) as one renamed', () => {
    const old = ['# Lighting', '', '## Fixtures', '', '### Lamps', '', 'A lamp gives light to a room.', '', '## Wiring', '', 'Wires carry current.', ''].join('\n');
    const now = ['# Lighting', '', '## Controls', '', '### Switches', '', 'Switches are pressed by hand.', '', '## Wiring', '', 'Wires carry current.', ''].join('\n');
    const sections = diffPageTexts(old, now).changes.filter((c) => c.kind === 'section').map((c) => `${c.id} ${c.section.old ?? '-'} → ${c.section.new ?? '-'}`);
    expect(sections).not.toContain('section-renamed Fixtures → Controls');
    expect(sections).toEqual(expect.arrayContaining(['section-removed Fixtures → -', 'section-added - → Controls']));
  });

  it('still pairs a renamed section by its words', () => {
    const old = ['# Lighting', '', '## Fixtures', '', 'A lamp gives light to a room when it is switched on.', ''].join('\n');
    const now = ['# Lighting', '', '## Luminaires', '', 'A lamp gives light to a room when it is switched on.', ''].join('\n');
    const sections = diffPageTexts(old, now).changes.filter((c) => c.kind === 'section').map((c) => `${c.id} ${c.section.old} → ${c.section.new}`);
    expect(sections).toEqual(['section-renamed Fixtures → Luminaires']);
  });
});
