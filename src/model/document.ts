import type { Diagnostic } from './diagnostic.ts';
import type { TypeSchema } from './typescript.ts';
import type { Envelope } from '../core/envelopes.ts';

/**
 * The structured reading of one spec page: what the differ aligns and the detector
 * fingerprints. Every element carries the 1-based line it starts on and the id of the
 * section it belongs to.
 */
export interface SpecDocument {
  title: string | null;
  sections: Section[];
  /** Paragraphs and list items that carry no RFC 2119 keyword. */
  prose: ProseBlock[];
  rules: Rule[];
  codeBlocks: CodeBlock[];
  messages: MessageShape[];
  fields: Field[];
  capabilities: Capability[];
  errorCodes: ErrorCode[];
  /** Protocol identifiers named in inline code (types, fields, methods), with where first seen. */
  terms: Term[];
  /**
   * Things a table defines by naming them in its first column (an event, a status, an error
   * code spelled as a word), one per row; absent when the page has no such table.
   */
  entries?: NamedEntry[];
  /**
   * Paragraphs set wholly in bold or italics that head what follows them ("**Limits**"): a
   * heading written as emphasis, which a revision may turn into a heading or make of one;
   * absent when the page has none.
   */
  subheads?: Subhead[];
  /**
   * The TypeScript declarations of the page's TypeScript blocks (`interface`, `type`, `enum`,
   * `namespace`, `export const`), read as JSON Schema (typescript.ts); absent when it has none.
   */
  types?: TypeSchema;
  diagnostics: Diagnostic[];
}

interface LineRange {
  start: number;
  end: number;
}

export interface Section {
  /** Slug path of the heading and its ancestors, unique in the page ("protocol-messages/elicitation-requests"). */
  id: string;
  heading: string;
  depth: number;
  /** Headings from the top of the page down to this one. */
  path: string[];
  anchor: string;
  lines: LineRange;
  parentId: string | null;
  /** The heading is only a link to another page of the spec (an outline's entry): that page. */
  linksTo?: string;
}

/** Whether a section id is `outer` or one of the sections below it (ids are slug paths). */
export function inSection(sectionId: string, outer: string): boolean {
  return sectionId === outer || sectionId.startsWith(`${outer}/`);
}

export interface ProseBlock {
  text: string;
  line: number;
  sectionId: string;
  /** A row of a table of data (cells joined by " | "): text, but only comparable with another such table's rows. */
  tableRow?: true;
  /** A row's table: the line it starts on and its header, so a column added or removed is told as one change. */
  table?: { line: number; header: string[] };
}

export const RFC2119_KEYWORDS = [
  'MUST NOT', 'MUST', 'REQUIRED', 'SHALL NOT', 'SHALL',
  'SHOULD NOT', 'SHOULD', 'NOT RECOMMENDED', 'RECOMMENDED', 'MAY', 'OPTIONAL',
] as const;
export type Rfc2119Keyword = (typeof RFC2119_KEYWORDS)[number];

export interface Rule {
  /** The sentence or list item as plain text (markdown removed, link targets dropped). */
  text: string;
  /** The strongest keyword the rule carries (inherited from a lead-in when the item has none). */
  keyword: Rfc2119Keyword;
  keywords: Rfc2119Keyword[];
  /** The party the rule binds, lower-case plural ("servers", "clients"), or null. */
  actor: string | null;
  /** Every party the rule binds ("Clients and servers MUST" → both), `actor` first; empty when none is named. */
  actors: string[];
  line: number;
  sectionId: string;
  /** The lead-in sentence the rule inherited its keyword or actor from, if any. */
  leadIn: string | null;
  /** A bullet that names its own subject and keyword (so inherits nothing): the sentence that introduced its list. */
  listLeadIn?: string;
  /** The sentences after it that illustrate it ("For example, …"): not part of what it binds. */
  example?: string;
}

export interface CodeBlock {
  lang: string | null;
  value: string;
  line: number;
  /** The page line of the value's first line; null when the value's lines are not page lines (HTML `<pre>`). */
  bodyLine: number | null;
  sectionId: string;
  /** The text introducing the block ("**Request:**", a list item's title), if any. */
  caption: string | null;
  /** Inline code named in the caption, e.g. a container the example is delivered in. */
  captionTerms: string[];
  /** Parsed JSON when the block is JSON/JSONC (tolerant of comments, trailing commas and placeholders); an array of them when the block shows several values in a row. */
  json?: unknown;
  /**
   * Methods a JSON block names although it could not be parsed: the differ must not call
   * them removed or added on the strength of an example it could not read.
   */
  unreadableMethods?: string[];
}

export interface MessageShape {
  /** JSON-RPC framing as shown in an example; `bare-*` are method calls or results shown without it (never `embedded`: only a schema can tell that). */
  envelope: Envelope;
  /** The method; for results, the method of the call they answer (when it can be told). */
  method: string | null;
  /** Results and errors are keyed `<method> result`; calls by the method itself. */
  key: string;
  /** Field paths of params/result/error below the envelope ("params.mode"). */
  fieldPaths: string[];
  /** Where the caption says the message travels (a container term), if it says. */
  container: string | null;
  errorCode: number | null;
  line: number;
  sectionId: string;
  json: unknown;
}

export interface Field {
  /** What the field belongs to: a message key, or the caption/section of a schema-like example or table. */
  owner: string;
  path: string;
  name: string;
  type: string | null;
  required: boolean | null;
  /** Values the field is documented to take (a table's Options column, an enum). */
  options: string[];
  description: string | null;
  /** `list`: a bullet that defines a field (`- name (string, required): …`) or a definition list's term. */
  origin: 'table' | 'message' | 'schema-example' | 'list';
  line: number;
  sectionId: string;
}

export interface Capability {
  name: string;
  /** JSON path of the object the capability is declared in, envelope prefix removed. */
  location: string;
  options: string[];
  line: number;
  sectionId: string;
}

export interface ErrorCode {
  code: number;
  name: string | null;
  line: number;
  sectionId: string;
}

export interface NamedEntry {
  /** What the table defines: its first column's header ("event", "error code"). */
  what: string;
  name: string;
  /** The table's place: its section's label. */
  table: string;
  /** The other cells by their column's header, the describing column apart. */
  values: Record<string, string>;
  description: string | null;
  line: number;
  sectionId: string;
}

export interface Subhead {
  text: string;
  line: number;
  sectionId: string;
}

export interface Term {
  token: string;
  line: number;
  sectionId: string;
  /** How many times the page names it. */
  count: number;
}
