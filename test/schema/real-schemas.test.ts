import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Change } from '../../src/records/change.ts';
import { analyzeSchema, diffSchemaTexts, parseSchemaText } from '../../src/schema/index.ts';
import { specMain, requiredInCi } from '../../harness/paths.ts';

/** The real schemas, read from the mirror beside the repository (never copied into it). */
const schemaRoot = join(specMain, 'schema');
const available = requiredInCi(existsSync(schemaRoot), `the mirror's schemas are missing at ${schemaRoot}`);
const revisions = available
  ? readdirSync(schemaRoot)
      .filter((rev) => existsSync(join(schemaRoot, rev, 'schema.json')))
      .sort((a, b) => (a === 'draft' ? 1 : b === 'draft' ? -1 : a.localeCompare(b)))
  : [];
const pairs = revisions.slice(1).map((rev, i) => [revisions[i] as string, rev] as const);
const text = (rev: string) => readFileSync(join(schemaRoot, rev, 'schema.json'), 'utf8');

describe.skipIf(!available)('the real MCP schemas', () => {
  const results = new Map<string, ReturnType<typeof diffSchemaTexts>>();
  beforeAll(() => {
    for (const [a, b] of pairs) results.set(`${a}→${b}`, diffSchemaTexts(text(a), text(b), { oldSource: `${a}/schema.json`, newSource: `${b}/schema.json` }));
  });

  it('has the revisions the issue names, draft last', () => {
    expect(revisions).toEqual(expect.arrayContaining(['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28', 'draft']));
    expect(revisions.at(-1)).toBe('draft');
  });

  it('parses every revision without diagnostics, draft-07 and 2020-12 alike', () => {
    for (const rev of revisions) {
      const model = parseSchemaText(text(rev), rev);
      expect(model.diagnostics, rev).toEqual([]);
      expect(model.definitions.length, rev).toBeGreaterThan(50);
      expect(model.defsKey, rev).toBe(rev < '2025-11-25' ? 'definitions' : '$defs');
    }
  });

  it('derives the parties and who sends what from the schema\'s own unions', () => {
    for (const rev of revisions) {
      const { directions, messages } = analyzeSchema(parseSchemaText(text(rev), rev));
      expect([...directions.parties].sort(), rev).toEqual(['Client', 'Server']);
      expect(messages.get('tools/call')?.flows.map((f) => `${f.sender}:${f.role}`), rev).toEqual(['Client:request']);
    }
    const old = analyzeSchema(parseSchemaText(text('2025-11-25'), '2025-11-25'));
    expect(old.messages.get('elicitation/create')?.envelope).toBe('request');
    expect(old.messages.get('elicitation/create')?.flows).toEqual([{ sender: 'Server', role: 'request' }]);
    expect(old.messages.get('notifications/cancelled')?.flows.map((f) => f.sender).sort()).toEqual(['Client', 'Server']);
  });

  it.each(pairs)('%s → %s: ordered, located, sourced, deterministic', (a, b) => {
    const { changes } = results.get(`${a}→${b}`)!;
    if (text(a) === text(b)) expect(changes).toEqual([]);
    else expect(changes.length).toBeGreaterThan(0);
    for (const change of changes) {
      expect(change.source).toBe('schema');
      for (const side of [change.before, change.after]) {
        if (side === null) continue;
        expect(side.line, `${change.id} ${change.subject}`).toBeGreaterThan(0);
        expect(typeof side.path).toBe('string');
      }
    }
    // Records that exist in NEW come in NEW's line order.
    const newLines = changes.filter((c) => c.after).map((c) => c.after!.line as number);
    expect(isMostlySorted(newLines)).toBe(true);
    expect(new Set(changes.map((c) => c.fingerprint)).size).toBe(changes.length);
    expect(diffSchemaTexts(text(a), text(b)).changes.map((c) => c.fingerprint)).toEqual(changes.map((c) => c.fingerprint));
  });

  it('2025-11-25 → 2026-07-28 shows the elicitation changes, found generically', () => {
    const { changes } = results.get('2025-11-25→2026-07-28')!;
    const one = (predicate: (c: Change) => boolean) => {
      const found = changes.filter(predicate);
      expect(found).toHaveLength(1);
      return found[0]!;
    };
    const notification = one((c) => c.id === 'message-removed' && c.subject === 'notifications/elicitation/complete');
    expect(notification.level).toBe('breaking');
    expect(notification.before?.path).toBe('ElicitationCompleteNotification');
    expect(notification.message).toBe('Notification `notifications/elicitation/complete` removed.');

    const error = one((c) => c.id === 'error-code-removed' && c.subject === '-32042');
    expect(error.message).toBe('Error code `-32042` (URLElicitationRequiredError) removed.');

    const elicitationId = one((c) => c.subject === 'ElicitRequestURLParams.elicitationId');
    expect(elicitationId.id).toBe('required-field-removed');
    expect(elicitationId.level).toBe('breaking');
    expect(elicitationId.after).toBeNull();
    expect(elicitationId.before?.line).toBeGreaterThan(900);

    const envelope = one((c) => c.id === 'message-envelope-changed' && c.subject === 'elicitation/create');
    expect(envelope.level).toBe('breaking');
    expect(envelope.message).toBe('`elicitation/create` is no longer a JSON-RPC request: it is now an embedded object, delivered inside `InputRequiredResult.inputRequests`.');
    expect(envelope.before?.text).toMatch(/\bjsonrpc\b/);
    expect(envelope.before?.text).toMatch(/\bid\b/);
    expect(envelope.after?.text).not.toMatch(/jsonrpc|\bid\b/);
  });

  it('2025-11-25 → 2026-07-28: a description that only gained link or code markup is no record', () => {
    const { changes } = results.get('2025-11-25→2026-07-28')!;
    const descriptions = changes.filter((c) => c.id.endsWith('description-changed'));
    // The glued `{@link TargetLabel}` form of the new schema reads as its label.
    expect(descriptions.some((c) => /\{@link \w+notifications\/progress\}/.test(String(c.after?.text)))).toBe(false);
    // Markup-only edits (links added around names, code spans around values) are gone; every
    // remaining record changed words a reader reads.
    for (const c of descriptions) {
      const read = (text: unknown) => String(text).replace(/\{@link\w*\s+([^{}]*)\}/g, '$1').replace(/[`\s]+/g, '');
      expect(read(c.before?.text), c.subject).not.toBe(read(c.after?.text));
    }
    expect(descriptions.length).toBeGreaterThan(5);
  });

  it('2025-11-25 → 2026-07-28: keywords a JSON Schema property stops typing but still admits are not removed', () => {
    const { changes } = results.get('2025-11-25→2026-07-28')!;
    const newModel = parseSchemaText(text('2026-07-28'), '2026-07-28');
    // Every optional field reported removed is really gone: its new parent object does not
    // admit it with any value by an explicit declaration.
    const removed = changes.filter((c) => c.id === 'field-removed');
    expect(removed.length).toBeGreaterThan(3);
    for (const c of removed) {
      const [definition, ...rest] = c.subject.split('.');
      const parent = newModel.byName.get(definition!)?.fields.get(rest.slice(0, -1).join('.'));
      expect(parent?.untypedKeys ?? [], c.subject).not.toContain('');
    }
    expect(changes.some((c) => c.id === 'field-removed' && /^Tool\.(input|output)Schema\./.test(c.subject))).toBe(false);
  });

  it('2025-11-25 → 2026-07-28: a removed base nothing referred to is rated as what its inheritors lost; removed unions keep their level', () => {
    const { changes } = results.get('2025-11-25→2026-07-28')!;
    const bases = changes.filter((c) => c.id === 'definition-removed' && c.levelReason?.startsWith('Nothing referred to'));
    expect(bases.length).toBeGreaterThan(0);
    for (const base of bases) {
      const inherited = changes.filter((c) => c.section.old === base.subject && Array.isArray(c.before?.['inheritors']));
      expect(inherited.length, base.subject).toBeGreaterThan(0);
      expect(inherited.map((c) => c.level), base.subject).toContain(base.level);
    }
    // A union nothing refers to is no base: the requests it gathered travelled under it.
    expect(changes.find((c) => c.id === 'definition-removed' && c.subject === 'ServerRequest')?.level).toBe('breaking');
  });

  it('does not report the spelled-out JSON-RPC envelope of 2025-11-25 as new fields', () => {
    const { changes } = results.get('2025-06-18→2025-11-25')!;
    // Concrete requests and base request shapes (PaginatedRequest has a `method` but no const) alike.
    expect(changes.filter((c) => /\.(id|jsonrpc)$/.test(c.subject) && /Request|Notification/.test(c.subject)).map((c) => c.subject)).toEqual([]);
    expect(changes.some((c) => c.id === 'message-envelope-changed')).toBe(false);
    expect(changes.find((c) => c.id === 'definition-renamed' && c.subject === 'JSONRPCErrorResponse')?.message).toBe('Definition `JSONRPCError` renamed to `JSONRPCErrorResponse`.');
  });
});

/** Allows removed-then-added neighbourhoods; fails on a real shuffle. */
function isMostlySorted(lines: number[]): boolean {
  let inversions = 0;
  for (let i = 1; i < lines.length; i++) if ((lines[i] as number) < (lines[i - 1] as number)) inversions++;
  return inversions <= Math.max(2, lines.length * 0.05);
}
