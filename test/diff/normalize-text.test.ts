import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clearNormalizedText, normalizeText, sameWording, tokens } from '../../src/diff/similarity.ts';
import { pageIds, revisionFolders } from '../../src/input/spec-tree.ts';
import { seededRandom } from '../helpers/hostile.ts';
import { mirrorAvailable, specPages } from '../../harness/paths.ts';
import { diffPageTexts } from '../../src/diff/index.ts';

/**
 * normalizeText is written for speed (an ASCII fast path in its word test, fewer passes);
 * what it returns must stay what the plain definition below returns, on real pages and on
 * text built to probe the edges: letters outside ASCII and outside the first plane, lone
 * surrogates, combining marks, every kind of space, dots before spaces and at the end.
 */
function reference(text: string): string {
  return text
    .toLowerCase()
    .replace(/[`*_"“”‘’]/g, '')
    .replace(/[^\p{L}\p{N}/.@$-]+/gu, ' ')
    .replace(/\.(\s|$)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const PIECES = [
  'a', 'Z', 'é', 'É', 'ß', 'İ', 'Σ', 'ς', '9', '٣', '½', 'ⅷ', '𝐀', '𝟙', '😀', '\u{10FFFF}',
  '\uD800', '\uDC00', '\u0301', '\u200B', '\uFEFF', ' ', '\t', '\n', '\r', '\u00A0', '\u2003', '\u3000',
  '.', '..', '/', '@', '$', '-', '_', '*', '`', '"', '“', '’', '→', '—', '|', '<', '>', '#', '\u007F', '\u0080',
];

describe('normalizeText', () => {
  it.runIf(mirrorAvailable())('equals its plain definition on every page of every mirror revision', () => {
    let pages = 0;
    for (const revision of revisionFolders(specPages)) {
      for (const page of pageIds(join(specPages, revision))) {
        const text = readFileSync(join(specPages, revision, `${page}.mdx`), 'utf8');
        clearNormalizedText();
        expect(normalizeText(text), `${revision}/${page}`).toBe(reference(text));
        pages += 1;
      }
    }
    expect(pages).toBeGreaterThan(100);
  });

  it('equals its plain definition on random text from edge characters', () => {
    const random = seededRandom(2119);
    for (let n = 0; n < 5000; n++) {
      let text = '';
      const length = Math.floor(random() * 16);
      for (let k = 0; k < length; k++) text += PIECES[Math.floor(random() * PIECES.length)];
      expect(normalizeText(text), JSON.stringify(text)).toBe(reference(text));
    }
  });

  it('splits into the words of its plain definition, plurals folded', () => {
    const plain = (text: string) => reference(text).split(' ').filter(Boolean).map((t) => (t.length > 3 && t.endsWith('s') && !t.endsWith('ss') ? t.slice(0, -1) : t));
    const random = seededRandom(8174);
    for (let n = 0; n < 3000; n++) {
      let text = '';
      for (let k = Math.floor(random() * 12); k > 0; k--) text += random() < 0.5 ? PIECES[Math.floor(random() * PIECES.length)] : ['clients', 'class', 'bus', 'its', 'status', 'MUST'][Math.floor(random() * 6)];
      expect(tokens(text), JSON.stringify(text)).toEqual(plain(text));
    }
    expect(tokens('')).toEqual([]);
    expect(tokens(' — `` ')).toEqual([]);
  });

  it('keeps letters beyond the first plane and drops symbols there', () => {
    expect(normalizeText('𝐀lpha 😀 beta.')).toBe('𝐀lpha beta'.toLowerCase());
  });
});

describe('sameWording', () => {
  it('takes a straight and a curly apostrophe for one character, and still tells a changed word', () => {
    expect(sameWording("the evolution of MCP's auth", 'the evolution of MCP’s auth')).toBe(true);
    expect(sameWording("the server's reply", 'the server’s answer')).toBe(false);
    // normalizeText keys fingerprints and stays as it was.
    expect(normalizeText("MCP's")).not.toBe(normalizeText('MCP’s'));
  });
});

describe('a page whose only edit is the apostrophes', () => {
  it('gives no record, in prose, in a rule or in a heading', () => {
    const old = "# Gadgets' Guide\n\nThe gadget's lid stays shut.\n\nServers MUST keep the gadget's lid shut.\n";
    const now = '# Gadgets’ Guide\n\nThe gadget’s lid stays shut.\n\nServers MUST keep the gadget’s lid shut.\n';
    expect(diffPageTexts(old, now).changes).toEqual([]);
    // A real edit beside them is still told.
    expect(diffPageTexts(old, now.replace('stays shut.', 'stays open.')).changes.map((c) => c.id)).toEqual(['prose-changed']);
  });
});
