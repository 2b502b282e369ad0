import { posix } from 'node:path';
import { tellOnce } from '../core/notices.ts';

/**
 * Pages assembled from parts: Jekyll's `{% include file %}` (from the spec's `_includes/`
 * folder, or beside the page) and `{% include_relative path %}`, and MDX's `import Part from
 * './part.mdx'` used as `<Part />`. A page is diffed as the text a reader gets, its parts in
 * place, and a part is not a page of its own. Parts are read through the caller's reader,
 * which only reads inside the spec's root (confined-files.ts, or a git tree's own files): a
 * path that leaves the root, a part that is missing, or one that includes itself is left as
 * written, and said once on stderr.
 */

/** Reads a file by its path relative to the spec's root (`/`-separated); null when there is none inside the root. */
export type PartReader = (path: string) => string | null;

const LIQUID = /\{%-?\s*(include_relative|include)\s+([^\s%]+)[^%]*?-?%\}/g;
const MDX_IMPORT = /^import\s+([A-Z][\w$]*)\s+from\s+['"](\.{1,2}\/[^'"]+\.(?:mdx?|markdown))['"];?[ \t]*$/gm;
const MAX_DEPTH = 8;

/** Where a directive of `page` points, relative to the root; null when it would leave the root. */
function target(page: string, kind: 'include' | 'include_relative' | 'import', arg: string, read: PartReader): string | null {
  const here = posix.dirname(page);
  const candidates = kind === 'include' ? [posix.join('_includes', arg), posix.join(here, arg)] : [posix.join(here, arg)];
  for (const path of candidates.map((p) => posix.normalize(p))) {
    if (path.startsWith('../') || path === '..' || posix.isAbsolute(path)) continue;
    if (read(path) !== null) return path;
  }
  return null;
}

/** The parts a page's text includes (relative to the root), directly or through other parts. */
export function partsNamed(page: string, text: string, read: PartReader): string[] {
  return mayInclude(text) ? assemble(page, text, read).parts : [];
}

function mayInclude(text: string): boolean {
  return text.includes('{%') || /^import\s/m.test(text);
}

/** The page's text with its parts in place (recursively, up to a depth), and every part it used. */
export function assemble(page: string, text: string, read: PartReader, seen: ReadonlySet<string> = new Set([page]), depth = 0): { text: string; parts: string[] } {
  if (!mayInclude(text)) return { text, parts: [] };
  const parts: string[] = [];
  const inline = (path: string | null, written: string): string => {
    if (path === null) {
      tellOnce(`${page}: ${written.trim()} names no file inside the spec's folder; left as written.`);
      return written;
    }
    if (seen.has(path) || depth >= MAX_DEPTH) {
      tellOnce(`${page}: ${written.trim()} includes ${path} again (a loop); left as written.`);
      return written;
    }
    parts.push(path);
    const inner = assemble(path, read(path) ?? '', read, new Set([...seen, path]), depth + 1);
    parts.push(...inner.parts);
    return inner.text.replace(/\n$/, '');
  };
  const imports = new Map<string, string | null>();
  // Outside code blocks only: an example of an include is shown, not included.
  let out = outsideFences(text, (chunk) =>
    chunk
      .replace(LIQUID, (written, kind: string, arg: string) => inline(target(page, kind as 'include' | 'include_relative', arg, read), written))
      .replace(MDX_IMPORT, (_line, name: string, arg: string) => {
        imports.set(name, target(page, 'import', arg, read));
        return '';
      }),
  );
  for (const [name, path] of imports) {
    out = outsideFences(out, (chunk) => chunk.replace(new RegExp(`<${name}\\s*/>`, 'g'), (written) => inline(path, written)));
  }
  return { text: out, parts: [...new Set(parts)] };
}

/** `edit` applied to the text outside fenced code blocks. */
function outsideFences(text: string, edit: (chunk: string) => string): string {
  const lines = text.split('\n');
  const out: string[] = [];
  let chunk: string[] = [];
  let fence: string | null = null;
  const flush = () => {
    if (chunk.length) out.push(edit(chunk.join('\n')));
    chunk = [];
  };
  for (const line of lines) {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === null && marker) {
      flush();
      fence = marker;
      out.push(line);
    } else if (fence !== null) {
      out.push(line);
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = null;
    } else chunk.push(line);
  }
  flush();
  return out.join('\n');
}
