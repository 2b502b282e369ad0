import { describe, expect, it } from 'vitest';
import { diffPageTexts } from '../../src/diff/index.ts';
import { agreeSectionLevels } from '../../src/diff/section-levels.ts';

/**
 * A section that states no duty and defines nothing (an explanation, a diagram) binds no one:
 * its coming or going is editorial, and says what it held. One that holds a rule keeps the
 * catalog's level; its rule is told on its own.
 */
const OLD = '# Gadgets\n\nGadgets spin.\n\n## Message Flow\n\n```mermaid\nsequenceDiagram\n  Client->>Server: spin\n```\n\n## Limits\n\nServers MUST cap spins.\n';
const NEW = '# Gadgets\n\nGadgets spin.\n\n## Spoofing Attacks\n\nAn attacker may pose as a gadget. [Validation](#limits) gives the mitigation.\n\n## Quotas\n\nServers MUST count spins.\n\n## Limits\n\nServers MUST cap spins.\n';

describe('sections that bind no one', () => {
  const changes = agreeSectionLevels(diffPageTexts(OLD, NEW).changes);
  const section = (id: string, subject: string) => changes.find((c) => c.id === id && c.subject === subject);

  it('an explanation added and a diagram removed are editorial, each saying what it held', () => {
    expect(section('section-added', 'Spoofing Attacks')).toMatchObject({ level: 'editorial', after: { holds: 'explanation' } });
    expect(section('section-removed', 'Message Flow')).toMatchObject({ level: 'editorial', before: { holds: 'example' } });
    expect(section('section-removed', 'Message Flow')?.levelReason).toMatch(/only an example/);
  });

  it('a section with a duty keeps the catalog level', () => {
    expect(section('section-added', 'Quotas')).toMatchObject({ level: 'non-breaking' });
  });
});
