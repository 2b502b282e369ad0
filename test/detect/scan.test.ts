import { describe, expect, it } from 'vitest';
import { endpointLayout } from '../../src/detect/transport-match.ts';
import { looseObjects } from '../../src/detect/loose.ts';
import { cueIn, findCue, scanText } from '../../src/detect/scan.ts';
import { readShapes } from '../../src/detect/shapes.ts';
import { normalizeName } from '../../src/detect/tokens.ts';

describe('object literals in code that is not JSON', () => {
  it('reads TypeScript objects: unquoted keys, single quotes, variables, spreads, shorthand, trailing commas', () => {
    const code = `const reply = await server.request({
  method: 'elicitation/create', // a comment
  params: { ...defaults, mode: "url", elicitationId: randomUUID(), url, message: \`Connect\`, },
}, Schema);`;
    const [found] = looseObjects(code);
    expect(found?.value).toEqual({ method: 'elicitation/create', params: { mode: 'url', elicitationId: null, url: null, message: 'Connect' } });
  });

  it('reads Python dicts (True, None, # comments)', () => {
    const [found] = looseObjects(`send({"method": "x/y", "params": {"flag": True, "none": None}})  # go`);
    expect(found?.value).toEqual({ method: 'x/y', params: { flag: true, none: null } });
  });

  it('does not take a block of statements for an object', () => {
    expect(looseObjects('if (ok) { run(); stop(); }')).toEqual([]);
    expect(looseObjects('function f() { return 1; }')).toEqual([]);
  });
});

describe('shapes', () => {
  it('tells a framed request from a method embedded in a result, and finds capability locations', () => {
    const facts = readShapes({ jsonrpc: '2.0', id: 1, result: { pending: { a: { method: 'x/do', params: {} } } } });
    expect(facts.envelopes).toEqual([{ method: 'x/do', envelope: 'embedded', container: 'pending' }]);
    const request = readShapes({ jsonrpc: '2.0', id: 1, method: 'x/do', params: { _meta: { 'org.example/clientCapabilities': { x: { a: {} } } } } });
    expect(request.envelopes).toEqual([{ method: 'x/do', envelope: 'framed', container: null }]);
    expect(request.capabilities).toEqual([{ name: 'x', location: '_meta.org.example/clientCapabilities', options: ['a'] }]);
  });

  it('separates keys inside protocol messages from keys of any other object', () => {
    expect([...readShapes({ mode: 'dark', url: 'http://x' }).messageKeys]).toEqual([]);
    expect([...readShapes({ method: 'x/y', params: { mode: 'url' } }).messageKeys]).toEqual(['method', 'params', 'mode']);
  });
});

describe('background cues', () => {
  it('finds the sentence words that explain the past', () => {
    for (const s of ['Servers no longer send it.', 'It used to be declared once.', 'The field is gone.', 'X was replaced by Y.', 'This is the old shape.', 'It is deprecated.', 'Modern and legacy (`hello` handshake) servers.']) {
      expect(cueIn(s), s).not.toBeNull();
    }
    for (const s of ['Servers send it.', 'The old-school way works.', 'Return the result.', 'The legacy-free (`hello`) path.']) expect(cueIn(s), s).toBeNull();
  });

  it('finds a cue in any sentence of a paragraph, at its start too ("Before: …" after another sentence)', () => {
    const spans = scanText('We send `NewThing` now. Before: the client sent `OldThing`. Then `Other` came.\n').spans.filter((s) => s.context === 'inline');
    expect(spans.map((s) => [s.text, s.cue])).toEqual([['NewThing', null], ['OldThing', ' Before'], ['Other', null]]);
  });

  it('marks only the name an adjective of the past stands before ("the legacy `x`")', () => {
    const spans = scanText('It omits the legacy `OldThing` and sends `NewThing` instead.\n').spans.filter((s) => s.context === 'inline');
    expect(spans.map((s) => [s.text, s.cue])).toEqual([['OldThing', 'legacy'], ['NewThing', null]]);
    expect(cueIn('A legacy-free `x` path.')).toBeNull();
  });

  it('marks only the old side of a directional cue', () => {
    expect(findCue('Return `A` instead of sending `B`.')?.side).toBe('after');
    const spans = scanText('Return `NewThing` instead of sending `OldThing`.\n').spans.filter((s) => s.context === 'inline');
    expect(spans.map((s) => [s.text, s.cue])).toEqual([['NewThing', null], ['OldThing', 'instead of']]);
    const before = scanText('`OldThing` was replaced by `NewThing`.\n').spans.filter((s) => s.context === 'inline');
    expect(before.map((s) => [s.text, s.cue !== null])).toEqual([['OldThing', true], ['NewThing', false]]);
  });

  it('makes a code block background when its caption or section says so', () => {
    const scanned = scanText('Here is the old shape:\n\n```json\n{"a": 1}\n```\n\n## Before\n\n```json\n{"b": 2}\n```\n\n## Now\n\n```json\n{"c": 3}\n```\n');
    expect(scanned.examples.map((e) => e.cue !== null)).toEqual([true, true, false]);
  });

  it('reads an example pasted without a fence as code', () => {
    const scanned = scanText('Here it is:\n\n{\n  "jsonrpc": "2.0",\n  "method": "x/y"\n}\n\nDone.\n');
    expect(scanned.examples).toHaveLength(1);
    expect(scanned.examples[0]!.line).toBe(3);
  });
});

describe('names compare across spelling styles', () => {
  it('camelCase, snake_case and header case meet; paths compare exactly', () => {
    expect(normalizeName('requestState')).toBe(normalizeName('request_state'));
    expect(normalizeName('Mcp-Session-Id')).toBe(normalizeName('MCP-Session-Id'));
    expect(normalizeName('a/b')).not.toBe(normalizeName('A/b'));
    expect(normalizeName('-32042')).toBe('-32042');
  });
});

describe('captions that open with "Before"', () => {
  it('make the example after them background, but "Before you start" does not', () => {
    expect(cueIn('**Before** (2025-11-25):')).not.toBeNull();
    expect(cueIn('Before:')).not.toBeNull();
    expect(cueIn('Before you start, install the SDK.')).toBeNull();
    const scanned = scanText('Before:\n\n```json\n{"a": 1}\n```\n\nAfter:\n\n```json\n{"b": 2}\n```\n');
    expect(scanned.examples.map((e) => e.cue !== null)).toEqual([true, false]);
  });

  it('govern the example under them when a note stands between, whatever the note says', () => {
    const scanned = scanText('Before (2025-11-25):\n\nA note on it.\n\n```json\n{"a": 1}\n```\n\nAfter:\n\nWhat it used to need is gone.\n\n```json\n{"b": 2}\n```\n\nThe old shape, for reference.\n\n```json\n{"c": 3}\n```\n');
    expect(scanned.examples.map((e) => e.cue !== null)).toEqual([true, false, true]);
  });
});

describe('sections about the past', () => {
  it('open at headings like "Before", "Legacy clients", "Migrating from …", but not "Before you begin"', () => {
    const cueOf = (heading: string) => scanText(`## ${heading}\n\nText with \`a/b\`.\n`).spans.find((s) => s.context === 'inline')?.cue ?? null;
    for (const h of ['Before', 'Legacy clients', 'Migrating from 2025-11-25', 'What changed', 'The old flow']) expect(cueOf(h), h).not.toBeNull();
    for (const h of ['Before you begin', 'Setup', 'Holding state', 'Old-school logging']) expect(cueOf(h), h).toBeNull();
  });

  it('close at the next heading of the same or a higher level', () => {
    const spans = scanText('## Before\n\n`a/b`\n\n### Detail\n\n`c/d`\n\n## Now\n\n`e/f`\n').spans.filter((s) => s.context === 'inline');
    expect(spans.map((s) => [s.text, s.cue !== null])).toEqual([['a/b', true], ['c/d', true], ['e/f', false]]);
  });
});

describe('where code opens an SSE stream and where it POSTs (transport layouts)', () => {
  it('reads EventSource, fetch with POST, .post( and curl -X POST, by URL path', () => {
    const code = [
      "const events = new EventSource('http://localhost:3002/sse');",
      'await fetch(`http://localhost:3002/message?sessionId=${id}`, { method: "POST", body });',
      "app.post('/messages', handler);",
      'curl -X POST http://localhost:8080/rpc -d @body.json',
    ].join('\n');
    const layout = endpointLayout(code);
    expect(layout.streams.map((s) => s.path)).toEqual(['/sse']);
    expect(layout.posts.map((p) => p.path).sort()).toEqual(['/message', '/messages', '/rpc']);
  });

  it('takes a GET route for a stream only where the code answers with an event stream', () => {
    expect(endpointLayout("app.get('/events', (req, res) => res.json(list));").streams).toEqual([]);
    expect(endpointLayout("app.get('/events', (req, res) => { res.setHeader('Content-Type', 'text/event-stream'); });").streams.map((s) => s.path)).toEqual(['/events']);
    expect(endpointLayout("headers.get('accept')").streams).toEqual([]);
  });
});

describe('a page whose code fences were lost', () => {
  it('cuts an object that opens with a quoted key out of its paragraph as an example; the prose around it stays prose', () => {
    const text = 'Intro.\n\nThe server sends {"method": "x/do", "params": {"flag": true}} and then\nwaits for the answer.';
    const scanned = scanText(text);
    expect(scanned.examples.map((e) => [e.line, [...e.facts.methods]])).toEqual([[3, ['x/do']]]);
    expect(scanned.spans.filter((s) => s.context === 'code').map((s) => s.text)).toEqual(['{"method": "x/do", "params": {"flag": true}}']);
    const prose = scanned.spans.filter((s) => s.context === 'prose').map((s) => s.text.trim());
    expect(prose).toEqual(['Intro.', 'The server sends', 'and then\nwaits for the answer.']);
    expect(scanned.spans.find((s) => s.text.startsWith('and then'))?.line).toBe(3);
  });

  it('leaves JSON inside inline code and braces that read as no object alone', () => {
    for (const text of ['Send `{"method": "x/do"}` first.', 'A {placeholder} and {"unclosed": here.', 'Use {name} for the name.']) {
      const scanned = scanText(text);
      expect(scanned.examples, text).toEqual([]);
      expect(scanned.spans.some((s) => s.context === 'code'), text).toBe(false);
    }
  });
});
