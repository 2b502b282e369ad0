import { describe, expect, it } from 'vitest';
import { diffPageTexts } from '../../src/diff/index.ts';
import { dutyGrowth } from '../../src/diff/obligation-growth.ts';
import { quoteDuty } from '../../src/records/quote.ts';
import type { Change } from '../../src/records/change.ts';

/**
 * Records that said something false, one pattern each (issue "Changes, not records"): each
 * test is a small page pair of our own in the shape the spec's pages had.
 */
const page = (body: string) => `# Widgets\n\n${body.trim()}\n`;
const diff = (before: string, after: string): Change[] => diffPageTexts(page(before), page(after)).changes;

describe('records that are not what they claim', () => {
  it('codes listed as retired are not new error codes', () => {
    const before = `
## Errors

| Code | Name |
| --- | --- |
| \`-32010\` | Busy |
`;
    const after = `
## Errors

| Code | Name |
| --- | --- |
| \`-32020\` | Busy |

Codes defined by earlier versions remain reserved and will not be reused. Implementations **MUST NOT** emit these codes:

- \`-32010\` — busy (replaced by \`-32020\`).
- \`-32011\` — gone (earlier versions only).
`;
    const codes = diff(before, after).filter((c) => c.kind === 'error-code');
    expect(codes.map((c) => `${c.id} ${c.subject}`).sort()).toEqual(['error-code-added -32020', 'error-code-removed -32010']);
  });

  it('a negated retirement retires nothing: its codes are still read', () => {
    const changes = diff('## Errors\n\nNone yet.\n', '## Errors\n\nApart from `-32413` (Too Large), no code is retired.\n');
    expect(changes.filter((c) => c.kind === 'error-code').map((c) => c.subject)).toEqual(['-32413']);
  });

  it('a field a table now lists, that an example of the same message showed, is not a new required field', () => {
    const before = `
## Asking

Servers send a \`widgets/ask\` request:

\`\`\`json
{ "jsonrpc": "2.0", "id": 1, "method": "widgets/ask", "params": { "message": "Which one?" } }
\`\`\`
`;
    const after = `
## Asking

Servers send a \`widgets/ask\` request. Every request **MUST** include:

| Name | Type | Description |
| --- | --- | --- |
| \`message\` | string | What to ask. |
| \`colour\` | string | The colour wanted. |
`;
    const fields = diff(before, after).filter((c) => c.kind === 'schema-field' && c.action === 'added');
    expect(fields.map((c) => c.subject)).toEqual(['Asking › colour']);
  });

  it('a sentence pointing at duties the page states elsewhere adds none; one pointing at another document does', () => {
    const before = '## Security\n\nServers **MUST** sign widgets.\n';
    const after = `${before}\n## Usage\n\nImplementations **MUST** follow the requirements in Security.\n\nImplementations **MUST** follow the requirements in RFC 9999.\n`;
    const rules = diff(before, after).filter((c) => c.id === 'required-rule-added');
    expect(rules.map((c) => `${c.level} ${c.subject}`)).toEqual([
      'editorial Implementations MUST follow the requirements in Security.',
      'breaking Implementations MUST follow the requirements in RFC 9999.',
    ]);
    expect(rules[0]!.levelReason).toMatch(/points at the duties of “Security”/);
  });

  it('a MUST reworded with other words is not a new duty; one that adds words, a keyword or a name is', () => {
    // Words exchanged: the same duty told otherwise.
    expect(dutyGrowth('Clients MUST treat the scopes as authoritative for satisfying the current request.', 'Clients MUST treat the scopes as authoritative for the current operation.')).toEqual([]);
    // More words before the keyword bind fewer: "Result responses" are some responses.
    expect(dutyGrowth('Responses MUST include the same ID.', 'Result responses MUST include the same ID.')).toEqual([]);
    // Words only added ask for more.
    expect(dutyGrowth('Servers MUST greet clients.', 'Servers MUST greet clients by name.')).toEqual(['name']);
    // A second keyword is a second duty.
    expect(dutyGrowth('The body MUST be one message.', 'The body MUST be one message. The client MUST NOT batch.')).not.toEqual([]);
    // A name in code exchanged for another changes what must be sent.
    expect(dutyGrowth('Servers MUST return `-32011` when locked.', 'Servers MUST return `-32013` when busy.')).not.toEqual([]);
  });

  it('a rule too long to quote whole keeps who must do what', () => {
    const rule = 'If processing a request requires a capability the client did not include in its declared capabilities, the server MUST return an error naming the missing capability.';
    const quoted = quoteDuty(rule);
    expect(quoted).toMatch(/^…the server MUST return an error/);
    expect(quoted.length).toBeLessThanOrEqual(90);
    // Asides before the keyword go before the subject does.
    expect(quoteDuty('Web-based clients (including browser extensions, single-page applications and embedded web views) SHOULD use the web application type when they register.')).toMatch(/^Web-based clients SHOULD use the web application type/);
  });
});
