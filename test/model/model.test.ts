import { describe, expect, it } from 'vitest';
import { parsePage } from '../../src/model/index.ts';
import { sentences } from '../../src/model/rules.ts';

const page = `---
title: Gizmos
---

## Rules

Servers **MUST** accept gizmos (e.g. \`gizmo/put\`). Clients **SHOULD NOT** send empty ones.

Clients that cache gizmos **MAY** drop them after an hour.

For remote servers, user identification **MUST** come from authorization.

MCP clients **MUST**:

- Show which server sent a gizmo
- **SHOULD** let the user dismiss it

Hosts implementing gizmos:

1. **MUST NOT** forward gizmos to other servers.

<Note>
  **Important**: servers **MUST NOT** store gizmos forever.
</Note>

## Messages

Gizmo requests **MUST** include the following parameters:

| Name    | Type   | Options        | Description                |
| ------- | ------ | -------------- | -------------------------- |
| \`size\`  | number |                | The size.                  |
| \`shape\` | string | \`round\`, \`flat\` | Optional. How it looks.    |

**Request:**

\`\`\`jsonc
{
  "jsonrpc": "2.0",
  "id": 1,
  "method": "gizmo/put",
  "params": { "size": 3, "shape": "round", "capabilities": { "gizmos": { "fast": {} } } }, // trailing comma next
}
\`\`\`

**Response:**

\`\`\`json
{ "jsonrpc": "2.0", "id": 1, "result": { "stored": true } }
\`\`\`

\`\`\`json
{ "jsonrpc": "2.0", "method": "notifications/gizmo/gone", "params": { "id": "g1" } }
\`\`\`

\`\`\`json
{ "jsonrpc": "2.0", "id": 2, "error": { "code": -32099, "message": "Too big" } }
\`\`\`

Servers return \`-32098\` (\`GizmoLocked\`) when a gizmo is in use.

1. **Color Schema**

   \`\`\`json
   { "type": "object", "properties": { "hue": { "type": "number" }, "name": { "type": "string" } }, "required": ["hue"] }
   \`\`\`
`;

describe('page model', () => {
  const doc = parsePage(page);

  it('reads the title and the sections with anchors and line ranges', () => {
    expect(doc.title).toBe('Gizmos');
    const rules = doc.sections.find((s) => s.heading === 'Rules')!;
    expect(rules).toMatchObject({ id: 'rules', anchor: 'rules', depth: 2, lines: { start: 5 } });
    expect(rules.lines.end).toBe(doc.sections.find((s) => s.heading === 'Messages')!.lines.start - 1);
  });

  it('finds every RFC 2119 sentence, with its strongest keyword and actor', () => {
    const byText = (re: RegExp) => doc.rules.find((r) => re.test(r.text))!;
    expect(byText(/accept gizmos/)).toMatchObject({ keyword: 'MUST', actor: 'servers', line: 7 });
    expect(byText(/send empty ones/)).toMatchObject({ keyword: 'SHOULD NOT', actor: 'clients' });
    expect(byText(/drop them/)).toMatchObject({ keyword: 'MAY', actor: 'clients' });
    expect(byText(/user identification/)).toMatchObject({ actor: 'servers' });
  });

  it('gives one rule per list item under a lead-in, inheriting its keyword and actor', () => {
    const show = doc.rules.find((r) => /Show which server/.test(r.text))!;
    expect(show).toMatchObject({ keyword: 'MUST', actor: 'clients', leadIn: 'MCP clients MUST:' });
    expect(doc.rules.find((r) => /let the user dismiss/.test(r.text))).toMatchObject({ keyword: 'SHOULD', actor: 'clients' });
    expect(doc.rules.find((r) => /forward gizmos/.test(r.text))).toMatchObject({ keyword: 'MUST NOT', actor: 'hosts' });
    expect(doc.rules.some((r) => r.text === 'MCP clients MUST:')).toBe(false);
  });

  it('reads a rule nested under a term\'s item with the term: what it binds stays named', () => {
    const nested = parsePage(['# Gadgets', '', 'A gadget definition includes:', '', '- `name`: Unique identifier', '- `shape`: JSON Schema of the gadget', '  - **MUST** be a valid JSON Schema object', ''].join('\n'));
    expect(nested.rules).toEqual([expect.objectContaining({ text: 'MUST be a valid JSON Schema object', keyword: 'MUST', leadIn: 'A gadget definition includes: `shape`:' })]);
  });

  it('keeps a keyword sentence that introduces a table or an example as a rule of its own', () => {
    expect(doc.rules.find((r) => /include the following parameters:$/.test(r.text))).toMatchObject({ keyword: 'MUST' });
  });

  it('reads the text inside MDX components', () => {
    expect(doc.rules.find((r) => /store gizmos forever/.test(r.text))).toMatchObject({ keyword: 'MUST NOT', actor: 'servers' });
  });

  it('recognises JSON-RPC envelopes, tolerating comments and trailing commas', () => {
    const shapes = doc.messages.map((m) => [m.envelope, m.key]);
    expect(shapes).toEqual([
      ['request', 'gizmo/put'],
      ['result', 'gizmo/put result'],
      ['notification', 'notifications/gizmo/gone'],
      ['error', 'error -32099'],
    ]);
    expect(doc.messages[0]!.fieldPaths).toEqual(['params.size', 'params.shape', 'params.capabilities']);
    expect(doc.diagnostics).toEqual([]);
  });

  it('merges a table row with the example field it documents', () => {
    const size = doc.fields.find((f) => f.path === 'params.size')!;
    expect(size).toMatchObject({ owner: 'gizmo/put', origin: 'table', type: 'number', required: true });
    const shape = doc.fields.find((f) => f.path === 'params.shape')!;
    expect(shape).toMatchObject({ required: false, options: ['round', 'flat'] });
  });

  it('reads schema-like examples as fields of their caption', () => {
    const color = doc.fields.filter((f) => f.owner === 'Color Schema');
    expect(color.map((f) => [f.name, f.required])).toEqual([['hue', true], ['name', false]]);
  });

  it('locates capabilities relative to the message body', () => {
    expect(doc.capabilities).toEqual([expect.objectContaining({ name: 'gizmos', location: 'capabilities', options: ['fast'] })]);
  });

  it('collects error codes from examples and prose, with names', () => {
    expect(doc.errorCodes.map((e) => [e.code, e.name])).toEqual([[-32099, null], [-32098, 'GizmoLocked']]);
  });

  it('collects identifier-like code spans as terms, not values', () => {
    const tokens = doc.terms.map((t) => t.token);
    expect(tokens).toContain('gizmo/put');
    expect(tokens).toContain('GizmoLocked');
    expect(tokens).not.toContain('round');
  });
});

describe('sentences', () => {
  it('keeps abbreviations and code spans whole', () => {
    expect(sentences('Use a tool (e.g. `a. B`). Then stop. Done')).toEqual(['Use a tool (e.g. `a. B`).', 'Then stop.', 'Done']);
  });
});
