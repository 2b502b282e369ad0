import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffPageTexts } from '../../src/diff/index.ts';
import { parsePage } from '../../src/model/index.ts';
import { htmlBlocks } from '../../src/model/html.ts';
import { fixturesDir } from '../../harness/paths.ts';

describe('raw HTML in a page is read for what a reader sees', () => {
  it('one text block per innermost block element, entities decoded, markup and scripts dropped', () => {
    const blocks = htmlBlocks('<div class="a"><p>One &amp; <em>two</em>.</p>\n<ul><li>Three <code>x.y</code></li></ul><script>alert(1)</script><style>p{}</style></div>', 10);
    expect(blocks).toEqual([
      { type: 'text', text: 'One & two.', codeSpans: [], line: 10 },
      { type: 'text', text: 'Three x.y', codeSpans: ['x.y'], line: 11 },
    ]);
  });

  it('inline content beside block children is a block of its own; pre is code with its language', () => {
    const blocks = htmlBlocks('<div>Lead text <p>Inner.</p> tail</div>\n<pre class="language-json"><code>{"a": 1}\n</code></pre>', 1);
    expect(blocks).toEqual([
      { type: 'text', text: 'Lead text', codeSpans: [], line: 1 },
      { type: 'text', text: 'Inner.', codeSpans: [], line: 1 },
      { type: 'text', text: 'tail', codeSpans: [], line: 1 },
      { type: 'code', lang: 'json', value: '{"a": 1}', line: 2 },
    ]);
  });

  it('a <pre> drawn with <br> is code with those line breaks, without its Copy button', () => {
    expect(htmlBlocks('<pre id="x"><code class="json">{<br/>  "a": 1<br/>}</code><button>Copy</button></pre>', 7)).toEqual([
      { type: 'code', lang: 'json', value: '{\n  "a": 1\n}', line: 7 },
    ]);
  });

  it('empty markers and comments give nothing', () => {
    expect(htmlBlocks('<div id="enable-section-numbers" />', 5)).toEqual([]);
    expect(htmlBlocks('<!-- a note for editors -->', 5)).toEqual([]);
  });

  it('normative sentences inside HTML become rules, with the page line of their block', () => {
    const doc = parsePage(readFileSync(join(fixturesDir, 'pages/raw-html/old.mdx'), 'utf8'));
    expect(doc.rules.map((r) => [r.keyword, r.line])).toEqual([
      ['SHOULD', 9],
      ['MAY', 13],
    ]);
  });

  it('a keyword changed inside HTML is a strengthened rule; a spelling fix is editorial; script text is never compared', () => {
    const read = (side: string) => readFileSync(join(fixturesDir, `pages/raw-html/${side}.mdx`), 'utf8');
    const { changes } = diffPageTexts(read('old'), read('new'));
    expect(changes.map((c) => `${c.id} ${c.level}`)).toEqual(['rule-strengthened breaking', 'prose-changed editorial']);
    expect(JSON.stringify(changes)).not.toMatch(/alert/);
  });
});
