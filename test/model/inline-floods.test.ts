import { describe, expect, it } from 'vitest';
import { parsePage } from '../../src/model/index.ts';
import { parseMarkdown } from '../../src/model/markdown.ts';
import { MAX_INLINE_MARKERS, literalInlineFloods } from '../../src/model/nesting.ts';

/**
 * A line with thousands of link or emphasis markers costs the inline parser time quadratic
 * in their number; past the cap its markers are read as the characters they are.
 */
describe('lines flooded with link or emphasis markers', () => {
  const flood = '['.repeat(MAX_INLINE_MARKERS + 1);

  it('are escaped, with the lines they were on; line numbers do not move', () => {
    const text = `intro\n${flood}\nafter *em*`;
    const read = literalInlineFloods(text);
    expect(read.lines).toEqual([1]);
    expect(read.text.split('\n')).toHaveLength(3);
    expect(read.text.split('\n')[1]).toBe('\\['.repeat(MAX_INLINE_MARKERS + 1));
    expect(read.text.split('\n')[2]).toBe('after *em*');
  });

  it('leave ordinary lines, and code fences, alone', () => {
    const ordinary = `${'[a](b) '.repeat(100)}\n`;
    expect(literalInlineFloods(ordinary)).toEqual({ text: ordinary, lines: [] });
    const fenced = `\`\`\`\n${flood}\n\`\`\`\n`;
    expect(literalInlineFloods(fenced)).toEqual({ text: fenced, lines: [] });
  });

  it('keep a backslash already in the line a literal backslash', () => {
    const line = `\\*${'*'.repeat(MAX_INLINE_MARKERS)}`;
    expect(literalInlineFloods(line).text.startsWith('\\\\\\*')).toBe(true);
  });

  it('leave the rest of the page read, and say where with a warning', () => {
    const page = `# Title\n\nClients MUST send \`initialize\` first.\n\n${'*a '.repeat(5000)}\n\n## After\n\nServers SHOULD reply.\n`;
    const parsed = parseMarkdown(page);
    expect(parsed.diagnostics).toEqual([{ severity: 'warning', message: expect.stringMatching(/more than 1000 link or emphasis markers/), line: 5 }]);
    expect(parsePage(page).rules.map((r) => r.text)).toEqual(['Clients MUST send `initialize` first.', 'Servers SHOULD reply.']);
  });
});
