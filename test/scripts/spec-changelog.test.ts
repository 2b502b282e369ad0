import { describe, expect, it } from 'vitest';
import { releaseNotes } from '../../scripts/spec-changelog.ts';

/** A changelog kept beside a spec's revision folders (OpenTelemetry's CHANGELOG.md), newest first. */
const CHANGELOG = `# Changelog

Place short description of your change into "Unreleased" section.

## Unreleased

### Traces

- Not released yet.

## v1.10.0 (2026-08-07)

### Resource

- Add Entity support.

\`\`\`md
## v1.0.0 (in a code block, not a release)
\`\`\`

## v1.9.0 (2026-07-10)

- Nine.

## v1.8.0 (2026-06-01)

- Eight.

## v1.2.0

- Two.
`;

describe("a changelog file's release notes per revision (build:specs' changelog)", () => {
  it("gives each revision the sections of the releases since the one shown before it, ordered as revisions are (v1.9.0 before v1.10.0)", () => {
    const notes = releaseNotes(CHANGELOG, ['v1.2.0', 'v1.8.0', 'v1.10.0']);
    expect(notes.get('v1.2.0')).toBe('---\ntitle: Changelog\n---\n\n## v1.2.0\n\n- Two.\n');
    expect(notes.get('v1.8.0')).toBe('---\ntitle: Changelog\n---\n\n## v1.8.0 (2026-06-01)\n\n- Eight.\n');
    // v1.10.0 after v1.8.0: the notes of v1.9.0 belong to the pair too; "Unreleased" to none.
    const latest = notes.get('v1.10.0')!;
    expect(latest).toContain('## v1.10.0 (2026-08-07)\n\n### Resource\n\n- Add Entity support.');
    expect(latest).toContain('## v1.9.0 (2026-07-10)\n\n- Nine.');
    expect(latest).toContain('## v1.0.0 (in a code block, not a release)');
    expect(latest).not.toContain('Unreleased');
    expect(latest).not.toContain('Eight');
  });

  it('gives a revision the file has no notes for none', () => {
    expect(releaseNotes(CHANGELOG, ['v1.1.0', 'v1.2.0']).has('v1.1.0')).toBe(false);
    expect(releaseNotes('# Changelog\n\nNothing released.\n', ['v1.2.0']).size).toBe(0);
  });
});
