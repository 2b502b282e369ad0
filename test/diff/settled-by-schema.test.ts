import { describe, expect, it } from 'vitest';
import { clearDiffCache } from '../../src/diff/index.ts';
import { diffRevisionPages, loadSchemaSides } from '../../src/revision/revisions.ts';
import { settleSections, writtenHeadings } from '../../src/revision/settled-by-schema.ts';
import { charactersParsed } from '../../src/model/tree-cache.ts';

/**
 * A reference page's sections that the schema diff speaks for are left unread: their
 * headings stay, their other lines are blanked line for line (settled-by-schema.ts).
 */

const PAGE = [
  '---',
  'title: Types',
  '---',
  '',
  'Every type of the lighting protocol.',
  '',
  '## `Lamp`',
  '',
  '<div class="signature">interface Lamp { on: boolean }</div>',
  '',
  'Lamps MUST glow when on.',
  '',
  '## `Switch`',
  '',
  'A switch turns lamps on.',
  '',
  '## `Dimmer`',
  '',
  'Dimmers dim.',
  '',
  '  Levels',
  '  ------',
  '',
  '## Closing ##',
  '',
  'The end.',
  '',
].join('\n');

describe('settling a reference page', () => {
  it('blanks the body of each section headed by a reported name, keeping its heading and every line number', () => {
    const settled = settleSections(PAGE, new Set(['Lamp', 'Closing']));
    const lines = settled.split('\n');
    expect(lines).toHaveLength(PAGE.split('\n').length);
    expect(lines.slice(6, 13)).toEqual(['## `Lamp`', '', '', '', '', '', '## `Switch`']);
    expect(lines.slice(23)).toEqual(['## Closing ##', '', '', '']);
    // The front matter and the opening, and sections not reported on, are as they were.
    expect(lines.slice(0, 6)).toEqual(PAGE.split('\n').slice(0, 6));
    expect(lines.slice(12, 23)).toEqual(PAGE.split('\n').slice(12, 23));
  });

  it('reads whole a reported section that holds a heading of its own (here a setext one)', () => {
    expect(settleSections(PAGE, new Set(['Dimmer']))).toBe(PAGE);
  });

  it('knows a page\'s headings as written, before reading it', () => {
    expect(writtenHeadings(PAGE)).toEqual(['`Lamp`', '`Switch`', '`Dimmer`', 'Closing']);
  });
});

const schema = (lampProperties: Record<string, unknown>) =>
  JSON.stringify({
    $schema: 'http://json-schema.org/draft-07/schema#',
    definitions: {
      Lamp: { type: 'object', properties: lampProperties, required: Object.keys(lampProperties) },
      Switch: { type: 'object', properties: { lamps: { type: 'array', items: { $ref: '#/definitions/Lamp' } } } },
    },
  });
const OLD_SCHEMA = schema({ on: { type: 'boolean' } });
const NEW_SCHEMA = schema({ on: { type: 'boolean' }, brightness: { type: 'number' } });

const reference = (lampBody: string, switchBody: string, extra = '') =>
  ['---', 'title: Types', '---', '', '## `Lamp`', '', lampBody, '', '## `Switch`', '', switchBody, '', extra].join('\n');

async function diffPages(oldPage: string, newPage: string) {
  const labels = { old: 'v1', new: 'v2' };
  clearDiffCache();
  const result = diffRevisionPages({
    oldPages: ['types'],
    newPages: ['types'],
    text: (side) => (side === 'old' ? oldPage : newPage),
    labels,
    schema: await loadSchemaSides(OLD_SCHEMA, NEW_SCHEMA, labels),
  });
  return { ...result, parsed: charactersParsed() };
}

describe('a revision diff settles the reference page against the schema', () => {
  const lampOld = 'Lamps MUST glow when on.';
  const lampNew = 'Lamps MUST glow when on and SHOULD dim to their `brightness`.';

  it('does not read what the schema reported on, and keeps what only the page changed', async () => {
    const oldPage = reference(lampOld, 'A switch turns lamps on.');
    const newPage = reference(lampNew, 'A switch turns lamps on. It may hold several.');
    const { changes, pages, parsed } = await diffPages(oldPage, newPage);
    expect(pages.map((p) => [p.page, p.reference])).toEqual([['types', true]]);
    expect(changes.map((c) => `${c.source} ${c.id} ${c.section.new}`)).toEqual(['reference prose-changed `Switch`', 'schema required-field-added Lamp']);
    // The `Lamp` sections' sentences were never handed to the parser.
    expect(parsed).toBeLessThan(oldPage.length + newPage.length - lampOld.length - lampNew.length);
  });

  it('reads whole a page its written headings make look generated when its parsed ones do not', async () => {
    // Headings inside components are sections too: read, the page mostly names no definition.
    const components = ['## Notes', '<Note>', '## One', '</Note>', '', '<Note>', '## Two', '</Note>', '', '<Note>', '## Three', '</Note>'].join('\n');
    const { changes, pages } = await diffPages(reference(lampOld, 'A switch.', components), reference(lampNew, 'A switch.', components));
    expect(pages.map((p) => [p.page, p.reference])).toEqual([['types', undefined]]);
    expect(changes.map((c) => `${c.source ?? 'page'} ${c.id} ${c.section.new}`)).toContain('page rule-changed `Lamp`');
  });
});
