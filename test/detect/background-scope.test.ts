import { beforeAll, describe, expect, it } from 'vitest';
import { detectRevision } from '../../src/detect/detect.ts';
import type { FingerprintData } from '../../src/detect/fingerprints.ts';
import { scanText } from '../../src/detect/scan.ts';
import { testFingerprints } from '../../harness/detect-corpus.ts';

/** Round 5's patterns (bench/which-fresh-5.md), each as a general rule on texts of our own. */

let data: FingerprintData;
beforeAll(async () => {
  data = await testFingerprints();
}, 120_000);

/** The cue of each inline code span of a text, by its text. */
const inlineCues = (text: string) => Object.fromEntries(scanText(text).spans.filter((s) => s.context === 'inline').map((s) => [s.text, s.cue]));

describe('a cue for the past marks only what it governs', () => {
  it('"used to" marks its own clause, not the clauses after it', () => {
    const cues = inlineCues('The limits that used to be fixed per connection now sit in `alpha`, and a new `beta` call reads them.\n');
    expect(cues.alpha).toBe(null);
    expect(cues.beta).toBe(null);
    const inClause = inlineCues('Flags, which `gamma` used to carry, are read from `delta` instead of the body.\n');
    expect(inClause.gamma).not.toBe(null);
  });

  it('a lead-in ("the old shape.") marks the rest of its paragraph, or the block after it when it ends one', () => {
    const within = inlineCues('Here is the old shape. Each call carried `alpha` to pin it.\n\nToday each call sends `gamma`.\n');
    expect(within.alpha).not.toBe(null);
    expect(within.gamma).toBe(null);
    const after = inlineCues('Here is the old shape.\n\nEach call carried `beta` to pin it.\n\nToday each call sends `gamma`.\n');
    expect(after.beta).not.toBe(null);
    expect(after.gamma).toBe(null);
  });

  it('a lead-in\'s reach ends at a line that ends a sentence (one paragraph per line, no blank line between)', () => {
    for (const text of ['Here is the old shape.\nEach call carried `alpha` to pin it.\nToday each call sends `gamma`.\n', 'Here is the old shape. Each call carried `alpha` to pin it.\nToday each call sends `gamma`.\n']) {
      const cues = inlineCues(text);
      expect([cues.alpha !== null, cues.gamma], text).toEqual([true, null]);
    }
  });

  it('a lead-in ending with a colon marks the list after it, and nothing after the list', () => {
    const cues = inlineCues('The previous flow:\n\n- the client sent `alpha`;\n- the server kept `beta`.\n\nNow the client sends `gamma`.\n');
    expect(cues.alpha).not.toBe(null);
    expect(cues.beta).not.toBe(null);
    expect(cues.gamma).toBe(null);
  });

  it('a short sentence that says something is gone is no lead-in', () => {
    const cues = inlineCues('Sessions are gone. Each call now sends `alpha`.\n');
    expect(cues.alpha).toBe(null);
  });

  it('so a new method in a "used to" sentence bounds the answer, and the session after a lead-in does not', () => {
    const newest = data.revisions.filter((r) => r.date !== null).at(-1)!.id;
    const result = detectRevision('Here is the old shape. A client opened with an `initialize` request and got an `Mcp-Session-Id` back.\n\nThe capabilities that used to be sent once now ride on each call, and a client can send a `server/discover` request first. The `server/discover` result lists them.\n', data);
    expect(result.revision).toBe(newest);
    expect(result.background.map((b) => b.token)).toContain('Mcp-Session-Id');
  });
});

describe('a text whose subject is a thing it calls deprecated', () => {
  const earliest = () => data.revisions[0]!.id;
  const transportName = 'HTTP+SSE';
  it('teaches it where it is the subject of most of its prose', () => {
    const text = `A demo of the deprecated ${transportName} transport.\n\nIt runs the deprecated ${transportName} transport on two paths.\n`;
    expect(detectRevision(text, data).revision).toBe(earliest());
  });

  it('teaches it where a heading outside a section about the past names it', () => {
    const text = `# Notes\n\n## Serving the ${transportName} transport\n\nThe deprecated ${transportName} transport keeps one stream open per client.\n\nEach client gets its own stream.\n\nThe stream closes when the client leaves.\n`;
    expect(detectRevision(text, data).revision).toBe(earliest());
  });

  it('keeps it background where the text is about something else', () => {
    const text = `Servers answer on one path now.\n\nEach request is a plain post.\n\nThe deprecated ${transportName} transport needed two.\n\nClients read the reply from the body.\n\nStreams are optional.\n`;
    expect(detectRevision(text, data).background.map((b) => b.token)).toContain(transportName);
  });
});

describe('a capability named by an ordinary word', () => {
  /** A capability whose name is an ordinary word some revisions lack, read from the fingerprints. */
  const word = () => {
    const words = new Set(data.markers.filter((m) => m.kind === 'capability').map((m) => m.token));
    const term = data.markers.find((m) => m.key.startsWith('term:') && m.wordLike && words.has(m.token) && m.span.length < data.revisions.length && !m.token.includes('/'))!;
    return { token: term.token, first: term.span[0]! };
  };

  it('is that capability where the text calls it one, in code marks or not', () => {
    const { token, first } = word();
    const text = `The server advertises the \`${token}\` capability at start-up.\n\nA client that sees the ${token} capability may use it.\n`;
    expect(detectRevision(text, data).revision).toBe(first);
  });

  it('is an ordinary word where the text does not', () => {
    const { token } = word();
    const text = `The server has \`${token}\` at start-up.\n\nA client that sees ${token} may use it.\n`;
    expect(detectRevision(text, data).revision).toBe(null);
  });
});

describe('JSON with escaped quotes in prose', () => {
  it('is cut out of its paragraph as code, unescaped, and the prose around it stays prose', () => {
    const scanned = scanText('The log shows body={\\"alpha\\": {\\"beta\\": \\"x}\\"}, \\"gamma\\": [1]} and then `delta` failed.\n');
    expect(scanned.examples.length).toBe(1);
    expect(scanned.spans.find((s) => s.context === 'code')?.text).toBe('{"alpha": {"beta": "x}"}, "gamma": [1]}');
    expect(scanned.spans.some((s) => s.context === 'inline' && s.text === 'delta')).toBe(true);
  });

  it('an object never closed is left as prose', () => {
    const scanned = scanText('A fragment {\\"alpha\\": {\\"beta\\": 1} was cut.\n');
    expect(scanned.examples.length).toBe(0);
  });
});

describe('a dated link in a list of references', () => {
  const dated = () => data.revisions.filter((r) => r.date !== null).at(-2)!.id;
  const page = () => `https://modelcontextprotocol.io/specification/${dated()}/server/tools`;

  it('is weak alone: a page the author read, not what the text shows', () => {
    const text = `# tool\n\nCall it with \`tools/call\`.\n\n## References\n\n- [Tools](${page()})\n`;
    const result = detectRevision(text, data);
    expect(result.revision).toBe(null);
    expect(result.evidence.find((e) => e.token === dated())?.why).toMatch(/references/);
  });

  it('still bounds the answer where the body links it', () => {
    const text = `# tool\n\nCall it with \`tools/call\`, as [the tools page](${page()}) says.\n\n## References\n\n- [Tools](${page()})\n`;
    expect(detectRevision(text, data).revision).toBe(dated());
  });
});

describe("a cited standard's title in prose", () => {
  /** A standard the spec cites whose title has three words or more after its issuer, read from the fingerprints. */
  const standard = () => {
    // The one cited latest: its names span the fewest revisions, so a mention weighs most.
    const m = data.markers
      .filter((x) => x.borrowed && !x.wordLike && x.span[0] === x.borrowed.since && x.borrowed.document.replace(/^OAuth(?:\s+\d+(?:\.\d+)?)?\s+/i, '').replace(/\s+Protocol$/i, '').split(/\s+/).length >= 3 && /^[A-Za-z0-9. ]+$/.test(x.borrowed.document))
      .sort((a, b) => b.borrowed!.since.localeCompare(a.borrowed!.since))[0]!;
    return { title: m.borrowed!.document.replace(/^OAuth(?:\s+\d+(?:\.\d+)?)?\s+/i, '').replace(/\s+Protocol$/i, ''), since: m.borrowed!.since };
  };

  it('names the standard, dated by the first revision citing it, in any case', () => {
    const { title, since } = standard();
    const text = `Our client relies on ${title.toLowerCase()} to sign in.\n\nWe chose ${title} because it needs no setup.\n`;
    expect(detectRevision(text, data).revision).toBe(since);
  });

  it('is not named by some of its words', () => {
    const { title } = standard();
    const words = title.split(/\s+/);
    const text = `Our client relies on ${words.slice(0, -1).join(' ').toLowerCase()} to sign in.\n\nWe chose ${words.slice(1).join(' ')} because it needs no setup.\n`;
    expect(detectRevision(text, data).revision).toBe(null);
  });
});
