import { Parser } from 'htmlparser2';
import { lineLocator } from './lines.ts';

/**
 * Raw HTML inside a page, read for its text. Generated pages (a schema reference rendered
 * from the schema's TypeScript) are mostly HTML blocks, and their descriptions carry prose
 * and normative sentences like any other paragraph. Text belongs to the innermost open
 * block element (`p`, `li`, a `div`…); each block's text, and the inline text between a
 * block's child blocks, becomes one text block; `pre` becomes a code block. Markup, scripts
 * and styles are dropped: only what a reader sees is compared. htmlparser2 streams the
 * fragment without building a tree (a generated reference page holds ~700 KB of HTML).
 */

type HtmlBlock =
  | { type: 'text'; text: string; codeSpans: string[]; line: number }
  | { type: 'code'; lang: string | null; value: string; line: number };

const BLOCK = new Set([
  'address', 'article', 'aside', 'blockquote', 'caption', 'dd', 'details', 'dialog', 'div', 'dl', 'dt', 'fieldset',
  'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hgroup', 'hr', 'li', 'main',
  'nav', 'ol', 'p', 'pre', 'section', 'summary', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'ul',
]);
// Not content: code, styling, graphics, and controls (a code block's "Copy" button).
const UNSEEN = new Set(['script', 'style', 'template', 'noscript', 'svg', 'math', 'head', 'title', 'button']);

/** Text gathered for the innermost open block, since its last child block. */
interface Run {
  text: string;
  codeSpans: string[];
  line: number | null;
}

/** The text and code of an HTML fragment that starts on page line `firstLine`. */
export function htmlBlocks(html: string, firstLine: number): HtmlBlock[] {
  const out: HtmlBlock[] = [];
  const lineAt = lineLocator(html, firstLine);
  const runs: Run[] = [{ text: '', codeSpans: [], line: null }];
  let unseen = 0;
  let code: string | null = null;
  let pre: { value: string; lang: string | null; line: number } | null = null;

  const flush = () => {
    const run = runs[runs.length - 1]!;
    const text = run.text.replace(/\s+/g, ' ').trim();
    if (text) out.push({ type: 'text', text, codeSpans: run.codeSpans, line: run.line ?? firstLine });
    run.text = '';
    run.codeSpans = [];
    run.line = null;
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (unseen > 0 || UNSEEN.has(name)) {
          unseen += 1;
          return;
        }
        if (pre) {
          if (name === 'br') pre.value += '\n';
          else if (name === 'code') pre.lang ??= languageOf(attributes['class'], true);
          return;
        }
        if (name === 'pre') {
          flush();
          pre = { value: '', lang: languageOf(attributes['class']), line: lineAt(parser.startIndex) };
        } else if (BLOCK.has(name)) {
          flush();
          runs.push({ text: '', codeSpans: [], line: null });
        } else if (name === 'br') {
          runs[runs.length - 1]!.text += ' ';
        } else if (name === 'code') {
          code = '';
        }
      },
      ontext(text) {
        if (unseen > 0) return;
        if (pre) {
          pre.value += text;
          return;
        }
        const run = runs[runs.length - 1]!;
        if (run.line === null && text.trim()) run.line = lineAt(parser.startIndex + (text.length - text.trimStart().length));
        run.text += text;
        if (code !== null) code += text;
      },
      onclosetag(name) {
        if (unseen > 0) {
          unseen -= 1;
          return;
        }
        if (name === 'pre' && pre) {
          const value = pre.value.replace(/\n$/, '');
          if (value.trim()) out.push({ type: 'code', lang: pre.lang, value, line: pre.line });
          pre = null;
        } else if (pre) {
          return;
        } else if (BLOCK.has(name) && runs.length > 1) {
          flush();
          runs.pop();
        } else if (name === 'code' && code !== null) {
          const span = code.replace(/\s+/g, ' ').trim();
          if (span) runs[runs.length - 1]!.codeSpans.push(span);
          code = null;
        }
      },
    },
    { decodeEntities: true, recognizeSelfClosing: true },
  );
  parser.end(html);
  while (runs.length > 1) {
    flush();
    runs.pop();
  }
  flush();
  return out;
}

/** `language-json` / `lang-json` (highlighters' convention); a `code` element's lone class (`json`) too. */
function languageOf(classes: string | undefined, lone = false): string | null {
  const names = classes?.trim().split(/\s+/).filter(Boolean) ?? [];
  for (const name of names) {
    const match = /^(?:language|lang)-(.+)$/.exec(name);
    if (match) return match[1]!;
  }
  return lone && names.length === 1 && /^[\w+-]+$/.test(names[0]!) ? names[0]! : null;
}
