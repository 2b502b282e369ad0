import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffSchemaTexts } from '../../src/schema/index.ts';
import { fixturesDir } from '../../harness/paths.ts';

/**
 * Golden schema fixtures: fixtures/schema/<case>/{old.json,new.json,expected.json}.
 * Regenerate with `UPDATE=1 npx vitest run test/schema/golden.test.ts` and review the JSON
 * diff like code. Each case also states what it exists to show, so a careless UPDATE=1
 * cannot bless a regression.
 */
const schemaDir = join(fixturesDir, 'schema');
const cases = readdirSync(schemaDir).filter((name) => existsSync(join(schemaDir, name, 'old.json'))).sort();

function run(name: string) {
  const dir = join(schemaDir, name);
  return diffSchemaTexts(readFileSync(join(dir, 'old.json'), 'utf8'), readFileSync(join(dir, 'new.json'), 'utf8'), { oldSource: 'old.json', newSource: 'new.json' });
}

describe('golden schema fixtures', () => {
  it.each(cases)('%s matches expected.json', (name) => {
    // The records and diagnostics are the golden output; `messages` is a lookup for callers.
    const { changes, diagnostics } = run(name);
    const actual = JSON.parse(JSON.stringify({ changes, diagnostics }));
    const expectedPath = join(schemaDir, name, 'expected.json');
    if (process.env['UPDATE']) writeFileSync(expectedPath, `${JSON.stringify(actual, null, 2)}\n`);
    // A missing golden is a failure: only an explicit UPDATE=1 writes one, to be reviewed like code.
    expect(existsSync(expectedPath), `${expectedPath} is missing; write it with UPDATE=1 and review it`).toBe(true);
    expect(actual).toEqual(JSON.parse(readFileSync(expectedPath, 'utf8')));
  });
});

const ids = (name: string) => run(name).changes.map((c) => c.id);
const find = (name: string, id: string, subject: string) => run(name).changes.find((c) => c.id === id && c.subject === subject);

describe('what each fixture shows', () => {
  it('a change of dialect, of reference spelling, of key order or of enum order is no change', () => {
    expect(run('dialect-and-ref-spelling').changes).toEqual([]);
  });

  it('an inline object replaced by a $ref to an equal definition is no change of shape', () => {
    const result = run('inline-object-to-ref');
    expect(result.changes.filter((c) => c.kind !== 'definition')).toEqual([]);
    // The newly named shapes are reported, but only as editorial.
    expect(result.changes.map((c) => [c.id, c.subject, c.level])).toEqual([
      ['definition-added', 'MetaObject', 'editorial'],
      ['definition-added', 'ProgressToken', 'editorial'],
    ]);
  });

  it('a change to a shared shape is one record at its origin, listing its inheritors; identical changes without a common base stay apart', () => {
    const records = run('inherited-changes').changes.map((c) => [c.id, c.subject, (c.after ?? c.before)?.['inheritors'] ?? null]);
    expect(records).toEqual([
      ['required-field-added', 'Meta.tenant', null],
      ['field-added', 'Named.icon', ['Widget', 'Gadget']],
      ['field-added', 'Sprocket.pitch', null],
      ['field-added', 'Cog.pitch', null],
    ]);
  });

  it('`deprecated: true` on a field or a definition is a non-breaking deprecation record', () => {
    const records = run('deprecated-fields').changes.filter((c) => c.action === 'deprecated');
    expect(records.map((c) => [c.id, c.subject, c.level])).toEqual([
      ['field-deprecated', 'Widget.color', 'non-breaking'],
      ['field-deprecated', 'Gizmo', 'non-breaking'],
    ]);
    expect(records[0]!.message).toMatch(/Deprecated in favor of `theme`/);
  });

  it('key order is nothing and description edits are editorial', () => {
    const result = run('key-order-and-descriptions');
    expect(result.changes.map((c) => c.id)).toEqual(['definition-description-changed', 'field-description-changed']);
    expect(result.changes.every((c) => c.level === 'editorial')).toBe(true);
    // A description that only changed a link target is not reported.
    expect(result.changes.some((c) => c.subject === 'Tool.title')).toBe(false);
  });

  it('descriptions compare as read: link, code-span and whitespace markup alone is no record', () => {
    // JSDoc links in every form ({@link X}, {@linkcode X.y}, {@link url | label}, a target glued to
    // its label by a generator that lost the separator), code spans and Markdown links read as
    // their text; only the description whose words changed is reported.
    const result = run('description-markup');
    expect(result.changes.map((c) => [c.id, c.subject])).toEqual([['field-description-changed', 'Gadget.color']]);
  });

  it('a field made optional whose description still makes senders provide it where it applies is non-breaking, saying so', () => {
    const result = run('optional-but-bound');
    const change = result.changes.find((c) => c.id === 'field-became-optional')!;
    expect([change.subject, change.level]).toEqual(['StopNotification.params.spinId', 'non-breaking']);
  });

  it('an optional property an object stops listing but still admits with any value is not removed', () => {
    // Admitted by `additionalProperties: {}` (shape.fields, shape.mandatory) or by a
    // `patternProperties` entry that constrains nothing (tags.x-origin): no record. Still reported:
    // a required property (senders need no longer send it), a property of an object that declares
    // nothing (limits.min), or one whose values the new declaration constrains (labels.main).
    const result = run('untyped-properties');
    expect(result.changes.filter((c) => c.after === null).map((c) => [c.id, c.subject])).toEqual([
      ['required-field-removed', 'Gizmo.shape.version'],
      ['field-removed', 'Gizmo.limits.min'],
      ['field-removed', 'Gizmo.labels.main'],
    ]);
  });

  it('definitions: added, removed, renamed by shape; a definition inlined everywhere is removed softly', () => {
    const result = run('definitions');
    const renamed = result.changes.find((c) => c.id === 'definition-renamed');
    expect(renamed?.message).toBe('Definition `ResourceReference` renamed to `ResourceTemplateReference`.');
    expect(find('definitions', 'definition-removed', 'LegacyHint')?.level).toBe('breaking');
    expect(find('definitions', 'definition-removed', 'Point')?.level).toBe('non-breaking');
    expect(find('definitions', 'definition-added', 'Color')).toBeDefined();
    // The rename is followed: the field that referred to the old name shows no type change.
    expect(result.changes.some((c) => c.subject === 'Shape.ref')).toBe(false);
    expect(find('definitions', 'field-added', 'ResourceTemplateReference.title')).toBeDefined();
  });

  it('fields: added, removed, required-ness both ways, nested', () => {
    expect(ids('fields').sort()).toEqual(
      ['field-added', 'field-became-optional', 'field-became-required', 'field-removed', 'required-field-added', 'required-field-added', 'required-field-removed'].sort(),
    );
    expect(find('fields', 'required-field-added', 'Params.meta.trace')).toBeDefined();
  });

  it('types and values: narrowed, widened, changed, enum values, closed objects', () => {
    const result = run('types-and-values');
    const bySubject = Object.fromEntries(result.changes.filter((c) => c.id.startsWith('field-type')).map((c) => [c.subject, c.id]));
    expect(bySubject).toEqual({
      'Settings.id': 'field-type-narrowed',
      'Settings.ratio': 'field-type-widened',
      'Settings.mode': 'field-type-narrowed',
      'Settings.count': 'field-type-changed',
      'Settings.kind': 'field-type-changed',
      'Settings.extra': 'field-type-narrowed',
      'Settings.items[]': 'field-type-widened',
    });
    expect(result.changes.filter((c) => c.id === 'field-value-added').map((c) => c.message)).toEqual(['Field `LoggingLevel` gained the value `"notice"`.']);
    expect(result.changes.filter((c) => c.id === 'field-value-removed').map((c) => c.message)).toEqual(['Field `LoggingLevel` no longer takes the value `"warning"`.']);
  });

  it('messages and error codes: removed, added, envelope changed, renamed', () => {
    const result = run('messages-and-errors');
    const envelope = result.changes.find((c) => c.id === 'message-envelope-changed');
    expect(envelope?.subject).toBe('elicitation/create');
    expect(envelope?.message).toBe('`elicitation/create` is no longer a JSON-RPC request: it is now an embedded object, delivered inside `InputRequiredResult.inputRequests`.');
    expect(find('messages-and-errors', 'message-removed', 'notifications/elicitation/complete')?.level).toBe('breaking');
    expect(find('messages-and-errors', 'message-removed', 'initialize')).toBeDefined();
    expect(find('messages-and-errors', 'message-added', 'server/discover')).toBeDefined();
    expect(find('messages-and-errors', 'error-code-removed', '-32042')?.message).toBe('Error code `-32042` (URLElicitationRequiredError) removed.');
    expect(find('messages-and-errors', 'error-code-added', '-32020')).toBeDefined();
    expect(find('messages-and-errors', 'error-code-renamed', '-32700')?.level).toBe('editorial');
    // One record per fact: a removed message is not also a removed definition.
    expect(result.changes.some((c) => c.id === 'definition-removed' && c.subject === 'ElicitationCompleteNotification')).toBe(false);
  });

  it('a base request shape that starts spelling out jsonrpc and id has not changed; an ordinary shape gaining an id has', () => {
    const result = run('envelope-spelled-out');
    expect(result.changes.filter((c) => c.subject.startsWith('PagedRequest'))).toEqual([]);
    expect(find('envelope-spelled-out', 'required-field-added', 'Widget.id')).toBeDefined();
  });

  it('value constraints: a tightened bound narrows, a loosened one widens, a swapped pattern changes; direction still decides the level', () => {
    const record = (subject: string) => run('constraints').changes.filter((c) => c.subject === subject).map((c) => `${c.id} ${c.level}`);
    expect(record('Gadget.label')).toEqual(['field-type-narrowed breaking']); // minLength added, in a request
    expect(record('Gadget.weight')).toEqual(['field-type-widened non-breaking']); // maximum raised
    expect(record('Gadget.serial')).toEqual(['field-type-changed breaking']); // pattern swapped
    expect(record('Gadget.homepage')).toEqual(['field-type-widened non-breaking']); // format dropped
    expect(record('Gadget.tags')).toEqual(['field-type-narrowed breaking']); // uniqueItems: true
    expect(record('GadgetResult.score')).toEqual(['field-type-narrowed non-breaking']); // a result: receivers already cope
    expect(record('PongNotification.params.count')).toEqual(['field-type-narrowed non-breaking']);
    // maxLength on an integer branch constrains nothing: the union is unchanged.
    expect(record('Gadget.either')).toEqual([]);
    // Key order and a description are not constraints.
    expect(record('Gadget.quiet')).toEqual(['field-description-changed editorial']);
    expect(find('constraints', 'field-type-widened', 'Gadget.weight')?.message).toBe('Field `Gadget.weight` widened from number, maximum 10, minimum 0 to number, maximum 100, minimum 0.');
  });

  it('levels follow direction: narrowing breaks requesters, widening breaks receivers of notifications and results, a new required field breaks its senders', () => {
    const level = (id: string, subject: string) => find('direction-levels', id, subject)?.level;
    // A value only a client sends in a request.
    expect(level('field-value-removed', 'RequestLevel')).toBe('breaking');
    expect(level('field-value-added', 'RequestLevel')).toBe('non-breaking');
    // A value only the server sends in a notification: the other way round, with a reason.
    expect(level('field-value-removed', 'NotifyLevel')).toBe('non-breaking');
    expect(level('field-value-added', 'NotifyLevel')).toBe('breaking');
    expect(find('direction-levels', 'field-value-added', 'NotifyLevel')?.levelReason).toMatch(/notifications server → client/);
    // Used in both: breaking either way.
    expect(level('field-value-removed', 'SharedLevel')).toBe('breaking');
    expect(level('field-value-added', 'SharedLevel')).toBe('breaking');
    // Reached by no party's union: the catalog's default.
    expect(level('field-value-removed', 'UnusedLevel')).toBe('breaking');
    expect(level('field-value-added', 'UnusedLevel')).toBe('non-breaking');
    expect(find('direction-levels', 'field-value-added', 'UnusedLevel')?.levelReason).toBeUndefined();
    expect(level('field-became-required', 'SetLevelRequest.params.tag')).toBe('breaking');
    // A field that becomes required binds whoever sends the shape, whichever way it travels.
    expect(level('field-became-required', 'LogNotification.params.logger')).toBe('breaking');
    expect(find('direction-levels', 'field-became-required', 'LogNotification.params.logger')?.after?.['mustSend']).toBe('server');
    const widened = find('direction-levels', 'field-type-widened', 'ListResult.next');
    expect(widened?.level).toBe('breaking');
    expect(widened?.after?.['direction']).toBe('either');
  });

  it('a dangling $ref is a diagnostic with its line, not a crash', () => {
    const result = run('dangling-ref');
    expect(result.diagnostics.new).toEqual([
      { severity: 'error', message: 'In definition "Message", "$ref": "#/$defs/Content" points at nothing in this file.', line: 8, source: 'new.json' },
    ]);
    expect(result.changes.map((c) => c.id)).toEqual(['field-added']);
  });

  it('self-referencing schemas terminate; pure reference cycles are diagnosed', () => {
    const result = run('self-reference');
    expect(result.diagnostics.old.map((d) => d.message)).toEqual(['Definition "Loop" is only a cycle of references (Loop → Loop) that never reaches a shape.']);
    expect(result.diagnostics.new.map((d) => d.line)).toEqual([24, 25]);
    // Node's children spelled inline one level deep equal Node itself.
    expect(result.changes.some((c) => c.subject.startsWith('Node.children'))).toBe(false);
  });
});

describe('record invariants over every fixture', () => {
  it.each(cases)('%s: source, paths, lines, deterministic order', (name) => {
    const first = run(name).changes;
    expect(run(name).changes).toEqual(first);
    for (const change of first) {
      expect(change.source).toBe('schema');
      expect(change.fingerprint).toMatch(/^[0-9a-f]{12}$/);
      for (const side of [change.before, change.after]) {
        if (!side) continue;
        expect(typeof side.path).toBe('string');
        expect(typeof side.line).toBe('number');
      }
    }
    expect(new Set(first.map((c) => c.fingerprint)).size).toBe(first.length);
  });
});
