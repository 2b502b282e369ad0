import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffPageTexts } from '../../src/diff/index.ts';
import type { Change } from '../../src/records/change.ts';
import { fixturesDir } from '../../harness/paths.ts';

/**
 * What each golden page fixture of "any spec, read the way it is written" exists to show
 * (fixtures/pages/<case>, its records in expected.json): a hand-written statement of intent,
 * so an UPDATE=1 cannot bless a regression.
 */
const run = (name: string): Change[] => {
  const dir = join(fixturesDir, 'pages', name);
  return diffPageTexts(readFileSync(join(dir, 'old.mdx'), 'utf8'), readFileSync(join(dir, 'new.mdx'), 'utf8')).changes;
};
const rows = (changes: readonly Change[]) => changes.map((c) => [c.id, c.subject, c.level]);

describe('type declarations in TypeScript blocks are message shapes', () => {
  const changes = run('type-declarations');

  it('reports each field change inside a declaration, in the section that declares it', () => {
    expect(rows(changes.filter((c) => c.section.new === 'Opening a widget'))).toEqual([
      ['field-value-added', 'OpenParams.mode', 'non-breaking'],
      ['field-became-required', 'OpenParams.hints', 'breaking'],
      ['field-deprecated', 'OpenParams.colour', 'non-breaking'],
      ['field-added', 'OpenParams.palette', 'non-breaking'],
      ['definition-added', 'Palette', 'non-breaking'],
    ]);
  });

  it('a new request is its new definition beside its new section, and a new error code is named by its constant', () => {
    expect(rows(changes.filter((c) => c.section.new === 'Closing a widget'))).toEqual([
      ['section-added', 'Closing a widget', 'non-breaking'],
      // "method: 'widget/close'" in the list under "_Notification_:" names the method.
      ['message-added', 'widget/close', 'non-breaking'],
      ['definition-added', 'CloseParams', 'non-breaking'],
    ]);
    const code = changes.find((c) => c.id === 'error-code-added')!;
    expect(code.subject).toBe('-32802');
    expect(code.message).toContain('ErrorCodes.WidgetLocked');
    // The ends of a reserved range are bounds, not codes; the codes' namespace is no enum of its own.
    expect(changes.filter((c) => /Range|ErrorCodes$/.test(c.subject))).toEqual([]);
  });

  it('records sit on page lines and say they come from declarations', () => {
    const added = changes.find((c) => c.id === 'field-added')!;
    const page = readFileSync(join(fixturesDir, 'pages/type-declarations/new.mdx'), 'utf8').split('\n');
    expect(page[added.after!.line! - 1]).toContain('palette?: Palette;');
    expect(added.after!['declaredIn']).toBe('typescript');
    expect(added.source).toBe('page');
  });
});

describe('tables of any kind, bullet fields and definition lists', () => {
  const changes = run('named-tables');
  const inSection = (section: string) => rows(changes.filter((c) => (c.section.new ?? c.section.old) === section));

  it('a table whose first column names things defines them: rows added, removed and changed are that kind of name', () => {
    expect(inSection('Events')).toEqual([
      ['entry-removed', 'paused', 'breaking'],
      ['entry-added', 'resumed', 'non-breaking'],
      // A duty in a row is a rule of its own.
      ['required-rule-added', 'resumed: Clients MUST send pending messages again.', 'breaking'],
      ['entry-changed', 'closed', 'editorial'],
    ]);
    expect(changes.find((c) => c.id === 'entry-added')!.message).toBe('New event `resumed` (Events).');
    // A value beside the name changed: what the name stands for changed.
    const status = changes.find((c) => c.subject === 'Idle')!;
    expect([status.id, status.level, status.message]).toEqual(['entry-changed', 'non-breaking', 'Status `Idle` changed: code 2 → 3.']);
    // Error codes written as words are named entries too.
    expect(inSection('Errors')).toEqual([['entry-added', 'session_locked', 'non-breaking']]);
  });

  it('a table of data (values beside values, nothing describing them) defines nothing, but its rows are text: a changed or new row is wording', () => {
    expect(inSection('Measurements')).toEqual([
      ['prose-changed', 'alpha | 73', 'editorial'],
      ['prose-added', 'gamma | 70', 'editorial'],
    ]);
  });

  it('bullets that define fields are fields, and so are the terms of a definition list', () => {
    expect(inSection('Open Parameters')).toEqual([
      ['field-became-optional', 'Open Parameters › label', 'non-breaking'],
      ['required-field-added', 'Open Parameters › priority', 'breaking'],
    ]);
    expect(inSection('Terminology')).toEqual([
      ['field-description-changed', 'Terminology › Session', 'editorial'],
      ['field-added', 'Terminology › Resumption', 'non-breaking'],
    ]);
    // Read as fields, not as paragraphs (the only paragraphs are the data table's rows).
    expect(changes.filter((c) => c.kind === 'prose' && !/^(?:alpha|gamma) \|/.test(c.subject))).toEqual([]);
  });
});
