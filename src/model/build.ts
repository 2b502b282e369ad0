import GithubSlugger from 'github-slugger';
import type { Block, TableRow } from './markdown.ts';
import { parseMarkdown } from './markdown.ts';
import type { Capability, CodeBlock, ErrorCode, Field, MessageShape, NamedEntry, ProseBlock, Rule, Section, SpecDocument, Subhead, Term } from './document.ts';
import { inSection } from './document.ts';
import type { Diagnostic } from './diagnostic.ts';
import { isJsonLang, parseJsonExample } from './json.ts';
import { classifyMessage, fieldPaths } from './messages.ts';
import { actorsIn, beforeFirstKeyword, keywordsIn, sentences, strongest } from './rules.ts';
import { isSchemaLike, schemaExampleFields, schemaTypeOf } from './schema-like.ts';
import { isIdentifierLike, isJsonRpcErrorCode } from './terms.ts';
import { rangeBoundOffsets } from './code-ranges.ts';
import { cellNames, errorCodeColumns, fieldColumns, namedEntryColumns, nameOfCell, requirednessOf } from './field-tables.ts';
import { keywordCaseDeclared, type KeywordCase, type ParseOptions } from './keyword-case.ts';
import { sectionLabel } from './section-label.ts';
import { describesExample, isAssertion, isNote, opensAsExample, retires } from './cue-words.ts';
import { statements, type Statement } from './statements.ts';
import { foldLabels } from './labels.ts';
import { isTypeScriptLang, mayDeclareTypes, readTypeDeclarations, type TypeChunk } from './typescript.ts';
import { cachedParties, type Parties } from './parties.ts';
import { isObject } from '../core/objects.ts';
import { declaredCapabilities } from './capabilities.ts';

/** Reads one spec page (Markdown or MDX) into a SpecDocument. Never throws on content. */
export function buildDocument(source: string, options: ParseOptions = {}): SpecDocument {
  const parsed = parseMarkdown(source);
  const keywordCase = options.keywordCase ?? keywordCaseDeclared(source);
  foldLabels(parsed.blocks, (text) => keywordsIn(text, keywordCase).length > 0);
  const builder = new DocumentBuilder(parsed.title, parsed.diagnostics, keywordCase, cachedParties(source));
  for (const block of parsed.blocks) builder.add(block);
  return builder.finish(source.split('\n').length);
}

class DocumentBuilder {
  private readonly sections: Section[] = [];
  /** The first section with each id (ids repeat only when headings do; tables look theirs up). */
  private readonly sectionById = new Map<string, Section>();
  private readonly stack: Section[] = [];
  private readonly slugger = new GithubSlugger();
  private readonly prose: ProseBlock[] = [];
  private readonly rules: Rule[] = [];
  private readonly codeBlocks: CodeBlock[] = [];
  private readonly messages: MessageShape[] = [];
  private readonly fields: Field[] = [];
  private readonly tables: { block: Extract<Block, { type: 'table' }>; sectionId: string }[] = [];
  private readonly capabilities: Capability[] = [];
  private readonly errorCodes: ErrorCode[] = [];
  private readonly entries: NamedEntry[] = [];
  private readonly subheads: Subhead[] = [];
  private readonly terms = new Map<string, Term>();
  /** TypeScript blocks that may declare types, read together at the end (a block may use a name another declares). */
  private readonly typeChunks: TypeChunk[] = [];
  /** The last message in the current section: a reply that follows it answers it. */
  private lastCall: MessageShape | null = null;

  constructor(
    private readonly title: string | null,
    private readonly diagnostics: Diagnostic[],
    private readonly keywordCase: KeywordCase,
    /** The parties the document's rules can bind (parties.ts). */
    private readonly parties: Parties,
  ) {
    const root: Section = { id: '', heading: title ?? '(top)', depth: 1, path: [], anchor: '', lines: { start: 1, end: 1 }, parentId: null };
    this.sections.push(root);
    this.sectionById.set(root.id, root);
    this.stack.push(root);
  }

  private get section(): Section {
    return this.stack.at(-1)!;
  }

  private keywords(text: string) {
    return keywordsIn(text, this.keywordCase);
  }

  private beforeKeyword(text: string) {
    return beforeFirstKeyword(text, this.keywordCase);
  }

  /** The parties a sentence binds (the words before its first keyword), as a rule records them. */
  private actorsOf(sentence: string): { actor: string | null; actors: string[] } {
    const actors = actorsIn(this.beforeKeyword(sentence), this.parties);
    return { actor: actors[0] ?? null, actors };
  }

  /** The parties the first of these sentences to name any names (a statement's own subject first). */
  private partiesOf(subjectSentences: readonly string[]): string[] {
    for (const sentence of subjectSentences) {
      const actors = actorsIn(this.beforeKeyword(sentence), this.parties);
      if (actors.length) return actors;
    }
    return [];
  }

  add(block: Block): void {
    switch (block.type) {
      case 'heading': return this.addHeading(block.depth, block.text, block.line, block.linksTo);
      case 'text': return this.addText(block);
      case 'code': return this.addCode(block);
      case 'table': return this.addTable(block);
    }
  }

  private addHeading(depth: number, text: string, line: number, linksTo?: string): void {
    while (this.stack.length > 1 && this.stack.at(-1)!.depth >= depth) this.stack.pop();
    const parent = this.stack.at(-1)!;
    const anchor = this.slugger.slug(text);
    const section: Section = {
      id: parent.id ? `${parent.id}/${anchor}` : anchor,
      heading: text,
      depth,
      path: [...parent.path, text],
      anchor,
      lines: { start: line, end: line },
      parentId: parent.id,
      ...(linksTo ? { linksTo } : {}),
    };
    this.sections.push(section);
    if (!this.sectionById.has(section.id)) this.sectionById.set(section.id, section);
    this.stack.push(section);
    this.lastCall = null;
  }

  private addText(block: Extract<Block, { type: 'text' }>): void {
    this.noteTerms(block.codeSpans, block.line);
    if (block.label && block.emphasized) this.subheads.push({ text: block.text.replace(/:\s*$/, '').trim(), line: block.line, sectionId: this.section.id });
    // Definitions are fields of their section, not prose: what each says is its description, its duties its rules.
    if (block.definitions) {
      for (const d of block.definitions) this.addListField(d.term, null, null, d.definition, d.line);
      return;
    }
    // "method: 'x/y'" in the list a request or notification is described by names the JSON-RPC method.
    const method = block.listItem ? /^method\s*:\s*['"`]([^'"`\s]+)['"`]\s*$/i.exec(block.text)?.[1] : undefined;
    if (method !== undefined) {
      const envelope = /\bnotification\b/i.test(block.leadIn ?? '') ? 'notification' : 'request';
      this.messages.push({ envelope, method, key: method, fieldPaths: [], container: null, errorCode: null, line: block.line, sectionId: this.section.id, json: null });
      return;
    }
    const listed = block.listItem ? fieldItem(block.text) : null;
    if (listed) {
      this.addListField(listed.name, listed.type, listed.required, listed.description, block.line);
      return;
    }
    // A list of retired codes ("Implementations MUST NOT emit these codes:") names them to leave them alone.
    if (!retires(block.text) && !(block.listItem && block.leadIn && retires(block.leadIn))) this.noteErrorCodesInText(block.text, block.line);
    const leadInKeywords = block.leadIn ? this.keywords(block.leadIn) : [];
    const leadInActors = block.leadIn ? actorsIn(leadInKeywords.length ? this.beforeKeyword(block.leadIn) : block.leadIn, this.parties) : [];
    const proseParts: string[] = [];
    const parts = block.listItem ? [block.text] : sentences(block.text);
    const last = parts.at(-1);
    // "Clients MUST:" before a list is not a rule of its own: each item is.
    const introducesList = block.introducesList === true && last !== undefined && /:\s*$/.test(last) && this.keywords(last).length > 0;
    // A keyword in the words of a link into the spec cites a rule stated where the link points; it binds nothing here.
    // A note ("Note: …") read in a spec whose keywords may be lower case binds only by its capitals:
    // its lower-case "may" and "should" are the note's English, not the spec's keywords.
    const ownKeywords = (text: string) => (isNote(block.text) ? keywordsIn(withoutCitations(text, block.citations), 'uppercase') : this.keywords(withoutCitations(text, block.citations)));
    const read: Statement[] = block.listItem
      ? [{ text: block.text, keywords: ownKeywords(block.text), subjectSentences: [block.text], leadIn: null, example: null }]
      : statements(introducesList ? parts.slice(0, -1) : parts, ownKeywords);
    for (const statement of read) {
      // Bullets under "Examples:" illustrate: their keywords show a case, they bind nothing of their
      // own; an algorithm's "Assert:" step states what holds, not what anyone must do; a sentence
      // about an example shown says why it reads so.
      if ((block.listItem && block.leadIn !== null && opensAsExample(block.leadIn)) || isAssertion(statement.text) || describesExample(statement.text)) {
        proseParts.push(statement.text);
        continue;
      }
      const own = statement.keywords;
      // A list item without a keyword inherits the lead-in's ("Clients MUST:" → each item).
      const keywords = own.length ? own : block.listItem ? leadInKeywords : [];
      if (keywords.length === 0) {
        proseParts.push(statement.text);
        continue;
      }
      const ownActors = own.length ? this.partiesOf(statement.subjectSentences) : [];
      const actors = ownActors.length ? ownActors : leadInActors;
      // A bullet that names its own subject ("**Enabled**: If the gadget is off, the reading MUST be dropped") inherits nothing, but its list still has a lead-in.
      const leadIn = statement.leadIn ?? (own.length && /[\p{L}\p{N}]/u.test(this.beforeKeyword(statement.text)) ? null : block.leadIn);
      this.rules.push({
        text: statement.text,
        keyword: strongest(keywords),
        keywords,
        actor: actors[0] ?? null,
        actors,
        line: block.line,
        sectionId: this.section.id,
        // A bullet that starts with its keyword ("MUST NOT be empty") takes its subject from the lead-in.
        leadIn,
        ...(leadIn === null && block.listItem && block.leadIn ? { listLeadIn: block.leadIn } : {}),
        ...(statement.example !== null ? { example: statement.example } : {}),
      });
    }
    // A label is part of the block it introduces (labels.ts); that block's prose carries it as its title.
    const joined = proseParts.join(' ').trim();
    const prose = joined && block.title ? `${block.title}: ${joined}` : joined;
    if (prose && !block.caption && !block.label) this.prose.push({ text: prose, line: block.line, sectionId: this.section.id });
  }

  private addListField(name: string, type: string | null, required: boolean | null, description: string, line: number): void {
    const section = this.section;
    this.fields.push({ owner: sectionLabel(this.sections, section), path: name, name, type, required, options: [], description: description || null, origin: 'list', line, sectionId: section.id });
    if (description) this.addFieldRules(name, description, line, section.id);
  }

  private addCode(block: Extract<Block, { type: 'code' }>): void {
    const code: CodeBlock = {
      lang: block.lang,
      value: block.value,
      line: block.line,
      bodyLine: block.bodyLine,
      sectionId: this.section.id,
      caption: block.caption,
      captionTerms: block.captionSpans.filter(isIdentifierLike),
    };
    this.codeBlocks.push(code);
    if (isTypeScriptLang(block.lang) && mayDeclareTypes(block.value)) {
      this.typeChunks.push({ text: block.value, line: block.bodyLine ?? block.line + 1, sectionId: this.section.id });
      return;
    }
    if (!isJsonLang(block.lang)) return;
    const values = parseJsonExample(block.value, block, this.diagnostics);
    if (values === undefined) {
      code.unreadableMethods = [...block.value.matchAll(/"method"\s*:\s*"([^"]+)"/g)].map((m) => m[1]!);
      return;
    }
    code.json = values.length === 1 ? values[0] : values;
    for (const json of values) this.readJsonExample(code, json);
  }

  private readJsonExample(code: CodeBlock, json: unknown): void {
    const classified = classifyMessage(json);
    let message: MessageShape | null = null;
    if (classified) {
      const answers = classified.envelope === 'result' || classified.envelope === 'error' ? this.lastCall : null;
      const method = classified.method ?? answers?.method ?? null;
      if (method !== null || classified.envelope === 'error') {
        const key = classified.envelope === 'result' ? `${method} result` : classified.envelope === 'error' ? `error ${classified.errorCode ?? '?'}` : method!;
        message = this.addMessage(code, json, classified.envelope, method, key, classified.bodyKey, classified.body, classified.errorCode);
      }
    } else if (isObject(json) && this.lastCall && (this.lastCall.envelope === 'bare-call' || this.lastCall.envelope === 'request') && !isSchemaLike(json)) {
      // An unframed object right after a call, in the same section, is that call's reply.
      message = this.addMessage(code, json, 'bare-result', this.lastCall.method, `${this.lastCall.method} result`, 'result', json, null);
    }
    if (classified?.errorCode != null) this.addErrorCode(classified.errorCode, null, code.line);
    if (message && (message.envelope === 'request' || message.envelope === 'bare-call' || message.envelope === 'notification')) this.lastCall = message;
    if (!message && isSchemaLike(json)) this.addSchemaExample(code, json);
    // Capabilities are located relative to the message body, so `params.capabilities` in an
    // initialize request and a bare `capabilities` snippet name the same place.
    for (const capability of declaredCapabilities(classified?.body ?? json)) this.capabilities.push({ ...capability, line: code.line, sectionId: this.section.id });
  }

  private addMessage(
    code: CodeBlock, json: unknown, envelope: MessageShape['envelope'], method: string | null, key: string,
    bodyKey: 'params' | 'result' | 'error', body: Record<string, unknown> | null, errorCode: number | null,
  ): MessageShape {
    const message: MessageShape = {
      envelope, method, key, errorCode, json,
      fieldPaths: body ? fieldPaths(bodyKey, body) : [],
      container: code.captionTerms.find((term) => term !== method) ?? null,
      line: code.line,
      sectionId: this.section.id,
    };
    this.messages.push(message);
    if (envelope !== 'error') {
      for (const path of message.fieldPaths) {
        this.fields.push({ owner: key, path, name: path.split('.').at(-1)!.replace(/\[\]$/, ''), type: null, required: null, options: [], description: null, origin: 'message', line: code.line, sectionId: this.section.id });
      }
    }
    return message;
  }

  private addSchemaExample(code: CodeBlock, schema: Record<string, unknown>): void {
    const owner = cleanCaption(code.caption) ?? `${this.section.heading} (${schemaTypeOf(schema)} schema)`;
    for (const field of schemaExampleFields(schema)) {
      this.fields.push({ owner, path: field.path, name: field.name, type: field.type, required: field.required, options: field.options, description: null, origin: 'schema-example', line: code.line, sectionId: this.section.id });
    }
  }

  private addTable(block: Extract<Block, { type: 'table' }>): void {
    for (const row of block.rows) for (const spans of row.spans) this.noteTerms(spans, row.line);
    this.tables.push({ block, sectionId: this.section.id });
  }

  private noteTerms(spans: readonly string[], line: number): void {
    for (const span of spans) {
      if (!isIdentifierLike(span)) continue;
      const term = this.terms.get(span);
      if (term) term.count += 1;
      else this.terms.set(span, { token: span, line, sectionId: this.section.id, count: 1 });
    }
  }

  /**
   * Codes in code spans; the ends of a range ("`-32768` to `-32000`") are a range, not codes
   * (code-ranges.ts). A code's name stands beside it: "`-32099` (Widget jammed)", or a
   * type name in code with nothing but a bracket between ("`Gone` (`-32012`)", "`Gone` `-32012`").
   */
  private noteErrorCodesInText(text: string, line: number): void {
    const spans = [...text.matchAll(/`([^`]+)`/g)].map((m) => ({ value: m[1]!, start: m.index, end: m.index + m[0].length }));
    if (!spans.some((span) => isJsonRpcErrorCode(span.value))) return;
    const bounds = rangeBoundOffsets(text);
    for (const span of spans) {
      if (!isJsonRpcErrorCode(span.value) || bounds.has(span.start)) continue;
      // "`-32099` (Widget jammed)" names the code; "`-32099` (see below)" only points elsewhere.
      const after = /^\s*\(([^)]+)\)/.exec(text.slice(span.end))?.[1]?.replace(/`/g, '').trim();
      const own = after !== undefined && (/^\p{Lu}/u.test(after) || isIdentifierLike(after)) ? after : undefined;
      const beside = spans.find((s) => isIdentifierLike(s.value) && /^[A-Z]/.test(s.value) && sideBySide(text, s, span));
      this.addErrorCode(Number(span.value), own ?? beside?.value ?? null, line);
    }
  }

  private addErrorCode(code: number, name: string | null, line: number): void {
    const known = this.errorCodes.find((e) => e.code === code);
    if (known) known.name ??= name;
    else this.errorCodes.push({ code, name, line, sectionId: this.section.id });
  }

  finish(lineCount: number): SpecDocument {
    this.closeSections(lineCount);
    for (const { block, sectionId } of this.tables) this.readTable(block, sectionId);
    const types = this.typeChunks.length > 0 ? readTypeDeclarations(this.typeChunks) : null;
    if (types) this.diagnostics.push(...types.diagnostics);
    return {
      title: this.title,
      sections: this.sections,
      prose: this.prose,
      rules: this.rules,
      codeBlocks: this.codeBlocks,
      messages: this.messages,
      fields: mergeFields(this.fields),
      capabilities: this.capabilities,
      errorCodes: this.errorCodes,
      terms: [...this.terms.values()],
      ...(this.entries.length ? { entries: this.entries } : {}),
      ...(this.subheads.length ? { subheads: this.subheads } : {}),
      ...(types ? { types } : {}),
      diagnostics: this.diagnostics.sort((a, b) => (a.line ?? 0) - (b.line ?? 0)),
    };
  }

  /** A section ends where the next section at its depth or above starts (one pass with a stack of open sections). */
  private closeSections(lineCount: number): void {
    const open: Section[] = [];
    for (const section of this.sections.slice(1)) {
      while (open.length > 0 && open.at(-1)!.depth >= section.depth) open.pop()!.lines.end = section.lines.start - 1;
      open.push(section);
    }
    for (const section of open) section.lines.end = lineCount;
    this.sections[0]!.lines.end = lineCount;
  }

  /**
   * Field tables (field-tables.ts tells them by structure). A row's field belongs to a
   * message when a message shown in the same part of the page (this section, below it, or
   * its parent) carries a field of that name; otherwise to the section, named by its path
   * when its heading repeats (`Info Object › Fixed Fields`). RFC 2119 sentences in a row's
   * description are rules of that field. Tables of codes give error codes.
   */
  private readTable(block: Extract<Block, { type: 'table' }>, sectionId: string): void {
    const section = this.sectionById.get(sectionId)!;
    if (this.readErrorCodeTable(block, section)) return;
    const columns = fieldColumns(block.header, block.rows);
    if (!columns) {
      this.readNamedEntries(block, section);
      return;
    }
    const owner = sectionLabel(this.sections, section);
    const nearby = this.messages.filter((m) => inSection(m.sectionId, sectionId) || m.sectionId === section.parentId);
    const leadInRequired = block.leadIn ? this.keywords(block.leadIn).some((k) => k === 'MUST' || k === 'REQUIRED' || k === 'SHALL') : false;
    for (const row of block.rows) {
      // A row naming several keys ("`a`, `b`, `c` | …") is a row for each; they share the rest.
      const names = cellNames(row, columns.name);
      if (names.length === 0) continue;
      const description = columns.description >= 0 ? row.cells[columns.description] ?? null : null;
      for (const name of names) {
        const hostPath = nearby.flatMap((m) => m.fieldPaths.filter((p) => p.endsWith(`.${name}`) && p.split('.').length === 2).map((p) => [m.key, p] as const))[0];
        this.fields.push({
          owner: hostPath ? hostPath[0] : owner,
          path: hostPath ? hostPath[1] : name,
          name,
          type: columns.type >= 0 ? row.cells[columns.type] || null : null,
          required: requirednessOf(row, columns, leadInRequired),
          options: columns.options >= 0 ? (row.spans[columns.options] ?? []) : [],
          description,
          origin: 'table',
          line: row.line,
          sectionId,
        });
      }
      // The row's sentences bind all its keys: one rule, naming them all.
      if (description) this.addFieldRules(names.join(', '), description, row.line, sectionId);
    }
  }

  /** A table whose first column names what it defines (field-tables.ts `namedEntryColumns`): an entry per row, its sentences its rules. */
  private readNamedEntries(block: Extract<Block, { type: 'table' }>, section: Section): void {
    const columns = namedEntryColumns(block.header, block.rows);
    if (!columns) {
      this.readDataRows(block, section);
      return;
    }
    const table = sectionLabel(this.sections, section);
    const what = block.header[columns.name]!.replace(/[`*]/g, '').trim();
    for (const row of block.rows) {
      const name = nameOfCell(row, columns.name)!;
      const values: Record<string, string> = {};
      block.header.forEach((header, i) => {
        if (i !== columns.name && i !== columns.description) values[header || `column ${i + 1}`] = row.cells[i] ?? '';
      });
      const description = row.cells[columns.description] ?? null;
      this.entries.push({ what, name, table, values, description, line: row.line, sectionId: section.id });
      if (description) this.addFieldRules(name, description, row.line, section.id);
    }
  }

  /**
   * A table of data or examples defines nothing, but its rows are still text a reader reads:
   * each row is a passage ("alpha | 71"), so a changed value or a new row is a change of wording,
   * never silence.
   */
  private readDataRows(block: Extract<Block, { type: 'table' }>, section: Section): void {
    for (const row of block.rows) {
      const text = row.cells.map((cell) => cell.trim()).join(' | ');
      if (/[\p{L}\p{N}]/u.test(text)) this.prose.push({ text, line: row.line, sectionId: section.id, tableRow: true, table: { line: block.line, header: block.headerAsWritten.map((h) => h.trim()) } });
    }
  }

  /** "The array SHOULD NOT be empty" in a field's row is a rule of that field; a bare "REQUIRED." is its requiredness. */
  private addFieldRules(name: string, description: string, line: number, sectionId: string): void {
    for (const sentence of sentences(description)) {
      const keywords = this.keywords(sentence);
      if (keywords.length === 0 || /^[\W_]*(?:[A-Z]+[\s\W_]*)+$/.test(sentence)) continue;
      this.rules.push({
        text: `${name}: ${sentence}`,
        keyword: strongest(keywords),
        keywords,
        ...this.actorsOf(sentence),
        line,
        sectionId,
        leadIn: null,
      });
    }
  }

  /** True when the table lists error codes (its rows are codes, not fields). */
  private readErrorCodeTable(block: Extract<Block, { type: 'table' }>, section: Section): boolean {
    const columns = errorCodeColumns(block.header, block.rows);
    if (!columns) return false;
    for (const row of block.rows) {
      const code = Number((row.cells[columns.code] ?? '').replace(/`/g, ''));
      const name = columns.name >= 0 ? cellName(row, columns.name) : null;
      const known = this.errorCodes.find((e) => e.code === code);
      if (known) known.name ??= name;
      else this.errorCodes.push({ code, name, line: row.line, sectionId: section.id });
    }
    return true;
  }
}

/** What a field's parenthesis says about it: a type, or whether it is required. */
const FIELD_FACTS = /\b(?:required|optional|mandatory|string|str|integer|int|int32|int64|uint\d*|number|float|double|decimal|boolean|bool|object|array|list|map|dict|uri|url|timestamp|date|datetime|binary|bytes|any|enum|null)\b/i;

/**
 * A bullet that defines a field: its name (in code, or one word), then in brackets its type
 * and/or whether it is required, then what it is: "`name` (string, required): …", "id
 * (integer) — …". Null for any other item.
 */
function fieldItem(text: string): { name: string; type: string | null; required: boolean | null; description: string } | null {
  const match = /^(?:`([^`]{1,64})`|\{?([\p{L}_$@][\p{L}\p{N}_$@.\-[\]]{0,63})\}?)\s*\(([^()]{1,80})\)\s*(?:[:—–]|-\s|$)\s*(.*)$/u.exec(text);
  if (!match) return null;
  const facts = match[3]!;
  // A type in code is a type's name (`Widget`, `string[]`), not a value or a member (`action: "accept"`).
  if (/["':=]/.test(facts) || (!FIELD_FACTS.test(facts) && !/^`[A-Za-z_$][\w$.<>[\]|]*`$/.test(facts.trim()))) return null;
  const parts = facts.split(/\s*[,;]\s*/).map((p) => p.trim()).filter(Boolean);
  const requiredness = parts.find((p) => /^(?:required|optional|mandatory)$/i.test(p));
  const type = parts.filter((p) => p !== requiredness).join(', ').replace(/`/g, '') || null;
  return { name: (match[1] ?? match[2])!, type, required: requiredness ? !/^optional$/i.test(requiredness) : null, description: match[4]!.trim() };
}

/** Two spans of a text stand side by side: nothing but spaces and brackets between them (a comma would start a list's next item). */
function sideBySide(text: string, a: { start: number; end: number }, b: { start: number; end: number }): boolean {
  const between = a.end <= b.start ? text.slice(a.end, b.start) : text.slice(b.end, a.start);
  return between.length <= 3 && /^[\s()]*$/.test(between);
}

function cellName(row: TableRow, at: number): string | null {
  return row.spans[at]?.[0] ?? row.cells[at]?.trim() ?? null;
}

function cleanCaption(caption: string | null): string | null {
  if (!caption) return null;
  const text = caption.replace(/[*_`]/g, '').replace(/:\s*$/, '').trim();
  return text.length > 0 && text.length <= 80 ? text : null;
}

/** One field per owner and path: a table row and an example showing the same field merge, the table's facts winning. */
function mergeFields(fields: Field[]): Field[] {
  const merged = new Map<string, Field>();
  for (const field of fields) {
    const key = `${field.owner}\u0000${field.path}`;
    const known = merged.get(key);
    if (!known) {
      merged.set(key, { ...field });
      continue;
    }
    const table = field.origin === 'table' ? field : known.origin === 'table' ? known : null;
    known.required = table?.required ?? known.required ?? field.required;
    known.type = table?.type ?? known.type ?? field.type;
    known.options = [...new Set([...known.options, ...field.options])];
    known.description ??= field.description;
    if (field.origin === 'table') {
      known.origin = 'table';
      known.line = field.line;
    }
  }
  return [...merged.values()];
}

/** The sentence with the words of its links into the spec taken out, each once (a link reading "MUST" leaves the sentence's own MUST). */
function withoutCitations(text: string, citations: readonly string[] | undefined): string {
  return (citations ?? []).reduce((rest, cited) => (cited ? rest.replace(cited, ' ') : rest), text);
}
