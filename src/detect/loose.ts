/**
 * Object literals out of code that is not JSON: tutorials show JSON-RPC messages as
 * JavaScript/TypeScript objects (unquoted keys, single quotes, variables as values, trailing
 * commas, spreads, shorthand properties) or Python dicts (`True`, `None`). This reads them
 * tolerantly into plain values: an expression it cannot evaluate becomes `null`, so the
 * object's *shape* (its keys and literal values) survives. Browser-safe, no dependencies.
 */

interface LooseObject {
  value: Record<string, unknown>;
  /** Offsets of the literal in the code. */
  start: number;
  end: number;
}

/**
 * Every outermost object literal in a piece of code (a `{` that opens a literal rather than
 * a block is told by trying to read it: a block does not read as `key: value` pairs).
 */
export function looseObjects(code: string, limit = 200): LooseObject[] {
  const found: LooseObject[] = [];
  // Failed attempts can read far ahead (an unclosed brace); all attempts together read at
  // most a few times the code, so no input makes this quadratic.
  let budget = 4 * code.length + 100_000;
  let i = 0;
  while (i < code.length && found.length < limit && budget > 0) {
    // Only quotes, comments and braces matter: the search jumps over everything else in one step.
    SIGNIFICANT.lastIndex = i;
    if (!SIGNIFICANT.test(code)) break;
    i = SIGNIFICANT.lastIndex - 1;
    const ch = code[i]!;
    if (ch === '"' || ch === "'" || ch === '`') {
      i = skipString(code, i);
      continue;
    }
    if (ch === '/' && code[i + 1] === '/') {
      i = lineEnd(code, i);
      continue;
    }
    if (ch === '#' && (i === 0 || /\s/.test(code[i - 1]!))) {
      i = lineEnd(code, i);
      continue;
    }
    if (ch === '{') {
      const parser = new LooseParser(code, i, Math.min(code.length, i + budget));
      const value = parser.object();
      budget -= parser.furthest - i + 1;
      if (value !== FAIL && Object.keys(value).length > 0) {
        found.push({ value, start: i, end: parser.pos });
        i = parser.pos;
        continue;
      }
    }
    i += 1;
  }
  return found;
}

/**
 * The object literal that opens at `at` (a `{`), read within `maxLength` characters, or null: one
 * attempt, never a search onwards (prose tries this at every brace, so each try must stay short).
 */
export function looseObjectAt(code: string, at: number, maxLength: number): LooseObject | null {
  return looseObjectTry(code, at, maxLength).found;
}

/** The same, with how far the attempt read (`readTo`): a caller trying brace after brace skips what a failed attempt read. */
export function looseObjectTry(code: string, at: number, maxLength: number): { found: LooseObject | null; readTo: number } {
  if (code[at] !== '{') return { found: null, readTo: at };
  const parser = new LooseParser(code, at, Math.min(code.length, at + maxLength));
  const value = parser.object();
  const found = value === FAIL || Object.keys(value).length === 0 ? null : { value, start: at, end: parser.pos };
  return { found, readTo: parser.furthest };
}

/** What the outer scan stops at: a string's quote, a comment's start, an object's brace. */
const SIGNIFICANT = /["'`\/#{]/g;

const FAIL = Symbol('fail');
type Result<T> = T | typeof FAIL;

const IDENT = /[A-Za-z_$][\w$]*/y;
const NUMBER = /-?(?:0[xX][\da-fA-F]+|\d[\d_]*(?:\.\d+)?(?:[eE][+-]?\d+)?)/y;

class LooseParser {
  private at: number;
  private depth = 0;
  /** How far any reading went: the cost of this attempt. */
  furthest: number;
  private readonly src: string;

  /** Reads `source` from `start`, never past `end`. */
  constructor(source: string, start: number, end: number) {
    this.src = source.slice(0, end);
    this.at = start;
    this.furthest = start;
  }

  get pos(): number {
    return this.at;
  }

  set pos(value: number) {
    this.at = value;
    if (value > this.furthest) this.furthest = value;
  }

  object(): Result<Record<string, unknown>> {
    if (this.src[this.pos] !== '{' || ++this.depth > 64) return FAIL;
    this.pos += 1;
    const out: Record<string, unknown> = {};
    let pairs = 0;
    for (;;) {
      this.space();
      const ch = this.src[this.pos];
      if (ch === undefined) return FAIL;
      if (ch === '}') {
        this.pos += 1;
        this.depth -= 1;
        return out;
      }
      if (ch === ',') {
        this.pos += 1;
        continue;
      }
      if (this.src.startsWith('...', this.pos) || this.src.startsWith('**', this.pos)) {
        this.pos += ch === '.' ? 3 : 2;
        this.expression();
        continue;
      }
      const key = this.key();
      if (key === FAIL) return FAIL;
      this.space();
      const sep = this.src[this.pos];
      if (sep === ':') {
        this.pos += 1;
        this.space();
        const value = this.value();
        if (value === FAIL) return FAIL;
        out[key] = value;
        pairs += 1;
      } else if ((sep === ',' || sep === '}') && /^[A-Za-z_$][\w$]*$/.test(key)) {
        out[key] = null; // shorthand property: `{ message, requestedSchema }`
        pairs += 1;
      } else if (sep === '(' && pairs >= 0) {
        // a method in an object literal: `foo() { … }` — read over it.
        if (!this.skipBalanced('(', ')')) return FAIL;
        this.space();
        if (this.src[this.pos] === '{' && !this.skipBalanced('{', '}')) return FAIL;
        out[key] = null;
      } else {
        return FAIL;
      }
    }
  }

  private key(): Result<string> {
    const ch = this.src[this.pos];
    if (ch === '"' || ch === "'") return this.string();
    if (ch === '[') {
      // computed key `[name]`: keep the expression's text
      const start = this.pos;
      if (!this.skipBalanced('[', ']')) return FAIL;
      return this.src.slice(start + 1, this.pos - 1).trim().replace(/^["']|["']$/g, '');
    }
    IDENT.lastIndex = this.pos;
    const ident = IDENT.exec(this.src);
    if (ident) {
      this.pos += ident[0].length;
      return ident[0];
    }
    NUMBER.lastIndex = this.pos;
    const num = NUMBER.exec(this.src);
    if (num) {
      this.pos += num[0].length;
      return num[0];
    }
    return FAIL;
  }

  private value(): Result<unknown> {
    const ch = this.src[this.pos];
    if (ch === '{') {
      const start = this.pos;
      const obj = this.object();
      if (obj !== FAIL) return obj;
      this.pos = start; // a block or something else: read it as an expression
      return this.expression();
    }
    if (ch === '[') return this.array();
    if (ch === '"' || ch === "'" || ch === '`') {
      const start = this.pos;
      const s = this.string();
      this.space();
      // `"a" + b`, `'x'.trim()`: an expression that starts with a string
      if (s !== FAIL && !/[,}\]\n]/.test(this.src[this.pos] ?? '}')) {
        this.pos = start;
        return this.expression();
      }
      return s;
    }
    NUMBER.lastIndex = this.pos;
    const num = NUMBER.exec(this.src);
    if (num) {
      const end = this.pos + num[0].length;
      const next = this.src.slice(end).trimStart()[0];
      if (next === undefined || next === ',' || next === '}' || next === ']') {
        this.pos = end;
        return Number(num[0].replace(/_/g, ''));
      }
    }
    IDENT.lastIndex = this.pos;
    const ident = IDENT.exec(this.src);
    if (ident) {
      const word = ident[0];
      const end = this.pos + word.length;
      const next = this.src.slice(end).trimStart()[0];
      if (next === undefined || next === ',' || next === '}' || next === ']') {
        this.pos = end;
        if (word === 'true' || word === 'True') return true;
        if (word === 'false' || word === 'False') return false;
        return null; // null, None, undefined, or a variable
      }
    }
    return this.expression();
  }

  private array(): Result<unknown[]> {
    if (++this.depth > 64) return FAIL;
    this.pos += 1;
    const out: unknown[] = [];
    for (;;) {
      this.space();
      const ch = this.src[this.pos];
      if (ch === undefined) return FAIL;
      if (ch === ']') {
        this.pos += 1;
        this.depth -= 1;
        return out;
      }
      if (ch === ',') {
        this.pos += 1;
        continue;
      }
      if (this.src.startsWith('...', this.pos)) {
        this.pos += 3;
        this.expression();
        continue;
      }
      const value = this.value();
      if (value === FAIL) return FAIL;
      out.push(value);
    }
  }

  /** Any expression up to the next `,`, `}` or `]` at this depth: its value is unknown (null). */
  private expression(): Result<null> {
    const start = this.pos;
    let nest = 0;
    while (this.pos < this.src.length) {
      const ch = this.src[this.pos]!;
      if (ch === '"' || ch === "'" || ch === '`') {
        this.pos = skipString(this.src, this.pos);
        continue;
      }
      if (ch === '(' || ch === '[' || ch === '{') nest += 1;
      else if (ch === ')' || ch === ']' || ch === '}') {
        if (nest === 0) break;
        nest -= 1;
      } else if (ch === ',' && nest === 0) break;
      else if (ch === ';' && nest === 0) return FAIL; // a statement, not an object literal
      this.pos += 1;
    }
    return this.pos > start ? null : FAIL;
  }

  private string(): Result<string> {
    const src = this.src;
    const quote = src[this.pos]!;
    const stops = stopsOf(quote);
    let out = '';
    let i = this.pos + 1;
    // From one escape, quote or line end to the next: the characters between are the string's as they are.
    for (;;) {
      stops.lastIndex = i;
      const m = stops.exec(src);
      if (m === null) return FAIL;
      out += src.slice(i, m.index);
      const ch = m[0];
      if (ch === '\\') {
        const next = src[m.index + 1] ?? '';
        out += next === 'n' ? '\n' : next === 't' ? '\t' : next;
        i = m.index + 2;
        continue;
      }
      if (ch === quote) {
        this.pos = m.index + 1;
        return out;
      }
      return FAIL; // a line end in a string that cannot hold one
    }
  }

  private skipBalanced(open: string, close: string): boolean {
    let nest = 0;
    while (this.pos < this.src.length) {
      const ch = this.src[this.pos]!;
      if (ch === '"' || ch === "'" || ch === '`') {
        this.pos = skipString(this.src, this.pos);
        continue;
      }
      if (ch === open) nest += 1;
      else if (ch === close) {
        nest -= 1;
        if (nest === 0) {
          this.pos += 1;
          return true;
        }
      }
      this.pos += 1;
    }
    return false;
  }

  private space(): void {
    for (;;) {
      const ch = this.src[this.pos];
      if (ch === undefined) return;
      if (WHITE_SPACE.test(ch)) this.pos += 1;
      else if (ch === '/' && this.src[this.pos + 1] === '/') this.pos = lineEnd(this.src, this.pos);
      else if (ch === '/' && this.src[this.pos + 1] === '*') {
        const end = this.src.indexOf('*/', this.pos + 2);
        this.pos = end === -1 ? this.src.length : end + 2;
      } else if (ch === '#') this.pos = lineEnd(this.src, this.pos);
      else return;
    }
  }
}

function skipString(src: string, at: number): number {
  const quote = src[at]!;
  const stops = stopsOf(quote);
  let i = at + 1;
  for (;;) {
    stops.lastIndex = i;
    const m = stops.exec(src);
    if (m === null) return i >= src.length ? i : src.length;
    if (m[0] === '\\') i = m.index + 2;
    else if (m[0] === quote) return m.index + 1;
    else return m.index; // a line end in a string that cannot hold one
  }
}

/** Where a string of each quote can stop: an escape, its quote, a line end (a template literal holds line ends). */
const STOPS: Record<string, RegExp> = { '"': /["\\\n]/g, "'": /['\\\n]/g, '`': /[`\\]/g };
function stopsOf(quote: string): RegExp {
  return STOPS[quote]!;
}

/** Module-level, not a literal in space(): a literal is a new RegExp object each time, and space() reads an example's indentation a character at a time. */
const WHITE_SPACE = /\s/;

function lineEnd(src: string, at: number): number {
  const end = src.indexOf('\n', at);
  return end === -1 ? src.length : end;
}
