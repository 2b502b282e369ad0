import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Change } from '../../src/records/change.ts';
import type { RevisionTree } from '../../src/input/revision-tree.ts';
import { diffRevisionFolders, diffRevisionTrees } from '../../src/revision/revisions.ts';
import { diffSchemaTexts, parseSchemaText } from '../../src/schema/index.ts';
import { detectKind } from '../../src/input/kind.ts';
import { fixturesDir, specMain } from '../../harness/paths.ts';
import { tempTree } from '../helpers/temp-tree.ts';

/**
 * TypeScript declarations read the way schema.json is read (model/typescript.ts → the schema
 * model): a `schema.ts` diffs like a `schema.json`, and a revision holding both reads both
 * and says where they disagree.
 */
const dir = join(fixturesDir, 'schema/typescript-declarations');
const read = (name: string) => readFileSync(join(dir, name), 'utf8');
const summary = (changes: readonly Change[]) => changes.map((c) => `${c.id} ${c.subject}`).sort();

describe('a schema written in TypeScript', () => {
  it('is told from a page and from JSON by its content', () => {
    expect(detectKind(read('old.ts'))).toBe('schema');
    expect(detectKind('# Title\n\n```ts\ninterface A { b: string }\n```\n')).toBe('page');
    expect(detectKind('export const meta = { title: "x" };\n\n# A page\n\nText.\n')).toBe('page');
  });

  it('reads interfaces, their bases, unions, enums, constants and doc tags into definitions', () => {
    const model = parseSchemaText(read('new.ts'), 'new.ts');
    const start = model.byName.get('StartParams')!;
    // `extends BaseParams` is flattened in, as generators write it; `?` makes a field optional.
    expect([...start.fields.keys()]).toEqual(['', 'progressToken', 'gadget', 'speed', 'colour', 'label', 'owner']);
    expect(start.fields.get('label')!.required).toBe(false);
    expect(start.fields.get('colour')!.values).toEqual(['"blue"', '"green"', '"red"']);
    // Omit<> takes keys away; the literal method makes a message.
    const pause = model.byName.get('PauseRequest')!;
    expect(pause.message?.method).toBe('gadgets/pause');
    expect(model.byName.get('Priority')!.fields.get('')!.values).toEqual(['"high"', '"low"', '"urgent"']);
    // An error-code constant names its code; the shape that fixes it (`code: typeof X`) defines it.
    expect(model.byName.get('BusyError')!.errorCode).toBe(-32010);
    expect(model.byName.get('GADGET_LOCKED')!.errorCode).toBe(-32011);
    expect(model.byName.get('BusyError')!.fields.get('retryAfterMs')!.deprecated).toBe(true);
    // Lines are the file's.
    expect(start.line).toBe(read('new.ts').split('\n').findIndex((l) => l.includes('interface StartParams')) + 1);
  });

  it('diffs as its JSON Schema does: the same records, but for what only one of them says', () => {
    const ts = diffSchemaTexts(read('old.ts'), read('new.ts')).changes;
    const json = diffSchemaTexts(read('old.json'), read('new.json')).changes;
    expect(summary(ts)).toEqual([...summary(json), 'error-code-added -32011'].sort());
    // Each kind of change the issue names, read from the declarations.
    expect(summary(ts)).toEqual(expect.arrayContaining([
      'required-field-added StartParams.owner', 'field-removed StoppedNotification.params.reason', 'field-became-optional StartParams.label',
      'field-type-widened StartParams.speed', 'field-value-added StartParams.colour', 'field-type-widened Shape', 'field-value-added Priority',
      'error-code-added -32011', 'message-added gadgets/pause', 'definition-added Triangle',
    ]));
  });

  it('a revision with schema.json beside schema.ts reads both and names the file that said what the other did not', async () => {
    const { dir: root } = tempTree('specdelta-two-sources-');
    for (const side of ['old', 'new']) {
      mkdirSync(join(root, side));
      copyFileSync(join(dir, `${side}.json`), join(root, side, 'schema.json'));
      copyFileSync(join(dir, `${side}.ts`), join(root, side, 'schema.ts'));
    }
    const { changes } = await diffRevisionFolders({ dir: join(root, 'old'), label: 'old' }, { dir: join(root, 'new'), label: 'new' });
    const lone = changes.filter((c) => c.sources);
    expect(lone.map((c) => [c.subject, c.sources])).toEqual([['-32011', ['schema.ts']]]);
    expect(lone[0]!.message).toContain('Only schema.ts says so; schema.json does not.');
    expect(changes.filter((c) => !c.sources).length).toBe(summary(diffSchemaTexts(read('old.json'), read('new.json')).changes).length);
  });
});

/**
 * The real test: each MCP revision keeps its schema.ts beside the schema.json generated from
 * it. Between two revisions the records read from the two must agree; where they do not, the
 * report says which file said what. What is known to differ is the generator's own doing
 * (it spells some unions out, drops `@deprecated`, writes no constants), listed here.
 */
const schemaDir = join(specMain, 'schema');
const describeMirror = existsSync(join(schemaDir, '2025-11-25', 'schema.ts')) ? describe : describe.skip;

function schemaTree(rev: string): RevisionTree {
  const folder = join(schemaDir, rev);
  return {
    label: rev,
    source: folder,
    pages: [],
    text: () => '',
    schema: () => readFileSync(join(folder, 'schema.json'), 'utf8'),
    schemaName: 'schema.json',
    declarations: () => ({ name: 'schema.ts', text: readFileSync(join(folder, 'schema.ts'), 'utf8') }),
  };
}

describeMirror('MCP: schema.ts against schema.json, revision by revision', () => {
  const revisions = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'];
  const pairs = revisions.slice(1).map((rev, i) => [revisions[i]!, rev] as const);

  it.each(pairs)('%s → %s', async (oldRev, newRev) => {
    const { changes } = await diffRevisionTrees(schemaTree(oldRev), schemaTree(newRev));
    const agreed = changes.filter((c) => !c.sources || c.sources.length === 2);
    const lone = changes.filter((c) => c.sources?.length === 1);
    console.log(`${oldRev} → ${newRev}: ${agreed.length} records both files give, ${lone.filter((c) => c.sources![0] === 'schema.json').length} only schema.json, ${lone.filter((c) => c.sources![0] === 'schema.ts').length} only schema.ts`);
    // Measured: 14 of 14, 65 of 65, 127 of 128, 132 of 167 (2026-07-28's schema.ts marks 19
    // definitions @deprecated, which the generator does not carry into schema.json).
    expect(agreed.length / changes.length).toBeGreaterThanOrEqual(0.75);
    for (const change of lone) expect(change.message).toMatch(new RegExp(`Only ${change.sources![0]!.replace('.', '\\.')} says so; schema\\.(json|ts) does not\\.`));
    // What differs is of the kinds a generator decides: constants it writes no definition for, tags it drops, unions it spells out.
    for (const change of lone) {
      const said = change.sources![0];
      if (said === 'schema.ts') expect(['field-deprecated', 'definition-added', 'definition-removed', 'error-code-added', 'field-description-changed', 'definition-description-changed'], `${change.id} ${change.subject}`).toContain(change.id);
      else expect(['error-code-added', 'field-type-changed', 'field-removed', 'field-description-changed', 'definition-description-changed'], `${change.id} ${change.subject}`).toContain(change.id);
    }
  }, 60_000);
});
