import { beforeAll, describe, expect, it } from 'vitest';
import { detectRevision } from '../../src/detect/detect.ts';
import type { FingerprintData } from '../../src/detect/fingerprints.ts';
import { looseObjectAt } from '../../src/detect/loose.ts';
import { cueIn, scanText } from '../../src/detect/scan.ts';
import { listedKeywords, schemaDocumentKeywords } from '../../src/detect/schema-keywords.ts';
import { testFingerprints } from '../../harness/detect-corpus.ts';

/** Round 4's patterns (bench/which-fresh-4.md), each as a general rule on texts of our own. */

let data: FingerprintData;
beforeAll(async () => {
  data = await testFingerprints();
}, 120_000);

const tokens = (text: string) => detectRevision(text, data).evidence.map((e) => e.token);

describe('a revision named by its date in words', () => {
  const latest = latestInWords();
  it('is the same mention as its id, with or without the year where a revision word follows', () => {
    for (const text of [`Released on ${latest.words}, it changes little.\n`, `Read the ${latest.short} spec first.\n`, `The ${latest.dayFirst} release is out.\n`]) {
      expect(tokens(text), text).toContain(latest.id);
    }
  });

  it('is not a mention without the year and a revision word, or with another year', () => {
    expect(tokens(`We met on ${latest.short} to plan.\n`)).not.toContain(latest.id);
    expect(tokens(`${latest.short}, 1999 was a Tuesday.\n`)).not.toContain(latest.id);
  });
});

/** The newest dated revision's id in the words a writer would use, read from the fingerprints' own ids. */
function latestInWords(): { id: string; words: string; short: string; dayFirst: string } {
  const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  const lazy = { id: '', words: '', short: '', dayFirst: '' };
  beforeAll(() => {
    const id = data.revisions.filter((r) => r.date !== null).at(-1)!.id;
    const [y, m, d] = id.split('-').map(Number) as [number, number, number];
    Object.assign(lazy, { id, words: `${months[m - 1]} ${d}, ${y}`, short: `${months[m - 1]} ${d}`, dayFirst: `${d} ${months[m - 1]} ${y}` });
  });
  return lazy;
}

describe("JSON Schema's own vocabulary", () => {
  it("is read from the keys a schema document is written in, not its properties' names", () => {
    const keywords = schemaDocumentKeywords(JSON.stringify({ $schema: 'x', definitions: { Thing: { type: 'object', properties: { widgetId: { type: 'string' }, oneOf: { anyOf: [{ const: 1 }] } } } } }));
    expect([...keywords].sort()).toEqual(['$schema', 'anyOf', 'const', 'definitions', 'properties', 'type']);
  });

  it('grows by the names a sentence lists as keywords beside a known one', () => {
    const known = new Set(['anyof']);
    expect(listedKeywords('Composition keywords (`oneOf`, `anyOf`, `not`) are allowed.\n', known)).toEqual(['oneOf', 'anyOf', 'not']);
    expect(listedKeywords('The fields `oneOf` and `widgetId` are set.\n', known)).toEqual([]);
    expect(listedKeywords('Keywords like `widgetId` and `gadgetId` matter.\n', known)).toEqual([]);
  });

  it('dates no text', () => {
    for (const name of ['oneOf', 'allOf', 'anyOf', '$ref', 'not']) expect(tokens(`Clients may reject \`${name}\` in a schema.\n`)).not.toContain(name);
  });
});

describe('JSON inside a string of the code', () => {
  const methods = (code: string) => scanText(`\`\`\`bash\n${code}\n\`\`\`\n`).examples.flatMap((e) => [...e.facts.methods]);

  it('is read as a message: a shell string over lines, escaped quotes, a string a program parses', () => {
    expect(methods(`curl -d '{\n  "jsonrpc": "2.0", "id": 1,\n  "method": "ping"\n}' http://h/x`)).toEqual(['ping']);
    expect(methods('curl --data "{\\"jsonrpc\\": \\"2.0\\", \\"id\\": 1, \\"method\\": \\"ping\\"}" http://h/x')).toEqual(['ping']);
    expect(methods(`msg = json.loads('{"jsonrpc": "2.0", "id": 1, "method": "ping"}')`)).toEqual(['ping']);
  });

  it('is not read from a string that only holds braces', () => {
    expect(methods(`echo '{' ; printf "%s}" x`)).toEqual([]);
  });
});

describe('an object with unquoted keys in prose', () => {
  const cut = (text: string, protocol: boolean) => scanText(text, { protocolObject: () => protocol }).spans.filter((s) => s.context === 'code').map((s) => s.text);

  it("is cut out as code when it has the protocol's structure, and stays prose otherwise", () => {
    const text = 'It returns { kind: "x", size: 2 } to the caller.\n';
    expect(cut(text, true)).toEqual(['{ kind: "x", size: 2 }']);
    expect(cut(text, false)).toEqual([]);
  });

  it('is one attempt at its brace, never a search onwards (each try in a long paragraph stays short)', () => {
    expect(looseObjectAt('{ a: ; } then { b: 1 }', 0, 100)).toBeNull();
    expect(looseObjectAt('x { b: 1 }', 2, 100)?.value).toEqual({ b: 1 });
    expect(looseObjectAt('{ b: 1, c: 2 }', 0, 6)).toBeNull();
  });

  it('takes the cue of the sentence it stands in, not of the paragraph before it', () => {
    const text = 'We used to send files whole. Now it returns { kind: "x", size: 2 } instead.\n';
    const code = scanText(text, { protocolObject: () => true }).spans.find((s) => s.context === 'code');
    expect(code?.cue).toBeNull();
  });
});

describe('names in other forms', () => {
  it('"used to" after a form of "be" is a purpose, not the past', () => {
    expect(cueIn('This type is used to describe the server.')).toBeNull();
    expect(cueIn('Servers used to send a session header.')).toBe('used to');
  });

  it("a transport's name with its words hyphenated or in another case", () => {
    for (const name of ['streamable-HTTP', 'Streamable Http', 'streamable_http']) expect(tokens(`The gateway speaks ${name} upstream.\n`), name).toContain('Streamable HTTP');
  });

  it("Pascal-case properties in a table without code marks name one type's fields, an abbreviated field by its spelt-out word", () => {
    const table = 'Field Type\nSource string\nMimeType string\nSizes list\nTheme string\n';
    expect(tokens(table)).toContain('Icon');
    // Capitalised words that are no type's fields, or one field alone, name nothing.
    expect(tokens('Field Type\nSource string\nMimeType string\nWeight number\n')).not.toContain('Icon');
  });
});

describe('a camel-case field name in code', () => {
  it('is the protocol\'s as a property or beside other fields of its type, not as a variable or a key of the app\'s record', () => {
    expect(tokens('```ts\nconst taskId = newId();\nqueue.push(taskId);\n```\n')).not.toContain('taskId');
    expect(tokens('```ts\nrows.push({ id: 1, state: "new", createdAt: now() });\n```\n')).not.toContain('createdAt');
    expect(tokens('```ts\nconst id = result.taskId;\n```\n')).toContain('taskId');
    expect(tokens('```ts\nreturn { taskId: id, status: "working", createdAt: now() };\n```\n')).toEqual(expect.arrayContaining(['taskId', 'createdAt']));
  });
});

describe('a type\'s discriminator in flattened code whose keys are all ordinary words', () => {
  /** A value the schema gives one type's field (`type: "audio"`), the type coming in the same revisions, with two more of its fields. */
  const discriminator = () => {
    for (const value of data.markers.filter((m) => m.kind === 'value' && /^value:[a-z]+=[a-z]+$/.test(m.key))) {
      const [key, word] = value.key.slice(6).split('=') as [string, string];
      const type = data.markers.find((m) => m.kind === 'definition' && !m.namedIn && m.span.join() === value.span.join() && m.fields?.includes(key) && m.fields.filter((f) => /^[a-z]+$/i.test(f) && f !== key).length >= 2);
      if (type) return { key, word, others: type.fields!.filter((f) => /^[a-z]+$/i.test(f) && f !== key).slice(0, 2), since: value.span[0]! };
    }
    throw new Error('the fingerprints define no discriminating value');
  };

  it('dates the text by the value beside that type\'s own fields, and not beside an app\'s own keys', () => {
    const { key, word, others, since } = discriminator();
    const taught = `The handler replies in one line: return { content: [{ ${key}: "${word}", ${others[0]}: clip, ${others[1]}: kind }] } and the host shows it.\n`;
    expect(detectRevision(taught, data).revision).toBe(since);
    const own = `Player settings are stored as { ${key}: "${word}", volume: 3 } beside the theme.\n`;
    expect(detectRevision(own, data).revision).toBe(null);
  });
});
