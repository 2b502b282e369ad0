import { FRAMINGS, framingLabel, framingOf, type Framing } from '../core/envelopes.ts';
import type { Change } from '../records/change.ts';
import { diffPageTexts } from '../diff/index.ts';
import { parsePage } from '../model/index.ts';
import { isIdentifierLike, isJsonRpcErrorCode } from '../model/terms.ts';
import { analyzeSchema, diffSchemaTexts, parseSchemaText, type SchemaAnalysis, type SchemaDefinition, type SchemaModel } from '../schema/index.ts';
import { FINGERPRINT_FORMAT, type FingerprintData, type FingerprintRevision, type Marker, type MarkerKind, type MarkerRecord } from './fingerprints.ts';
import { judgePage } from '../revision/informative.ts';
import { diagramNames, isSequenceDiagram } from './diagrams.ts';
import { headingsMirrorSchema } from '../revision/reference-page.ts';
import { writtenHeadings } from '../revision/settled-by-schema.ts';
import { looseObjects } from './loose.ts';
import { citationsOfNames, citedTitles, isBorrowedValue, linkedDocuments, normativeNames, standardName } from './normative.ts';
import { pageTransports } from './transports.ts';
import { listedKeywords, schemaDocumentKeywords } from './schema-keywords.ts';
import { unnamedBefore } from './named-shapes.ts';
import { emptyFacts, readShapes, type ShapeFacts } from './shapes.ts';
import type { SpecTree } from '../input/spec-tree.ts';
import { isHeaderName, normalizeHeading, normalizeName, wellKnownName } from './tokens.ts';

/**
 * Builds the detector's fingerprints from the spec itself, in two steps:
 *
 * 1. **What changed** (the candidates): the page differ on every page of every pair of
 *    adjacent revisions (a page that comes or goes is diffed against an empty page), and the
 *    schema differ on their schemas. Every name or shape a change record touches — a method,
 *    an envelope, a field, a definition, an enum value, an error code, where a capability is
 *    declared, a section heading, a term — is a candidate marker.
 * 2. **Where it lives** (the span): for each candidate, the revisions whose spec carries it,
 *    read from every page and the schema of each revision. Where a revision has a schema and
 *    the name is one a schema defines, the schema and the pages' examples decide, not a
 *    page's prose: a changelog that says "`widgetId` was removed" does not make the
 *    field part of that revision. A candidate every revision carries (a name that moved
 *    between pages, say) says nothing and is dropped.
 *
 * Nothing here knows a protocol name: a new revision updates the detector by running this.
 */

interface Candidate {
  key: string;
  kind: MarkerKind;
  token: string;
  shape?: string;
  origins: string[];
  records: MarkerRecord[];
}

interface RevisionPresence {
  hasSchema: boolean;
  /** Names the schema defines: definitions, property names, methods, identifier-like enum/const values. */
  schemaNames: Set<string>;
  /** Does the schema hold this dotted path (`params.uri`), through the definitions its fields refer to? */
  schemaPath: (segments: string[]) => boolean;
  schemaCodes: Set<string>;
  schemaEnvelopes: Map<string, { shape: Framing | null; container: string | null }>;
  schemaCapabilityOptions: Set<string>;
  /** Names shown structurally on pages (examples, tables, messages), by page. */
  structNames: Map<string, Set<string>>;
  /** Names the pages define (inline code in normative sentences, tables, definition items; see normative.ts), by page. */
  termNames: Map<string, Set<string>>;
  /** Error codes the pages' normative prose names, by page. */
  pageCodes: Map<string, Set<string>>;
  /** `field=value` pairs of the schema's enum and const values (normalized): `mode=form`. */
  schemaValues: Set<string>;
  /** Transports by slug: listed as a standard transport, or only linked where the spec speaks of compatibility. */
  transports: Map<string, 'defined' | 'compat'>;
  exampleCodes: Map<string, Set<string>>;
  envelopes: Map<string, Set<string>>;
  capabilities: Map<string, Set<string>>;
  capabilityOptions: Map<string, Set<string>>;
  sections: Map<string, Set<string>>;
  /** The other standards the revision's pages cite (titles normalized with standardName). */
  cited: Set<string>;
  /** Names a page places in another standard's document, with that document's title as written. */
  borrowed: Map<string, string>;
  /** The documents each page cites: standards by title (normalized with standardName) and linked RFCs and Internet-Drafts. */
  pageDocuments: Map<string, Set<string>>;
  /** For each name (normalized), the documents cited in the sentences that name it. */
  nameCitations: Map<string, Set<string>>;
  /** Every page's text as headings compare (lower case, no punctuation), each between spaces: where the revision speaks of a topic at all. */
  words: string[];
}

/** What kinds of name a normalized name is, over all revisions (for the marker's kind). */
interface NameKinds {
  methods: Set<string>;
  definitions: Set<string>;
  fields: Set<string>;
  values: Set<string>;
  schemaKnown: Set<string>;
  spellings: Map<string, Map<string, number>>;
  errorNames: Map<string, string>;
  /** How a `field=value` pair is shown: `mode: "form"`. */
  valueTokens: Map<string, string>;
  /** Every name a transport goes by (link texts pointing at its slug), and its SSE event names. */
  transportNames: Map<string, Set<string>>;
  transportEvents: Map<string, Set<string>>;
  /** How many HTTP endpoints a transport's section requires (first revision that says). */
  transportEndpoints: Map<string, number>;
  /** Cited standards' titles as first written, by normalized name. */
  documentTitles: Map<string, string>;
  /** Each cited document (a title normalized, or an RFC or Internet-Draft), and the index of the first revision citing it. */
  firstCited: Map<string, number>;
  /** The namespace prefixes (`org.example/`) of the names the spec defines. */
  namespaces: Set<string>;
  /** The schemas' own property names, and how many of them join words with `_`: the spec's naming convention. */
  schemaProperties: Set<string>;
  /** JSON Schema's keywords as the spec uses them (normalized): the vocabulary of a standard it cites, dating nothing. */
  schemaKeywords: Set<string>;
}

interface BuildOptions {
  /** Recorded in the data, for staleness checks. */
  digest?: string;
  /** Called with a short line per step (for a progress display). */
  onProgress?: (message: string) => void;
}

export async function buildFingerprints(tree: SpecTree, options: BuildOptions = {}): Promise<FingerprintData> {
  const revisions = tree.revisions;
  const kinds: NameKinds = { methods: new Set(), definitions: new Set(), fields: new Set(), values: new Set(), schemaKnown: new Set(), spellings: new Map(), errorNames: new Map(), valueTokens: new Map(), transportNames: new Map(), transportEvents: new Map(), transportEndpoints: new Map(), documentTitles: new Map(), schemaProperties: new Set(), schemaKeywords: new Set(), firstCited: new Map(), namespaces: new Set() };
  const texts = new Map<string, Map<string, string>>();
  const schemas = new Map<string, string | null>();
  const analyses = new Map<string, SchemaAnalysis | null>();
  const presence = new Map<string, RevisionPresence>();

  for (const revision of revisions) {
    options.onProgress?.(`reading ${revision.id}`);
    const schemaText = await tree.schema(revision.id);
    schemas.set(revision.id, schemaText);
    const analysis = schemaText === null ? null : safeAnalyze(schemaText);
    if (schemaText !== null) for (const keyword of schemaDocumentKeywords(schemaText)) kinds.schemaKeywords.add(normalizeName(keyword));
    const definitions = new Set(analysis?.model.definitions.map((d) => d.name) ?? []);
    const pages = new Map<string, string>();
    for (const page of await tree.pages(revision.id)) {
      const text = await tree.page(revision.id, page);
      // The page that renders the revision's schema (its headings name the schema's definitions,
      // whatever the page is called) is the schema: read the schema instead.
      if (analysis !== null && headingsMirrorSchema(writtenHeadings(text), definitions)) continue;
      pages.set(page, text);
    }
    texts.set(revision.id, pages);
    analyses.set(revision.id, analysis);
    presence.set(revision.id, readRevision(pages, analysis, kinds, revisions.map((r) => r.id).filter((id) => id !== revision.id)));
  }

  // Names the pages list as keywords beside one the schemas are written in are JSON Schema's too (`oneOf`, `not`).
  const schemaKeywords = new Set(kinds.schemaKeywords);
  for (const pages of texts.values()) for (const text of pages.values()) for (const name of listedKeywords(text, schemaKeywords)) kinds.schemaKeywords.add(normalizeName(name));

  // What the revisions cite, and the spec's own namespaces, over all revisions: placing a name reads both.
  revisions.forEach((revision, i) => {
    const p = presence.get(revision.id)!;
    for (const documents of p.pageDocuments.values()) for (const doc of documents) if (!kinds.firstCited.has(doc)) kinds.firstCited.set(doc, i);
    for (const name of [...p.schemaNames, ...p.termNames.keys()]) {
      const m = NAMESPACED.exec(name);
      if (m) kinds.namespaces.add(m[1]!);
    }
  });

  // ── 1. candidates from the differs, pair by pair ──
  const candidates = new Map<string, Candidate>();
  // Every record, with the words it shows: a name found where it is defined gets the records that mention it.
  const allRecords: { record: MarkerRecord; origin: string; words: string }[] = [];
  const remember = (change: Change, after: string, page: string) => {
    const words = [change.subject, change.before?.text, change.after?.text, change.before?.path, change.after?.path].filter((w): w is string => typeof w === 'string').join(' ');
    allRecords.push({ record: { revision: after, page, fingerprint: change.fingerprint }, origin: `${after} ${page}: ${change.id}`, words });
  };
  const add = (c: Omit<Candidate, 'origins' | 'records'>, origin: string, record: MarkerRecord) => {
    const known = candidates.get(c.key);
    if (known) {
      if (known.origins.length < 8 && !known.origins.includes(origin)) known.origins.push(origin);
      if (known.records.length < 16 && !known.records.some((r) => r.revision === record.revision && r.page === record.page && r.fingerprint === record.fingerprint)) known.records.push(record);
    } else candidates.set(c.key, { ...c, origins: [origin], records: [record] });
  };
  for (let i = 1; i < revisions.length; i++) {
    const before = revisions[i - 1]!;
    const after = revisions[i]!;
    options.onProgress?.(`diffing ${before.id} → ${after.id}`);
    const oldPages = texts.get(before.id)!;
    const newPages = texts.get(after.id)!;
    for (const page of [...new Set([...oldPages.keys(), ...newPages.keys()])].sort()) {
      const { changes } = diffPageTexts(oldPages.get(page) ?? '', newPages.get(page) ?? '');
      for (const change of changes) {
        remember(change, after.id, page);
        for (const c of candidatesOf(change, null, null)) add(c, `${after.id} ${page}: ${change.id}`, { revision: after.id, page, fingerprint: change.fingerprint });
      }
    }
    const oldSchema = schemas.get(before.id);
    const newSchema = schemas.get(after.id);
    if (oldSchema && newSchema) {
      const { changes } = diffSchemaTexts(oldSchema, newSchema);
      for (const change of changes) {
        remember(change, after.id, 'schema');
        for (const c of candidatesOf(change, analyses.get(before.id) ?? null, analyses.get(after.id) ?? null)) add(c, `${after.id} schema: ${change.id}`, { revision: after.id, page: 'schema', fingerprint: change.fingerprint });
      }
    }
  }

  // ── 1b. every defined name, whether or not a differ reported it: its presence decides its span ──
  // (a name every revision carries is dropped when placed). Names from examples only are never candidates.
  for (const revision of revisions) {
    const p = presence.get(revision.id)!;
    const plain = (key: string, kind: MarkerKind) => {
      if (!candidates.has(`term:${key}`)) candidates.set(`term:${key}`, { key: `term:${key}`, kind, token: preferredSpelling(kinds, key) ?? key, origins: [], records: [] });
    };
    for (const key of p.schemaNames) plain(key, 'term');
    for (const key of p.termNames.keys()) plain(key, 'term');
    // A name under the spec's own namespace is the spec's wherever it shows it (an extension's identifier in an example).
    for (const key of p.structNames.keys()) if (inOwnNamespace(key, kinds)) plain(key, 'term');
    for (const pair of p.schemaValues) if (!candidates.has(`value:${pair}`)) candidates.set(`value:${pair}`, { key: `value:${pair}`, kind: 'value', token: kinds.valueTokens.get(pair) ?? pair, origins: [], records: [] });
    for (const code of [...p.schemaCodes, ...p.pageCodes.keys()]) if (!candidates.has(`error:${code}`)) candidates.set(`error:${code}`, { key: `error:${code}`, kind: 'error-code', token: code, origins: [], records: [] });
    for (const slug of p.transports.keys()) if (!candidates.has(`transport:${slug}`)) candidates.set(`transport:${slug}`, { key: `transport:${slug}`, kind: 'transport', token: slug, origins: [], records: [] });
  }

  // ── 2. spans from presence ──
  options.onProgress?.('placing markers');
  let markers: Marker[] = [];
  for (const candidate of candidates.values()) {
    const placed = place(candidate, revisions, presence, kinds, revisions.map((r) => analyses.get(r.id) ?? null));
    if (placed) markers.push(placed);
  }
  const ids = revisions.map((r) => r.id);
  markers = namespacedNames(markers, ids, presence);
  movedToExtensions(markers, ids, texts, presence, kinds);
  // What every revision carries says nothing (a transport kept for compatibility says where it was defined),
  // and neither does JSON Schema's own vocabulary, which the spec cites from its first revision.
  markers = markers.filter((m) => (m.kind === 'transport' || m.span.length < ids.length) && !(m.key.startsWith('term:') && kinds.schemaKeywords.has(m.key.slice(5))));
  const spanOf = new Map(markers.map((m) => [m.key, m.span.join(',')]));
  // An envelope marker that spans exactly what its method does says nothing more than the method.
  const kept = markers.filter((m) => {
    if (m.kind !== 'envelope') return true;
    return spanOf.get(`term:${normalizeName(m.token)}`) !== m.span.join(',');
  });
  // A marker no differ's candidate brought: the records of its edges (where it came, where it went) that name it.
  for (const marker of kept) {
    if (marker.records && marker.records.length > 0) continue;
    const edges = [marker.span[0], ids[ids.indexOf(marker.span.at(-1)!) + 1]].filter((e): e is string => e !== undefined && e !== ids[0]);
    const needle = marker.kind === 'value' ? marker.token.replace(/^.*: "(.*)"$/, '$1') : marker.token;
    const pattern = new RegExp(`(^|[^\\w/-])${needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\w/-])`);
    const found = allRecords.filter((r) => edges.includes(r.record.revision) && pattern.test(r.words));
    const records = edges.flatMap((edge) => found.filter((r) => r.record.revision === edge).slice(0, 4)).map((r) => r.record);
    // No record names it where it went: the diff of a page that defined it there (no fingerprint: the page, not a record).
    const gone = ids[ids.indexOf(marker.span.at(-1)!) + 1];
    if (gone && !records.some((r) => r.revision === gone) && marker.key.startsWith('term:')) {
      const last = presence.get(marker.span.at(-1)!)!;
      const page = [...(last.termNames.get(marker.key.slice(5)) ?? [])].sort()[0] ?? (last.schemaNames.has(marker.key.slice(5)) ? 'schema' : undefined);
      if (page) records.push({ revision: gone, page, fingerprint: '' });
    }
    // Origins stay the differs' own: they tell the feature's pages apart (decide.ts), which these records would blur.
    if (records.length > 0) marker.records = records;
  }
  kept.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return {
    format: FINGERPRINT_FORMAT,
    source: { label: tree.label, digest: options.digest ?? '' },
    revisions: revisions.map((r) => ({ id: r.id, date: r.date, status: r.status })),
    markers: kept,
    types: camelFieldTypes(kept, [...analyses.values()]),
  };
}

/**
 * The key sets of the schemas' object types that hold a field marker written in camel case
 * (`taskId`, `createdAt`): each distinct set once, normalized and sorted.
 */
function camelFieldTypes(markers: Marker[], analyses: (SchemaAnalysis | null)[]): string[][] {
  const camel = new Set(markers.filter((m) => m.kind === 'field' && !m.wordLike && /[a-z][A-Z]/.test(m.token)).map((m) => normalizeName(m.token)));
  const sets = new Map<string, string[]>();
  for (const analysis of analyses) {
    for (const def of analysis?.model.definitions ?? []) {
      const keys = [...new Set([...def.fields.values()].map((f) => pathSegments(f.path)[0]).filter((k): k is string => k !== undefined).map(normalizeName))].sort();
      if (keys.length >= 2 && keys.some((k) => camel.has(k))) sets.set(keys.join(' '), keys);
    }
  }
  return [...sets.keys()].sort().map((k) => sets.get(k)!);
}

/**
 * A key under the spec's namespace (`org.example/widgetId`) is also named by its name part
 * alone (`widgetId`): where that bare name is defined in other revisions (a field the key
 * replaced), a bare mention is either, so its span is the union of both, and a name the
 * union gives every revision says nothing and is dropped. The key records its bare name,
 * so a text naming it that way is not taken to lack the key.
 */
function namespacedNames(markers: Marker[], ids: string[], presence: Map<string, RevisionPresence>): Marker[] {
  const byKey = new Map(markers.map((m) => [m.key, m]));
  const dropped = new Set<string>();
  for (const m of markers) {
    if (!m.key.startsWith('term:')) continue;
    const namespaced = NAMESPACED.exec(m.token);
    if (!namespaced) continue;
    const part = m.token.slice(namespaced[1]!.length);
    m.bare = part;
    const key = normalizeName(part);
    const present = ids.filter((id) => {
      const p = presence.get(id)!;
      return p.schemaNames.has(key) || p.termNames.has(key) || p.structNames.has(key);
    });
    if (present.length === 0) continue;
    const covered = ids.filter((id) => present.includes(id) || m.span.includes(id));
    const union = ids.slice(ids.indexOf(covered[0]!), ids.indexOf(covered.at(-1)!) + 1);
    const bare = byKey.get(`term:${key}`);
    if (!bare) continue;
    if (union.length === ids.length) dropped.add(bare.key);
    else bare.span = union;
  }
  return markers.filter((m) => !dropped.has(m.key));
}

/**
 * A feature a revision moves out of the core into an extension: the feature's page leaves the
 * revision, which names an extension of the same name under the spec's namespace (a page
 * `…/widgets` gone, `org.example/widgets` shown). What that page carried in the revision
 * before is kept in the extension from then on, so the names no longer end there; how they
 * are declared (capabilities) is the core's and is not carried over.
 */
function movedToExtensions(markers: Marker[], ids: string[], texts: Map<string, Map<string, string>>, presence: Map<string, RevisionPresence>, kinds: NameKinds): void {
  for (let i = 1; i < ids.length; i++) {
    const before = texts.get(ids[i - 1]!)!;
    const now = texts.get(ids[i]!)!;
    const gone = [...before.keys()].filter((page) => !now.has(page));
    if (gone.length === 0) continue;
    const p = presence.get(ids[i]!)!;
    const extensions = [...p.structNames.keys(), ...p.termNames.keys(), ...p.schemaNames].filter((name) => inOwnNamespace(name, kinds));
    for (const page of gone) {
      const feature = normalizeName(page.split('/').at(-1)!);
      const extension = extensions.find((name) => normalizeName(name.slice(name.indexOf('/') + 1)) === feature);
      if (!extension) continue;
      const last = presence.get(ids[i - 1]!)!;
      // How the core declared the feature (`capabilities.x`, its options `x.y`) is not the extension's.
      const declared = markers.filter((m) => m.kind === 'capability' && sourcesOf(m.key, last)?.has(page)).flatMap((m) => [`term:${(m.shape ?? '').replace(/^declared in /, '')}.${m.token}`, `term:${m.token}.`]);
      for (const m of markers) {
        if (m.kind === 'capability' || m.kind === 'capability-option' || m.span.at(-1) !== ids[i - 1]) continue;
        if (declared.some((prefix) => m.key === prefix || (prefix.endsWith('.') && m.key.startsWith(prefix)) || m.key.startsWith(`${prefix}.`))) continue;
        if (!sourcesOf(m.key, last)?.has(page)) continue;
        m.span = [...m.span, ...ids.slice(i)];
        m.extension = { name: extension, since: ids[i]! };
        // The records of where it went no longer apply: it did not go.
        if (m.records) m.records = m.records.filter((r) => r.revision !== ids[i]);
        if (m.records?.length === 0) delete m.records;
      }
    }
  }
}

function safeAnalyze(text: string): SchemaAnalysis | null {
  try {
    return analyzeSchema(parseSchemaText(text));
  } catch {
    return null;
  }
}

// ── reading one revision ─────────────────────────────────────────────────────────────────

function readRevision(pages: Map<string, string>, analysis: SchemaAnalysis | null, kinds: NameKinds, others: string[]): RevisionPresence {
  const p: RevisionPresence = {
    hasSchema: analysis !== null,
    schemaNames: new Set(),
    schemaPath: analysis === null ? () => false : (segments) => hasSchemaPath(analysis, segments),
    schemaCodes: new Set(),
    schemaEnvelopes: new Map(),
    schemaCapabilityOptions: new Set(),
    structNames: new Map(),
    termNames: new Map(),
    pageCodes: new Map(),
    schemaValues: new Set(),
    transports: new Map(),
    exampleCodes: new Map(),
    envelopes: new Map(),
    capabilities: new Map(),
    capabilityOptions: new Map(),
    sections: new Map(),
    cited: new Set(),
    borrowed: new Map(),
    pageDocuments: new Map(),
    nameCitations: new Map(),
    words: [],
  };
  if (analysis) readSchema(analysis, p, kinds);
  for (const [page, text] of pages) readPage(page, text, others, p, kinds);
  // A transport the revision lists is defined there; one it only links to while speaking of compatibility is kept for compatibility.
  for (const [page, text] of pages) {
    if (judgePage(page, text, parsePage(text), {}).informative) continue;
    const t = pageTransports(text);
    for (const [slug, name] of t.defined) {
      p.transports.set(slug, 'defined');
      note(kinds.transportNames, slug, name);
    }
    for (const slug of t.compat) if (!p.transports.has(slug)) p.transports.set(slug, 'compat');
    for (const [slug, names] of t.names) for (const name of names) note(kinds.transportNames, slug, name);
    for (const [slug, events] of t.events) for (const event of events) note(kinds.transportEvents, slug, event);
    for (const [slug, count] of t.endpoints) if (!kinds.transportEndpoints.has(slug)) kinds.transportEndpoints.set(slug, count);
  }
  // A slug linked for compatibility that no revision defines is not a transport (a section of some page).
  return p;
}

function spell(kinds: NameKinds, name: string): string {
  const key = normalizeName(name);
  const counts = kinds.spellings.get(key) ?? new Map<string, number>();
  counts.set(name, (counts.get(name) ?? 0) + 1);
  kinds.spellings.set(key, counts);
  return key;
}

/** A path of two or more plain field names: `params.uri`, `execution.taskSupport`. */
const DOTTED_PATH = /^[A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)+$/;

/**
 * Whether some definition holds the path: its segments are a field path of the definition, or a
 * field path leads to a field that refers to another definition holding the rest (the schema
 * names a request's `params` by reference in one revision and inline in another).
 */
function hasSchemaPath(analysis: SchemaAnalysis, segments: string[]): boolean {
  const wanted = segments.map(normalizeName);
  const holds = (definition: string, from: number, depth: number): boolean => {
    const def = analysis.model.byName.get(definition);
    if (!def || depth > 4) return false;
    for (const field of def.fields.values()) {
      const parts = field.path.split('.');
      if (parts.length > wanted.length - from || parts.some((part, i) => normalizeName(part) !== wanted[from + i])) continue;
      const next = from + parts.length;
      if (next === wanted.length) return true;
      for (const type of field.types) if (type.startsWith('→') && holds(type.slice(1), next, depth + 1)) return true;
    }
    return false;
  };
  return analysis.model.definitions.some((d) => holds(d.name, 0, 0));
}

function readSchema(analysis: SchemaAnalysis, p: RevisionPresence, kinds: NameKinds): void {
  const names = (name: string) => {
    const key = spell(kinds, name);
    p.schemaNames.add(key);
    kinds.schemaKnown.add(key);
    return key;
  };
  for (const def of analysis.model.definitions) {
    kinds.definitions.add(names(def.name));
    for (const field of def.fields.values()) {
      const segments = pathSegments(field.path);
      for (const segment of segments) {
        kinds.fields.add(names(segment));
        kinds.schemaProperties.add(segment);
      }
      if (/Capabilities$/.test(def.name) && segments.length >= 2) p.schemaCapabilityOptions.add(`${segments[0]}.${segments[1]}`);
      for (const value of stringValues(field.values)) {
        if (isIdentifierLike(value) || /^[a-z][a-z0-9]*$/.test(value)) kinds.values.add(names(value));
        // The pair says more than either part: `mode: "form"` is one revision's, `mode` and "form" are words.
        const key = segments.at(-1);
        if (key && key !== 'method' && key !== 'jsonrpc' && /^[A-Za-z][\w./-]*$/.test(value) && !isBorrowedValue(key, value)) {
          const pair = `${normalizeName(key)}=${normalizeName(value)}`;
          p.schemaValues.add(pair);
          if (!kinds.valueTokens.has(pair)) kinds.valueTokens.set(pair, `${key}: "${value}"`);
        }
      }
    }
  }
  for (const [method, message] of analysis.messages) {
    kinds.methods.add(names(method));
    p.schemaEnvelopes.set(method, { shape: framingOf(message.envelope), container: message.container });
  }
  for (const [code, info] of analysis.codes) {
    p.schemaCodes.add(String(code));
    kinds.errorNames.set(String(code), info.definition.name);
  }
}

function note(map: Map<string, Set<string>>, key: string, page: string): void {
  const set = map.get(key) ?? new Set<string>();
  set.add(page);
  map.set(key, set);
}

function readPage(page: string, text: string, others: string[], p: RevisionPresence, kinds: NameKinds): void {
  const doc = parsePage(text);
  p.words.push(` ${normalizeHeading(text.replace(/[^\w\s]+/g, ' '))} `);
  const struct = (name: string) => note(p.structNames, spell(kinds, name), page);
  for (const message of doc.messages) {
    if (message.method) {
      kinds.methods.add(normalizeName(message.method));
      struct(message.method);
      const framing = framingOf(message.envelope, message.container);
      if (framing) note(p.envelopes, `${message.method}:${framing}`, page);
    }
    for (const path of message.fieldPaths) for (const segment of pathSegments(path)) struct(segment);
    if (message.envelope === 'error' && message.errorCode !== null) note(p.exampleCodes, String(message.errorCode), page);
  }
  for (const field of doc.fields) {
    struct(field.name);
    kinds.fields.add(normalizeName(field.name));
    for (const option of field.options) struct(option);
  }
  for (const capability of doc.capabilities) {
    struct(capability.name);
    note(p.capabilities, `${capability.name}@${capability.location}`, page);
    for (const option of capability.options) note(p.capabilityOptions, `${capability.name}.${option}`, page);
  }
  // Names the page defines, where it states the protocol: not its examples, and not where it
  // tells history (a changelog, a line naming another revision, "X was removed").
  if (!judgePage(page, text, doc, {}).informative) {
    const historyCue = (t: string) => (others.some((id) => t.includes(id)) ? 'another revision' : null);
    const defined = normativeNames(text, historyCue);
    for (const name of defined.terms) note(p.termNames, spell(kinds, name), page);
    for (const code of defined.codes) note(p.pageCodes, code, page);
    for (const [name, title] of defined.borrowed) p.borrowed.set(normalizeName(name), title);
    const titles = citedTitles(text);
    const documents = new Set(linkedDocuments(text));
    for (const [title, { written, standard }] of titles) {
      p.cited.add(title);
      // A standard (its link an RFC or an Internet-Draft) is a document whose vocabulary names may be.
      if (standard === null) continue;
      documents.add(title);
      if (!kinds.documentTitles.has(title)) kinds.documentTitles.set(title, written);
      if (!kinds.documentTitles.has(standard)) kinds.documentTitles.set(standard, written);
    }
    if (documents.size > 0) p.pageDocuments.set(page, documents);
    for (const [name, cited] of citationsOfNames(text, historyCue)) {
      const key = normalizeName(name);
      const set = p.nameCitations.get(key) ?? new Set<string>();
      for (const doc of cited) set.add(doc);
      p.nameCitations.set(key, set);
    }
  }
  for (const section of doc.sections.slice(1)) note(p.sections, normalizeHeading(section.heading), page);
  // Examples the page model does not read as messages (nested method objects, non-JSON code).
  for (const block of doc.codeBlocks) {
    // A sequence diagram states a flow: the names it shows are there in this revision (see diagrams.ts).
    if (isSequenceDiagram(block.lang, block.value)) {
      for (const name of diagramNames(block.value)) struct(name);
      continue;
    }
    const values = block.json !== undefined ? [block.json] : looseObjects(block.value).map((o) => o.value);
    for (const value of values) {
      const facts = readShapes(value, emptyFacts());
      readFacts(facts, page, p, kinds);
    }
  }
}

function readFacts(facts: ShapeFacts, page: string, p: RevisionPresence, kinds: NameKinds): void {
  for (const key of facts.keys) for (const segment of pathSegments(key)) note(p.structNames, spell(kinds, segment), page);
  for (const method of facts.methods) {
    note(p.structNames, spell(kinds, method), page);
    kinds.methods.add(normalizeName(method));
  }
  for (const value of facts.strings) if (isIdentifierLike(value) && !/\s/.test(value)) note(p.structNames, spell(kinds, value), page);
  for (const e of facts.envelopes) note(p.envelopes, `${e.method}:${e.envelope}`, page);
  for (const code of facts.errorCodes) note(p.exampleCodes, String(code), page);
  for (const c of facts.capabilities) {
    note(p.capabilities, `${c.name}@${c.location}`, page);
    for (const option of c.options) note(p.capabilityOptions, `${c.name}.${option}`, page);
  }
}

// ── candidates from change records ───────────────────────────────────────────────────────

function candidatesOf(change: Change, oldSchema: SchemaAnalysis | null, newSchema: SchemaAnalysis | null): Omit<Candidate, 'origins' | 'records'>[] {
  const out: Omit<Candidate, 'origins' | 'records'>[] = [];
  const sides = [change.before, change.after].filter((s): s is NonNullable<typeof s> => s !== null);
  const term = (token: string, kind: MarkerKind) => {
    const clean = token.trim();
    if (clean.length >= 2 && !/\s/.test(clean) && /[\w$]$/.test(clean)) out.push({ key: `term:${normalizeName(clean)}`, kind, token: clean });
  };
  switch (change.kind) {
    case 'message': {
      if (/^error /.test(change.subject)) break;
      const method = change.subject.replace(/ result$/, '');
      term(method, 'method');
      for (const framing of FRAMINGS) out.push({ key: `envelope:${method}:${framing}`, kind: 'envelope', token: method, shape: framing });
      for (const side of sides) if (typeof side['container'] === 'string') for (const part of side['container'].split('.')) term(part, 'term');
      break;
    }
    case 'schema-field': {
      for (const side of sides) {
        const path = typeof side.path === 'string' ? side.path : change.subject.split(' › ').at(-1)!;
        const segments = pathSegments(path);
        const last = segments.at(-1);
        if (last) term(last, 'field');
        if (change.source === 'schema' && /Capabilities$/.test(segments[0] ?? '') && segments.length >= 3) {
          out.push({ key: `capopt:${segments[1]}.${segments[2]}`, kind: 'capability-option', token: `${segments[1]}.${segments[2]}` });
        }
        for (const option of Array.isArray(side['options']) ? (side['options'] as unknown[]) : []) if (typeof option === 'string') term(option, 'value');
      }
      if (change.source === 'schema') {
        for (const [analysis, side] of [[oldSchema, change.before], [newSchema, change.after]] as const) {
          if (!analysis || !side || typeof side.path !== 'string') continue;
          const [defName, ...rest] = splitDefinitionPath(side.path);
          const field = analysis.model.byName.get(defName ?? "")?.fields.get(rest.join('.'));
          for (const value of stringValues(field?.values ?? null)) if (isIdentifierLike(value)) term(value, 'value');
        }
      }
      break;
    }
    case 'definition':
      if (change.action !== 'changed') term(change.subject, 'definition');
      for (const side of sides) if (change.action === 'renamed' && side.text) term(side.text.split(':')[0]!, 'definition');
      break;
    case 'error-code':
      if (isJsonRpcErrorCode(change.subject)) out.push({ key: `error:${change.subject}`, kind: 'error-code', token: change.subject });
      break;
    case 'capability': {
      if (change.id.startsWith('capability-option')) {
        out.push({ key: `capopt:${change.subject}`, kind: 'capability-option', token: change.subject });
        break;
      }
      for (const side of sides) {
        if (typeof side.path !== 'string') continue;
        out.push({ key: `capability:${change.subject}@${side.path}`, kind: 'capability', token: change.subject, shape: side.path });
      }
      break;
    }
    case 'section':
      if (change.id.startsWith('page-')) break;
      for (const heading of new Set([change.subject, ...sides.map((s) => s.text)])) {
        if (heading && heading.length <= 80) out.push({ key: `section:${normalizeHeading(heading)}`, kind: 'section', token: heading });
      }
      break;
    case 'term':
      term(change.subject, 'term');
      break;
    default:
      break;
  }
  return out;
}

// ── placing a candidate: its span over the revisions ─────────────────────────────────────

function place(c: Candidate, revisions: FingerprintRevision[], presence: Map<string, RevisionPresence>, kinds: NameKinds, analyses: (SchemaAnalysis | null)[]): Marker | null {
  let span: string[] = [];
  let pages = 0;
  for (const revision of revisions) {
    const p = presence.get(revision.id)!;
    const sources = sourcesOf(c.key, p);
    if (sources === null) continue;
    span.push(revision.id);
    pages = Math.max(pages, sources.size);
  }
  const [namespace] = c.key.split(':');
  const ids = revisions.map((r) => r.id);
  // A span is an interval: a name defined in an earlier and a later revision is there in between
  // (a revision that only failed to state it again does not split it). Transports are placed below.
  if (span.length > 1 && namespace !== 'transport') span = ids.slice(ids.indexOf(span[0]!), ids.indexOf(span.at(-1)!) + 1);
  // Evidence is what the protocol defines: a name no revision's schema or normative text defines (a sample tool name) is none,
  // unless it is under the spec's own namespace (a prefix its defined names use), which no sample may take.
  if (namespace === 'term' && !revisions.some((r) => { const p = presence.get(r.id)!; const name = c.key.slice(5); return p.schemaNames.has(name) || p.termNames.has(name); }) && !inOwnNamespace(c.key.slice(5), kinds)) return null;
  // A transport kept for compatibility may run through every revision; what it says is where it was defined.
  if (span.length === 0 || (span.length === revisions.length && namespace !== 'transport')) return null;
  let token = c.token;
  let kind = c.kind;
  let shape = c.shape;
  let wordLike = false;
  let namedIn: string | undefined;
  let borrowedFrom: Marker['borrowed'];
  if (namespace === 'term') {
    const name = c.key.slice('term:'.length);
    token = preferredSpelling(kinds, name) ?? c.token;
    // A name that travels on the wire (a method, a field) outranks the same name as a type.
    kind = kinds.methods.has(name) ? 'method' : kinds.fields.has(name) ? 'field' : kinds.definitions.has(name) ? 'definition' : kinds.values.has(name) ? 'value' : c.kind;
    wordLike = !isIdentifierLike(token) && !isHeaderName(token);
    // A well-known URI is shown as a reader writes it (tokens begin at a letter: `well-known/…`).
    if (wellKnownName(token) === token) token = `/.${token}`;
    // A name the spec places in another standard's document ("`x` in OAuth Authorization Server
    // Metadata") is that standard's: it was there wherever the spec cited the standard before naming it.
    // A name that spells the title of a standard first cited where the name first appears
    // (`x_metadata_document_supported` beside "OAuth X Metadata Document") came with that standard.
    const spelled = spelledStandard(token, ids.indexOf(span[0]!), kinds);
    if (spelled !== null) borrowedFrom = { document: spelled, since: span[0]! };
    const title = spelled === null ? revisions.map((r) => presence.get(r.id)!.borrowed.get(name)).find((t) => t !== undefined) : undefined;
    if (title !== undefined) {
      const first = revisions.findIndex((r) => r.id === span[0]);
      const citing = revisions.slice(0, first).filter((r) => presence.get(r.id)!.cited.has(standardName(title))).map((r) => r.id);
      if (citing.length > 0) {
        span = [...citing, ...span];
        borrowedFrom = { document: title, since: citing[0]! };
        if (span.length === revisions.length) return null;
      }
    }
    // A name no schema defines, written in another convention than the schema's own (`client_id` beside
    // `clientInfo`) or as an ordinary word, is the vocabulary of the standards the spec cites: it came
    // with the first revision citing the standard the sentences naming it cite (else any its page cites).
    if (borrowedFrom === undefined && !revisions.some((r) => presence.get(r.id)!.schemaNames.has(name)) && (wordLike || foreignStyle(token, kinds))) {
      const vocabulary = citedVocabulary(name, span[0]!, revisions, presence, kinds);
      const first = ids.indexOf(span[0]!);
      if (vocabulary && vocabulary.since < first) {
        span = [...ids.slice(vocabulary.since, first), ...span];
        borrowedFrom = { document: vocabulary.document, since: ids[vocabulary.since]! };
        if (span.length === revisions.length) return null;
      }
    }
    if (kind === 'definition') {
      const named = namedOnly(name, span, revisions, analyses);
      if (named) {
        namedIn = span[0];
        span = [...named, ...span];
        if (span.length === revisions.length) return null;
      }
    }
  } else if (namespace === 'envelope') {
    const container = containerFor(c.token, span, presence);
    shape = framingLabel(c.shape as Framing, container);
  } else if (namespace === 'capability') {
    shape = `declared in ${c.shape}`;
  } else if (namespace === 'error') {
    const name = kinds.errorNames.get(c.token);
    if (name) shape = name;
  } else if (namespace === 'section') {
    wordLike = c.token.trim().split(/\s+/).length < 2;
    // A heading dates a topic only where the spec first speaks of it: "Client Registration" heads a
    // page from one revision on, but earlier ones already spoke of "dynamic client registration".
    const phrase = ` ${c.key.slice('section:'.length).replace(/[^\w\s]+/g, ' ').replace(/\s+/g, ' ').trim()} `;
    const first = ids.indexOf(span[0]!);
    const spoken = revisions.slice(0, first).findIndex((r) => presence.get(r.id)!.words.some((w) => w.includes(phrase)));
    if (spoken !== -1) {
      span = [...ids.slice(spoken, first), ...span];
      if (span.length === revisions.length) return null;
    }
  } else if (namespace === 'value') {
    wordLike = false;
  }
  // The records that explain the span best: those of the revision that brought it and the one that removed it.
  const edges = new Set([span[0], ids[ids.indexOf(span.at(-1)!) + 1]]);
  const origins = [...c.origins.filter((o) => edges.has(o.split(' ')[0])), ...c.origins.filter((o) => !edges.has(o.split(' ')[0]))].slice(0, 3);
  const marker: Marker = { key: c.key, kind, token, span, wordLike, pages, origins };
  if (namespace === 'transport') {
    // Defined where listed; after that, revisions that only link to it while speaking of compatibility keep it as deprecated.
    const defined = span.filter((id) => presence.get(id)!.transports.get(c.key.slice('transport:'.length)) === 'defined');
    if (defined.length === 0) return null;
    const slug = c.key.slice('transport:'.length);
    const first = revisions.findIndex((r) => r.id === defined[0]);
    span = span.filter((id) => revisions.findIndex((r) => r.id === id) >= first);
    if (defined.length === revisions.length) return null;
    const compat = span.filter((id) => !defined.includes(id));
    const names = [...(kinds.transportNames.get(slug) ?? [])].sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
    marker.span = span;
    marker.token = names.find((n) => /[A-Z]/.test(n) && n.length <= 20) ?? names[0] ?? slug;
    marker.shape = 'transport';
    marker.names = names;
    const events = [...(kinds.transportEvents.get(slug) ?? [])].filter((e) => ![...kinds.transportEvents].some(([other, set]) => other !== slug && set.has(e)));
    if (events.length > 0) marker.events = events;
    const endpoints = kinds.transportEndpoints.get(slug);
    if (endpoints !== undefined) marker.endpoints = endpoints;
    if (compat.length > 0) marker.compat = compat;
  }
  // The records of the same two revisions, by fingerprint: where a reader sees the marker come and go.
  const records = [...edges].flatMap((edge) => c.records.filter((r) => r.revision === edge).slice(0, 4));
  if (records.length > 0) marker.records = records;
  if (shape) marker.shape = shape;
  if (namedIn) marker.namedIn = namedIn;
  if (borrowedFrom) marker.borrowed = borrowedFrom;
  if (kind === 'definition') {
    // The definition's own fields (not nested ones), from the last revision that has it: what an object of its shape holds.
    const last = analyses[revisions.findIndex((r) => r.id === span.at(-1))];
    const definition = last?.model.definitions.find((d) => normalizeName(d.name) === c.key.slice('term:'.length));
    if (definition) {
      const fields = [...definition.fields.values()].filter((f) => !f.path.includes('.') && !f.path.includes('[')).map((f) => f.path);
      if (fields.length >= 2) {
        marker.fields = fields;
        marker.required = [...definition.fields.values()].filter((f) => !f.path.includes('.') && f.required).map((f) => f.path);
      }
      const items = arrayItems(definition, last!.model);
      if (items) marker.items = items;
    }
  }
  return marker;
}

/**
 * For a type that is an array of other types' objects (a JSON-RPC batch: requests and
 * notifications), the keys each of those types requires: an array of such objects is one.
 */
function arrayItems(definition: SchemaDefinition, model: SchemaModel): string[][] | null {
  if (definition.fields.get('')?.types.join() !== 'array') return null;
  const refs = definition.fields.get('[]')?.types ?? [];
  if (refs.length === 0 || !refs.every((t) => t.startsWith('→'))) return null;
  const items = refs.map((t) => [...(model.byName.get(t.slice(1))?.fields.values() ?? [])].filter((f) => f.path !== '' && !/[.[{]/.test(f.path) && f.required).map((f) => f.path));
  return items.every((keys) => keys.length > 0) ? items : null;
}

/** Joins words with `_` where the schemas' own property names (almost) never do: another standard's spelling. */
function foreignStyle(token: string, kinds: NameKinds): boolean {
  if (!SNAKE.test(token) || kinds.schemaProperties.size === 0) return false;
  let snake = 0;
  for (const name of kinds.schemaProperties) if (SNAKE.test(name)) snake += 1;
  return snake / kinds.schemaProperties.size < 0.01;
}
const SNAKE = /[A-Za-z0-9]_[A-Za-z]/;

/**
 * The title (as written) of a standard first cited in revision `first` whose words the name
 * spells, three or more of them in a row (`client_id_metadata_document_supported` and "OAuth
 * Client ID Metadata Documents"), or null.
 */
function spelledStandard(token: string, first: number, kinds: NameKinds): string | null {
  const words = wordsOf(token);
  if (words.length < 3) return null;
  const name = ` ${words.join(' ')} `;
  for (const [doc, since] of kinds.firstCited) {
    if (since !== first || !kinds.documentTitles.has(doc)) continue;
    const title = wordsOf(doc);
    for (let i = 0; i + 3 <= title.length; i++) {
      if (name.includes(` ${title.slice(i, i + 3).join(' ')} `)) return kinds.documentTitles.get(doc)!;
    }
  }
  return null;
}

/** A name's or a title's words, lower case, singular: `clientIdMetadataDocuments` → client id metadata document. */
function wordsOf(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0)
    .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w));
}

/** Is the name under a namespace prefix (`org.example/`) that names the spec defines use? */
function inOwnNamespace(name: string, kinds: NameKinds): boolean {
  const m = NAMESPACED.exec(name);
  return m !== null && kinds.namespaces.has(m[1]!);
}
/** A reverse-DNS prefix and a name: `org.example/widgetId`. */
const NAMESPACED = /^([a-z][\w-]*(?:\.[\w-]+)+\/)[A-Za-z][\w-]*$/;

/**
 * The cited standard a name belongs to, and the index of the first revision citing it: the
 * documents cited in the sentences naming it (in any revision), else those its pages cite in
 * its first revision; the earliest cited of them. A standard the first revision already cites
 * (URI syntax, the RFC 2119 keywords) is the spec's foundation, not a vocabulary that came with
 * some revision, and dates nothing. Null when nothing cited is found.
 */
function citedVocabulary(name: string, first: string, revisions: FingerprintRevision[], presence: Map<string, RevisionPresence>, kinds: NameKinds): { document: string; since: number } | null {
  const dates = (doc: string) => (kinds.firstCited.get(doc) ?? 0) > 0;
  const documents = new Set<string>();
  for (const r of revisions) for (const doc of presence.get(r.id)!.nameCitations.get(name) ?? []) if (dates(doc)) documents.add(doc);
  if (documents.size === 0) {
    const p = presence.get(first)!;
    for (const page of [...(p.termNames.get(name) ?? []), ...(p.structNames.get(name) ?? [])]) for (const doc of p.pageDocuments.get(page) ?? []) if (dates(doc)) documents.add(doc);
  }
  let best: { document: string; since: number } | null = null;
  for (const doc of [...documents].sort()) {
    const since = kinds.firstCited.get(doc);
    if (since !== undefined && (best === null || since < best.since)) best = { document: kinds.documentTitles.get(doc) ?? doc.replace(/^rfc/, 'RFC '), since };
  }
  return best;
}

/** The revisions before a definition's first one whose schema carried its shape unnamed (see named-shapes.ts). */
function namedOnly(name: string, span: string[], revisions: FingerprintRevision[], analyses: (SchemaAnalysis | null)[]): string[] | null {
  const first = revisions.findIndex((r) => r.id === span[0]);
  const definition = analyses[first]?.model.definitions.find((d) => normalizeName(d.name) === name);
  if (!definition) return null;
  const earliest = unnamedBefore(definition.name, first, analyses);
  return earliest < first ? revisions.slice(earliest, first).map((r) => r.id) : null;
}

function containerFor(method: string, span: string[], presence: Map<string, RevisionPresence>): string | null {
  for (const id of span) {
    const e = presence.get(id)?.schemaEnvelopes.get(method);
    if (e?.container) return e.container;
  }
  return null;
}

/** The pages (and `schema`) of one revision that carry a candidate, or null when none does. */
function sourcesOf(key: string, p: RevisionPresence): Set<string> | null {
  const [namespace] = key.split(':');
  const rest = key.slice(namespace!.length + 1);
  const union = (...sets: (Set<string> | undefined)[]) => {
    const out = new Set<string>();
    for (const s of sets) if (s) for (const v of s) out.add(v);
    return out;
  };
  let sources: Set<string>;
  switch (namespace) {
    case 'term': {
      // A dotted path (`params.uri`) is in the schema where its fields chain through it, whatever the definitions are called.
      const inSchema = p.schemaNames.has(rest) || (DOTTED_PATH.test(rest) && p.schemaPath(rest.split('.')));
      // What the schema or the pages define, and, for a name some revision defines, where the spec's
      // own examples show it in use. A name only examples ever show is no candidate (see place).
      sources = union(p.termNames.get(rest), p.structNames.get(rest), inSchema ? new Set(['schema']) : undefined);
      break;
    }
    case 'value': {
      sources = p.schemaValues.has(rest) ? new Set(['schema']) : new Set();
      break;
    }
    case 'transport': {
      const how = p.transports.get(rest);
      sources = how ? new Set([how]) : new Set();
      break;
    }
    case 'envelope': {
      const i = rest.lastIndexOf(':');
      const method = rest.slice(0, i);
      const shape = rest.slice(i + 1) as Framing;
      const inSchema = p.schemaEnvelopes.get(method)?.shape === shape;
      sources = union(p.envelopes.get(rest), inSchema ? new Set(['schema']) : undefined);
      break;
    }
    case 'error': {
      const inSchema = p.schemaCodes.has(rest);
      // An error code is the protocol's wherever the spec states or shows it: its own error responses are no sample values.
      sources = union(p.pageCodes.get(rest), p.exampleCodes.get(rest), inSchema ? new Set(['schema']) : undefined);
      break;
    }
    case 'capability':
      sources = union(p.capabilities.get(rest));
      break;
    case 'capopt':
      sources = union(p.capabilityOptions.get(rest), p.schemaCapabilityOptions.has(rest) ? new Set(['schema']) : undefined);
      break;
    case 'section':
      sources = union(p.sections.get(rest));
      break;
    default:
      return null;
  }
  return sources.size > 0 ? sources : null;
}

function preferredSpelling(kinds: NameKinds, key: string): string | null {
  const counts = kinds.spellings.get(key);
  if (!counts) return null;
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0];
}


// ── small helpers ────────────────────────────────────────────────────────────────────────

/** `_meta["org.example/peerFeatures"].widgets{}` → `_meta`, `org.example/peerFeatures`, `widgets`. */
function pathSegments(path: string): string[] {
  const out: string[] = [];
  // A bracketed key, a reverse-DNS key with a slash (`org.example/peerFeatures`), or a plain segment.
  for (const m of path.matchAll(/\["((?:[^"\\]|\\.)*)"\]|((?:[a-z][\w-]*\.)+[a-z][\w-]*\/[\w/.-]*[\w-]|[^.[\]{}]+)/g)) {
    const segment = (m[1] ?? m[2] ?? '').trim();
    if (segment && !/^\d+$/.test(segment)) out.push(segment);
  }
  return out;
}

/** A schema record's path is `Definition.field.path`; the definition name never has a dot. */
function splitDefinitionPath(path: string): string[] {
  const dot = path.indexOf('.');
  return dot === -1 ? [path] : [path.slice(0, dot), path.slice(dot + 1)];
}

function stringValues(values: string[] | null): string[] {
  const out: string[] = [];
  for (const v of values ?? []) {
    try {
      const parsed = JSON.parse(v) as unknown;
      if (typeof parsed === 'string' && parsed.length >= 2 && parsed.length <= 60) out.push(parsed);
    } catch {
      /* not JSON: skip */
    }
  }
  return out;
}
