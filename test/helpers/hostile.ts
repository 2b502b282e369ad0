/**
 * Hostile inputs, generated: deep nesting of every container a page or a schema can hold,
 * long runs of every Markdown delimiter, and huge single lines. Seeded, so a failing case
 * is the same input on every run and can be reproduced by its name.
 */

export interface HostileCase {
  name: string;
  /** `page` for a Markdown/MDX page, `schema` for a JSON Schema file. */
  kind: 'page' | 'schema';
  text: string;
}

/** mulberry32: a tiny, well-known seeded generator; the cases must not change between runs. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DELIMITERS = ['*', '_', '`', '[', '<', '|', '#', '>', '-'] as const;
const WORDS = ['client', 'server', 'MUST', 'send', 'the', 'request', '`tools/call`', 'SHOULD', 'result', 'field'];

/** A page around a hostile part, so the rest of the page is ordinary text that must still be read. */
function page(title: string, hostile: string): string {
  return `---\ntitle: ${title}\n---\n\n# ${title}\n\nClients MUST send \`initialize\` first.\n\n${hostile}\n\n## After\n\nServers SHOULD reply.\n`;
}

function jsonNest(depth: number, shape: 'array' | 'object'): string {
  return shape === 'array' ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/**
 * Every hostile shape at the given sizes: `depth` levels of nesting, `run` characters of a
 * delimiter run, `line` characters of a single line. The random part (which words fill a
 * line, where delimiters fall) comes from `seed`.
 */
export function hostileCases(seed: number, sizes: { depth: number; run: number; line: number }): HostileCase[] {
  const random = seededRandom(seed);
  const word = () => WORDS[Math.floor(random() * WORDS.length)]!;
  const { depth, run, line } = sizes;
  const cases: HostileCase[] = [];
  const add = (name: string, hostile: string) => cases.push({ name, kind: 'page', text: page(name, hostile) });

  add('nested blockquotes', `${'> '.repeat(depth)}deep text`);
  add('nested blockquotes, one a line', Array.from({ length: depth }, (_, i) => `${'>'.repeat(i + 1)} level ${i}`).slice(-Math.min(depth, 2000)).join('\n'));
  add('nested bullet lists', `${'- '.repeat(depth)}deep item`);
  add('nested ordered lists', `${'1. '.repeat(depth)}deep item`);
  add('nested JSX tags', `${'<Note>\n'.repeat(depth)}inside\n${'</Note>\n'.repeat(depth)}`);
  add('nested JSX tags with blank lines', `${'<Note>\n\n'.repeat(depth)}inside\n\n${'</Note>\n\n'.repeat(depth)}`);
  add('nested HTML tags', `${'<div>'.repeat(depth)}inside${'</div>'.repeat(depth)}`);
  add('nested HTML tags, unclosed', `<div>\n${'<div><p><span>'.repeat(depth)}inside`);
  for (const shape of ['array', 'object'] as const) {
    add(`JSON ${shape} nested in a code fence`, `\`\`\`json\n${jsonNest(depth * 10, shape)}\n\`\`\``);
    add(`JSON ${shape} nested in a JSON-RPC example`, `\`\`\`json\n{"jsonrpc": "2.0", "id": 1, "method": "x/y", "params": ${jsonNest(depth * 10, shape)}}\n\`\`\``);
    add(`JSON ${shape} nested in an HTML pre`, `<pre class="language-json">${jsonNest(depth, shape)}</pre>`);
  }
  add('schema nested in a code fence', `\`\`\`json\n${schemaNest(depth * 10)}\n\`\`\``);

  for (const d of DELIMITERS) {
    add(`a run of ${d}`, d.repeat(run));
    add(`a run of ${d} between words`, Array.from({ length: run / 4 }, () => `${d}${word()}`).join(''));
    add(`lines of ${d}`, Array.from({ length: Math.min(run, 2000) }, () => d.repeat(1 + Math.floor(random() * 8))).join('\n'));
  }
  // Inline, not containers: openers a parser pairs by looking back over the ones still open.
  add('emphasis nested in emphasis', '*a '.repeat(run));
  add('links nested in links', `${'['.repeat(run)}x${'](u)'.repeat(run)}`);
  add('a table with a huge row', `| a | b |\n| - | - |\n${'| x '.repeat(run)}|`);
  add('a huge line of words', Array.from({ length: line / 6 }, word).join(' '));
  add('a huge line of inline code spans', Array.from({ length: line / 6 }, (_, i) => `\`c${i % 97}\``).join(' '));
  add('a huge line of sentences', Array.from({ length: line / 24 }, () => `Servers MUST ${word()}. `).join(''));
  add('a huge line of links', Array.from({ length: line / 12 }, () => `[${word()}](u)`).join(' '));
  add('a huge line of unclosed links', '](a'.repeat(line / 3));
  add('a huge line of URLs', Array.from({ length: line / 20 }, () => `https://x.io/${word()}`).join(' '));
  add('a huge code line', `\`\`\`json\n${'1,'.repeat(line / 2)}\n\`\`\``);
  add('unclosed code fence, long', `\`\`\`\n${'x\n'.repeat(line / 2)}`);

  cases.push({ name: 'schema nested in properties', kind: 'schema', text: `{"$schema":"http://json-schema.org/draft-07/schema#","definitions":{"Deep":${schemaNest(depth * 10)}}}` });
  cases.push({ name: 'schema nested in items', kind: 'schema', text: `{"$schema":"http://json-schema.org/draft-07/schema#","definitions":{"Deep":${'{"type":"array","items":'.repeat(depth * 10)}{"type":"string"}${'}'.repeat(depth * 10)}}}` });
  cases.push({ name: 'schema nested in anyOf', kind: 'schema', text: `{"$schema":"http://json-schema.org/draft-07/schema#","definitions":{"Deep":${'{"anyOf":['.repeat(depth * 10)}{"type":"string"}${']}'.repeat(depth * 10)}}}` });
  cases.push({ name: 'schema with a nested default', kind: 'schema', text: `{"$schema":"http://json-schema.org/draft-07/schema#","definitions":{"Deep":{"type":"object","default":${jsonNest(depth * 10, 'array')}}}}` });
  return cases;
}

function schemaNest(depth: number): string {
  return `${'{"type":"object","properties":{"a":'.repeat(depth)}{"type":"string"}${'}}'.repeat(depth)}`;
}
