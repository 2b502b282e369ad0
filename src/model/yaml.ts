import { Alias, isAlias, isMap, isPair, isScalar, isSeq, parseAllDocuments, type Document, type Node } from 'yaml';
import { MAX_JSON_DEPTH, tooDeep } from './nesting.ts';

/**
 * YAML read as JSON is (nesting.ts): every place that reads YAML (a schema written in YAML,
 * a page's front matter, the site's) reads it here, under two caps, with one sentence each.
 *
 * - Nesting: at most MAX_JSON_DEPTH levels, the same cap and the same sentence as a JSON
 *   schema. The YAML parser recurses per level and overflows the stack near 800 nested
 *   flow collections, so the depth is found by a scan of the text before it parses.
 * - Aliases: an alias stands for a copy of its anchor, so a few lines of `*a` can stand
 *   for gigabytes (the "billion laughs"). The size the document expands to is added up
 *   over its tree (each anchor's size counted once, by reference) before anything is
 *   copied, and a document over MAX_YAML_EXPANSION characters is refused.
 */

/** What a document may expand to, in characters of its values: a schema file's cap (20 MB). */
const MAX_YAML_EXPANSION = 20 * 1024 * 1024;

type YamlReading =
  | { ok: true; value: unknown; documents: number }
  | { ok: false; problem: string; documents: number; /** A syntax error of the parser, not a cap. */ syntax: boolean };

/**
 * The value of a YAML text holding one document (`documents` says how many it held), or the
 * problem in a phrase that follows `label` ("… nests deeper than 1000 levels (line 3)").
 */
export function readYaml(text: string, label: string): YamlReading {
  const deep = yamlTooDeepAt(text, MAX_JSON_DEPTH);
  if (deep !== -1) return { ok: false, problem: `${tooDeep(label, MAX_JSON_DEPTH)} (line ${lineOf(text, deep)})`, documents: 1, syntax: false };
  const documents = parseAllDocuments(text);
  const list = Array.isArray(documents) ? documents : [];
  if (list.length !== 1) return { ok: false, problem: `${label} holds ${list.length} YAML documents`, documents: list.length, syntax: false };
  const document = list[0]!;
  const error = document.errors[0];
  if (error) return { ok: false, problem: `${label} is not valid YAML (line ${error.linePos?.[0]?.line ?? '?'}: ${error.message.split('\n')[0]})`, documents: 1, syntax: true };
  const expansion = expandedSize(document);
  if (expansion === 'cycle') return { ok: false, problem: `${label} has an alias inside the node it names, which would never end`, documents: 1, syntax: false };
  if (expansion.depth > MAX_JSON_DEPTH) return { ok: false, problem: `${tooDeep(label, MAX_JSON_DEPTH)} once its aliases are expanded`, documents: 1, syntax: false };
  if (expansion.size > MAX_YAML_EXPANSION) {
    return { ok: false, problem: `${label} expands its aliases to more than ${MAX_YAML_EXPANSION / 1024 / 1024} MB of values (the most a document may hold)`, documents: 1, syntax: false };
  }
  try {
    // Past the caps above, the library's own alias check stays on as a second guard.
    return { ok: true, value: document.toJS({ maxAliasCount: 10_000 }), documents: 1 };
  } catch (caught) {
    return { ok: false, problem: `${label} cannot be read as YAML (${(caught as Error).message})`, documents: 1, syntax: false };
  }
}

interface Expansion {
  size: number;
  depth: number;
}

/**
 * The characters a document's values add up to with every alias expanded, and how deep it
 * then nests; 'cycle' for an alias to a node that holds it. Each node is measured once
 * (aliases share their anchor's measure), so this costs one walk of the written tree.
 */
function expandedSize(document: Document): Expansion | 'cycle' {
  const measured = new Map<Node, Expansion>();
  const open = new Set<Node>();
  const measure = (node: unknown): Expansion | 'cycle' => {
    if (node === null || node === undefined) return { size: 1, depth: 0 };
    if (isAlias(node)) {
      const target = (node as Alias).resolve(document);
      if (!target) return { size: 1, depth: 0 };
      if (open.has(target)) return 'cycle';
      return measure(target);
    }
    if (isScalar(node)) return { size: String(node.value).length + 1, depth: 0 };
    const known = measured.get(node as Node);
    if (known) return known;
    const children: unknown[] = isMap(node) ? node.items.flatMap((pair) => (isPair(pair) ? [pair.key, pair.value] : [pair])) : isSeq(node) ? node.items : [];
    open.add(node as Node);
    let size = 1;
    let depth = 0;
    for (const child of children) {
      const inner = measure(child);
      if (inner === 'cycle') return 'cycle';
      size += inner.size;
      depth = Math.max(depth, inner.depth);
      // Past the caps the answer is known: stop adding (the sum could pass what a number holds exactly).
      if (size > MAX_YAML_EXPANSION) break;
    }
    open.delete(node as Node);
    const result = { size, depth: depth + 1 };
    measured.set(node as Node, result);
    return result;
  };
  return measure(document.contents);
}

/**
 * The offset at which YAML first nests deeper than `max`, or -1: flow collections (`[`,
 * `{`) counted as JSON's are, block collections by the indentation levels open above a
 * line plus the `- ` and `? ` markers it opens with. It may count a level more than the
 * parser would (it reads no scalars across lines), never fewer.
 */
export function yamlTooDeepAt(text: string, max: number): number {
  const indents: number[] = [];
  let flow = 0;
  let at = 0;
  for (const line of text.split('\n')) {
    const start = at;
    at += line.length + 1;
    const content = /^( *)((?:[-?](?: +|$))*)/.exec(line)!;
    const rest = line.slice(content[0].length);
    if (flow === 0) {
      if (rest.trim() === '' || rest.trimStart().startsWith('#')) continue;
      const indent = content[1]!.length;
      while (indents.length > 0 && indents[indents.length - 1]! >= indent) indents.pop();
      indents.push(indent);
      const markers = (content[2]!.match(/[-?]/g) ?? []).length;
      if (indents.length + markers > max) return start;
    }
    for (let i = content[0].length; i < line.length; i++) {
      const ch = line[i];
      if (ch === '"' || ch === "'") {
        // A quoted scalar on this line: skipped (YAML doubles a single quote to escape it).
        for (i++; i < line.length && line[i] !== ch; i++) if (ch === '"' && line[i] === '\\') i++;
      } else if (ch === '#' && (i === 0 || line[i - 1] === ' ')) {
        break;
      } else if (ch === '[' || ch === '{') {
        flow += 1;
        if (indents.length + flow > max) return start + i;
      } else if (ch === ']' || ch === '}') {
        flow = Math.max(0, flow - 1);
      }
    }
  }
  return -1;
}

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line += 1;
  return line;
}
