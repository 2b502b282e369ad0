import { decide, isStrong, type Item, type Separator, type Where } from './decide.ts';
import { latestRevision, removedIn, type FingerprintData, type Marker, type MarkerKind } from './fingerprints.ts';
import { scanText, type Context, type ScannedText } from './scan.ts';
import { emptyFacts, readShapes } from './shapes.ts';
import { isHeaderName, normalizeHeading, normalizeName, TOKEN_PATTERN, tokenVariants, trimToken } from './tokens.ts';
import { endpointLayout, transportMatchers, type TransportMatcher } from './transport-match.ts';
import { lineLocator } from '../model/lines.ts';

/**
 * "Which revision does this text teach?" Reads a tutorial (Markdown, MDX, or the text
 * `extract.ts` took out of an HTML page), finds the names and shapes the fingerprints know,
 * weighs each by how much it tells revisions apart and where it stands, and answers with the
 * best revision, every revision it teaches (two or more: "mixed"), or null.
 *
 * The weighing, all generic:
 * - a shape read from an example (a method sent as a JSON-RPC request vs embedded in a
 *   result, where a capability is declared) > a method, type or error code > a field name >
 *   a section heading; code and JSON count more than inline code, which counts more than prose;
 * - a link to a dated spec URL is strong; a revision named in prose is weak;
 * - a marker that few revisions carry says more than one most carry;
 * - an ordinary word (`url`, `mode`) counts only as a key or value of an example, and little;
 *   a name many pages of the spec use counts less;
 * - what the text names from an older revision while explaining it as background ("no
 *   longer", "was replaced", "instead of", a "Before"/"Migrating" section, the caption of an
 *   "old shape" example) is background, not teaching.
 *
 * Runs in Node and in the browser: no Node imports here or in what this imports.
 */

export interface Evidence {
  token: string;
  /** The revision this piece of evidence points to (within the answer when it agrees with it). */
  implies: string;
  why: string;
  line: number;
  /** Beyond the contract: what kind of marker, where it was found, its weight, every revision that has it. */
  kind: MarkerKind | 'revision';
  context: Context | 'json';
  weight: number;
  span: string[];
  shape?: string;
}

export interface Outdated {
  token: string;
  removedIn: string;
  line: number;
  shape?: string;
  /** The fingerprint marker's key (not in the JSON): what the site looks the removing change record up by. */
  key: string;
}

export interface BackgroundMention {
  token: string;
  line: number;
  why: string;
}

export interface WhichResult {
  revision: string | null;
  revisions: string[];
  confidence: number;
  evidence: Evidence[];
  outdated: Outdated[];
  /** Every revision consistent with all the evidence (the answer is the earliest when several are). */
  compatible: string[];
  /** Names from older revisions the text mentions only as background; not counted. */
  background: BackgroundMention[];
  /** Later revisions that accept everything the answer accepts (a single answer only). */
  alsoValid: string[];
  /** The revision that came closest without being the answer (or part of it), or null. */
  runnerUp: string | null;
  /** What separated the answer from the runner-up: evidence one has and the other lacks, and shapes central to the runner-up the text lacks (line null). */
  decidedBy: Separator[];
  /** The confidence explained in a sentence or two. */
  explanation: string;
  /** The reasoning, one line per step: each strong piece's interval, how they intersect, why mixed, the confidence. */
  steps: string[];
  /** Each era the text teaches (one unless mixed): its answer, the revisions its strong evidence allows, and that evidence. */
  eras: { revision: string; compatible: string[]; evidence: string[] }[];
}

export type { Separator };

export interface DetectOptions {
  /**
   * The raw source the text was extracted from (an HTML page): lines are then reported in
   * the source (the n-th occurrence of a token in the text maps to its n-th in the source).
   */
  source?: string;
}

// ── weights (tuned on fixtures/detect; see the header for the reasoning) ────────────────

const KIND_WEIGHT: Record<MarkerKind, number> = {
  envelope: 4,
  capability: 4,
  'capability-option': 3,
  method: 3,
  'error-code': 3,
  // A type name is weak: SDKs name shapes before (and apart from) the schema.
  definition: 1.5,
  field: 2,
  value: 2,
  term: 2,
  section: 1,
  transport: 4,
};
/** Background mentions count at this share of their weight, and never bound the answer. */
const BACKGROUND_SHARE = 0.25;

const CONTEXT_WEIGHT: Record<Where, number> = { json: 1.5, code: 1.25, inline: 1, heading: 0.8, prose: 0.6, url: 0 };
const REVISION_WEIGHT: Record<Where, number> = { url: 5, json: 4, code: 4, inline: 2, heading: 2, prose: 1.5 };
const WORD_IN_EXAMPLE = 0.3;

// ── index over the fingerprints (built once per data object) ───────────────────────────

interface Index {
  data: FingerprintData;
  byKey: Map<string, Marker>;
  order: Map<string, number>;
  latest: string | null;
  datedIds: string[];
  draftId: string | null;
  /** Revision ids as they are mentioned, per context (the draft only in a URL): compiled once, not per span. */
  mentions: { text: RegExp | null; url: RegExp | null; prose: RegExp | null; starts: string[] };
  /**
   * Names of features: the names capabilities are declared under. A text that names one
   * (a heading, inline code, a sentence) is about that feature even when the name is an
   * ordinary word, so it counts wherever it stands, like a field name.
   */
  featureNames: Set<string>;
  /** How a text names each transport the fingerprints know (names, identifiers, event names). */
  transports: TransportMatcher[];
  /** The one HTTP transport whose section requires separate endpoints (an SSE stream and a POST endpoint), if one does. */
  splitEndpoints: Marker | null;
  /** Types the fingerprints know the shape of, under each of their fields (normalized), in marker order. */
  shapedTypes: Map<string, ShapedType[]>;
  /** Array types (a JSON-RPC batch), each with the keys every kind of its items requires (normalized). */
  arrayTypes: { marker: Marker; items: string[][] }[];
  /** Namespaced keys by their bare name (normalized): a text writing `widgetId` for `org.example/widgetId` does not lack the key. */
  bare: Map<string, string[]>;
  /** The schemas' object types holding a camel-case field, under each of their keys (normalized). */
  recordTypes: Map<string, Set<string>[]>;
  /** Standards the spec cites, by their titles in prose: each stands for the earliest of its names (`standardTitles`). */
  standards: { pattern: RegExp; marker: Marker; title: string }[];
}

const indexes = new WeakMap<FingerprintData, Index>();

function indexOf(data: FingerprintData): Index {
  let index = indexes.get(data);
  if (!index) {
    const byKey = new Map<string, Marker>();
    for (const m of data.markers) byKey.set(m.key, m);
    index = {
      data,
      byKey,
      order: new Map(data.revisions.map((r, i) => [r.id, i])),
      latest: latestRevision(data.revisions)?.id ?? null,
      datedIds: data.revisions.filter((r) => r.date !== null).map((r) => r.id),
      draftId: data.revisions.find((r) => r.status === 'draft')?.id ?? null,
      mentions: { text: null, url: null, prose: null, starts: [] },
      featureNames: new Set(data.markers.filter((m) => m.kind === 'capability').map((m) => `term:${normalizeName(m.token)}`)),
      transports: transportMatchers(data.markers),
      splitEndpoints: only(data.markers.filter((m) => m.kind === 'transport' && (m.endpoints ?? 0) >= 2)),
      shapedTypes: new Map(),
      arrayTypes: data.markers.filter((m) => m.items !== undefined).map((m) => ({ marker: m, items: m.items!.map((keys) => keys.map(normalizeName)) })),
      bare: new Map(),
      recordTypes: new Map(),
      standards: standardTitles(data.markers),
    };
    for (const keys of data.types ?? []) {
      const type = new Set(keys);
      for (const key of keys) index.recordTypes.set(key, [...(index.recordTypes.get(key) ?? []), type]);
    }
    for (const m of data.markers) {
      if (m.bare === undefined) continue;
      const name = normalizeName(m.bare);
      index.bare.set(name, [...(index.bare.get(name) ?? []), m.key]);
    }
    // Types by each of their fields: an object's shape is compared only with the types that have its first key.
    for (const m of data.markers) {
      if (m.kind !== 'definition' || !m.fields || m.namedIn) continue;
      const type: ShapedType = { marker: m, fields: new Set(m.fields.map(normalizeName)), required: (m.required ?? []).map(normalizeName) };
      for (const field of type.fields) {
        const list = index.shapedTypes.get(field) ?? [];
        list.push(type);
        index.shapedTypes.set(field, list);
      }
    }
    const draft = index.draftId === null ? [] : [index.draftId];
    index.mentions = { text: mentionPattern(index.datedIds), url: mentionPattern([...index.datedIds, ...draft]), prose: mentionPattern(index.datedIds, true), starts: [...new Set([...index.datedIds, ...draft].map((id) => id.slice(0, 2)))] };
    indexes.set(data, index);
  }
  return index;
}

// ── hits: every place the text names a marker or a revision ─────────────────────────────

interface Hit {
  key: string;
  marker: Marker | null;
  /** For revision mentions. */
  revision: string | null;
  token: string;
  line: number;
  where: Where;
  cue: string | null;
  /** A method named as the value of a `method` key: full weight even when it is an ordinary word. */
  methodValue: boolean;
  /** An ordinary word that names a feature (a capability) outside an example: counts like a field name. */
  feature?: boolean;
  /** A field and value that are both ordinary words (`mode: "form"`): a protocol value only beside protocol names. */
  wordPair?: boolean;
  /** A transport recognised by its endpoints, or a type by its fields, rather than named: what the text shows. */
  layout?: string;
  /** A link that stands in a list of references: a page the author read, not what the text shows. */
  reference?: true;
}

/** A marker a token's variant names: a protocol name (`term:`), or a JSON-RPC error code. */
interface Resolved {
  variant: string;
  marker: Marker;
  term: boolean;
}
const NONE: Resolved[] = [];
const NO_TYPES: ShapedType[] = [];
/** The detector's own copy of the token pattern (`match` with a global pattern starts at 0 and leaves it at 0). */
const TOKENS = new RegExp(TOKEN_PATTERN.source, 'g');
const ERROR_CODE = /^-\d{5}$/;

/**
 * The tokens of a span that name a marker, each with its line: every token is looked up (resolved
 * once per distinct token) and most name nothing. Small and apart, as the loop every byte of
 * a text passes through should be. No token spans a line break (the pattern matches none), so a
 * span is read a line at a time: one `match` per line gives all its tokens at once, with no match
 * object made per token, and the line number is the count of lines read.
 */
function namingTokens(text: string, line: number, resolved: Map<string, Resolved[]>, resolveNew: (token: string) => Resolved[], named: (found: Resolved[], line: number) => void): void {
  let lineNo = line;
  for (let from = 0; ; lineNo += 1) {
    const end = text.indexOf('\n', from);
    const tokens = (end === -1 ? (from === 0 ? text : text.slice(from)) : text.slice(from, end)).match(TOKENS);
    if (tokens !== null) {
      for (let i = 0; i < tokens.length; i++) {
        const token = trimToken(tokens[i]!);
        const found = resolved.get(token) ?? resolveNew(token);
        if (found.length !== 0) named(found, lineNo);
      }
    }
    if (end === -1) return;
    from = end + 1;
  }
}

/**
 * A standard the spec cites is named by its title in prose ("Client ID Metadata Documents",
 * "Protected Resource Metadata"): its words after the body that issues it ("OAuth 2.0") and
 * before a closing "Protocol", three words at least, any case, singular or plural. The title
 * stands for the standard's own names the spec borrows: the mention is dated as the earliest
 * of them (the first revision citing the standard), that name its evidence.
 */
function standardTitles(markers: readonly Marker[]): { pattern: RegExp; marker: Marker; title: string }[] {
  const byDocument = new Map<string, Marker>();
  for (const m of markers) {
    if (!m.borrowed || m.wordLike || m.span[0] !== m.borrowed.since) continue;
    const known = byDocument.get(m.borrowed.document);
    if (!known || m.token < known.token) byDocument.set(m.borrowed.document, m);
  }
  const out: { pattern: RegExp; marker: Marker; title: string }[] = [];
  for (const [document, marker] of byDocument) {
    const title = document.replace(/^OAuth(?:\s+\d+(?:\.\d+)?)?\s+/i, '').replace(/\s+Protocol$/i, '').trim();
    const words = title.split(/\s+/);
    if (words.length < 3 || !words.every((w) => /^[A-Z][A-Za-z]*$/.test(w))) continue;
    const body = words.map((w, i) => (i === words.length - 1 ? `${w.replace(/s$/, '')}s?` : w)).join('[\\s-]+');
    out.push({ pattern: new RegExp(`\\b${body}(?![\\w-])`, 'i'), marker, title });
  }
  return out;
}

/** A cue that only calls a thing by its status ("the deprecated transport", "the legacy `x`"), not one that says it changed. */
const STATUS_CUE = /^(?:deprecated|legacy)$/i;

/**
 * A text whose subject is a thing it calls deprecated or legacy still teaches it ("a demo of the
 * deprecated HTTP+SSE transport"): the status adjective says which revision the thing belongs to,
 * not that the text has moved past it. A name is the subject where a heading outside a section
 * about the past names it, or where its mentions under such a cue stand on at least two lines and
 * on half the text's lines of prose or more; those mentions are then taught, not background.
 */
function subjectTaught(hits: Hit[], proseLines: number): void {
  const byKey = new Map<string, { status: Hit[]; lines: Set<number>; heading: boolean }>();
  for (const hit of hits) {
    if (hit.marker === null) continue;
    const entry = byKey.get(hit.key) ?? { status: [], lines: new Set<number>(), heading: false };
    if (hit.where === 'heading' && hit.cue === null) entry.heading = true;
    else if (hit.cue !== null && STATUS_CUE.test(hit.cue.trim())) {
      entry.status.push(hit);
      entry.lines.add(hit.line);
    }
    byKey.set(hit.key, entry);
  }
  for (const { status, lines, heading } of byKey.values()) {
    if (status.length === 0) continue;
    if (heading || (lines.size >= 2 && lines.size * 2 >= proseLines)) for (const hit of status) hit.cue = null;
  }
}

/** Types the fingerprints know the shape of: an object with their fields is one of them. */
interface ShapedType {
  marker: Marker;
  fields: Set<string>;
  required: string[];
}

function collectHits(text: string, index: Index): { hits: Hit[]; hasCode: boolean; headings: ScannedText['headings']; bareNamed: Set<string> } {
  const hits: Hit[] = [];
  const bareNamed = new Set<string>();
  const wordMethods: Hit[] = [];
  // Texts repeat their names: each token is resolved to the markers its variants name once.
  const resolved = new Map<string, Resolved[]>();
  const resolve = (token: string): Resolved[] => resolved.get(token) ?? resolveNew(token);
  const resolveNew = (token: string): Resolved[] => {
    let found = NONE;
    if (index.bare.size > 0) for (const key of index.bare.get(normalizeName(token)) ?? []) bareNamed.add(key);
    for (const variant of tokenVariants(token)) {
      const marker = index.byKey.get(`term:${normalizeName(variant)}`) ?? (ERROR_CODE.test(variant) ? index.byKey.get(`error:${variant}`) : undefined);
      // A header travels by its hyphenated name in any case; the same words as a snake- or camel-case key (`mcp_protocol_version`, `mcpName`) are some other field.
      if (marker && marker.kind !== 'section' && !variant.includes('-') && isHeaderName(marker.token)) continue;
      if (marker) (found === NONE ? (found = []) : found).push({ variant, marker, term: marker.key.startsWith('term:') });
    }
    resolved.set(token, found);
    return found;
  };
  // An object with unquoted keys in prose is flattened code when it names a protocol name that is no ordinary word.
  const protocolName = (name: string) => resolve(name).some((r) => r.marker.kind !== 'section' && !r.marker.wordLike);
  const protocolObject = (value: Record<string, unknown>) => {
    const facts = readShapes(value, emptyFacts());
    return facts.envelopes.length > 0 || [...facts.methods, ...facts.keys, ...facts.strings].some(protocolName) || holdsDiscriminator(value, index);
  };
  const scanned = scanText(text, { protocolObject });
  const records = recordKeys(scanned.examples, index, resolve);
  const termOf = (found: Resolved[], line: number, where: Where, cue: string | null, methodValue: boolean, inMessage: boolean, asMessage: (() => boolean) | null, code?: CodeUses) => {
    for (const { variant, marker, term } of found) {
      if (!term) {
        hits.push({ key: marker.key, marker, revision: null, token: variant, line, where, cue, methodValue: false });
        return;
      }
      // A method whose name is an ordinary word, in code the text calls a request, response or handshake (`initialize` response), is the method.
      if (asMessage !== null && marker.kind === 'method' && marker.wordLike && asMessage()) methodValue = true;
      // An ordinary word is a protocol name only as a key or value inside a protocol message.
      const feature = where !== 'json' && index.featureNames.has(marker.key);
      // A feature's word the text calls a capability ("the `completions` capability") is that capability's name, as "the `initialize` request" names a method.
      if (feature && marker.wordLike && (where === 'inline' || where === 'prose') && capabilitySentence !== undefined && namedAsCapability(capabilitySentence, variant)) methodValue = true;
      // A type name written as the schema spells it, in code (`Icon(src=…)`, `import { Icon }`), is the type, not a word;
      // but not where the code gives it type arguments (`Annotated[str, …]`): the schema's types take none, a language's generics do.
      const typeInCode = marker.kind === 'definition' && where === 'code' && variant === marker.token && code?.generic(variant) !== true;
      // A field is data: code that calls the name (`session.create_message(…)`) calls an SDK's function of that name.
      if (marker.kind === 'field' && code?.called(variant) === true) continue;
      // A camel-case field name in code is the protocol's where it stands as a property (`result.taskId`, a key),
      // not where it is only the app's own identifier (`const taskId = …`) or a key of the app's own record.
      if (code !== undefined && ownRecordName(marker, variant) && !records.protocol.has(variant) && (records.app.has(variant) || !code.property(variant))) continue;
      if (marker.wordLike && !methodValue && !inMessage && !feature && !typeInCode) {
        // Kept aside: if the text names this word as a method elsewhere, this inline mention is that method too.
        if (marker.kind === 'method' && where === 'inline') wordMethods.push({ key: marker.key, marker, revision: null, token: variant, line, where, cue, methodValue: true });
        continue;
      }
      hits.push({ key: marker.key, marker, revision: null, token: variant, line, where, cue, methodValue: methodValue || typeInCode, feature });
      return;
    }
  };
  // The line is asked for only when the key names a marker: finding it searches the example, and most keys name none.
  const keyed = (key: string, token: string, line: () => number, cue: string | null) => {
    const marker = index.byKey.get(key);
    if (marker) hits.push({ key, marker, revision: null, token, line: line(), where: 'json', cue, methodValue: false });
  };

  // Transports the text cannot name (none of their words occur in it) are not looked for span by span.
  const transports = index.transports.filter((m) => m.mayHold(text));
  let sentence: string | undefined;
  let possible: TransportMatcher[] = [];
  let messageSentence: string | undefined;
  const messages = new Map<string, boolean>();
  /** The sentence of the span being read: where a feature's word may be called a capability. */
  let capabilitySentence: string | undefined;
  let hasCode = false;
  const streams: { path: string; line: number; cue: string | null }[] = [];
  const posts = new Set<string>();
  const fieldRun = fieldRunReader(index, hits);
  for (const span of scanned.spans) {
    fieldRun.read(span);
    // The span's line starts, found on its first find only (most spans have none).
    let lineAt: ((offset: number) => number) | null = null;
    if (span.context === 'code') {
      hasCode = true;
      if (index.splitEndpoints) {
        const layout = endpointLayout(span.text);
        for (const s of layout.streams) streams.push({ path: s.path, line: (lineAt ??= lineLocator(span.text, span.line))(s.at), cue: span.cue });
        for (const p of layout.posts) posts.add(p.path);
      }
    }
    const before = hits.length;
    revisionMentions(span.text, span.line, span.context, span.cue, index, hits);
    if ((span.context === 'prose' || span.context === 'heading') && index.standards.length > 0) {
      for (const standard of index.standards) {
        const m = standard.pattern.exec(span.text);
        if (m) hits.push({ key: standard.marker.key, marker: standard.marker, revision: null, token: standard.marker.token, line: (lineAt ??= lineLocator(span.text, span.line))(m.index), where: span.context, cue: span.cue, methodValue: false, layout: m[0] });
      }
    }
    if (span.reference) for (let i = before; i < hits.length; i++) if (hits[i]!.where === 'url') hits[i]!.reference = true;
    if (span.context === 'url') continue;
    // Asked once per code text in a sentence: a line of thousands of the same inline code is not searched thousands of times.
    if (span.sentence !== messageSentence) {
      messageSentence = span.sentence;
      messages.clear();
    }
    capabilitySentence = span.sentence;
    const asMessage = span.context === 'inline' ? () => messages.get(span.text) ?? messages.set(span.text, namedAsMessage(span)).get(span.text)! : null;
    const code = span.context === 'code' ? codeUses(span.text) : undefined;
    namingTokens(span.text, span.line, resolved, resolveNew, (found, line) => termOf(found, line, span.context, span.cue, false, false, asMessage, code));
    if (span.context === 'code' || span.context === 'inline') valuePairs(span.text, span.line, span.context, span.cue, index, hits);
    // The transports the span's sentence can name (asked once per sentence: its spans share it).
    if (span.sentence === undefined || span.sentence !== sentence) {
      sentence = span.sentence;
      possible = transports.length > 0 ? transports.filter((m) => m.mayHold(sentence ?? span.text)) : transports;
    }
    for (const matcher of possible) {
      for (const found of matcher.find(span.text)) {
        hits.push({ key: matcher.marker.key, marker: matcher.marker, revision: null, token: matcher.marker.token, line: (lineAt ??= lineLocator(span.text, span.line))(found.at), where: span.context, cue: span.cue, methodValue: false });
      }
    }
  }
  fieldRun.end();
  // An SSE stream at one path and messages POSTed to another: the layout of the transport that requires two endpoints.
  const split = index.splitEndpoints;
  if (split && posts.size > 0) {
    for (const stream of streams) {
      if (posts.has(stream.path)) continue;
      hits.push({ key: split.key, marker: split, revision: null, token: split.token, line: stream.line, where: 'code', cue: stream.cue, methodValue: false, layout: `an SSE stream at ${stream.path}, messages POSTed to ${[...posts].join(', ')}` });
    }
  }
  for (const example of scanned.examples) {
    const { facts, cue } = example;
    const at = (needle: string) => example.lineOf(`"${needle}"`) ?? example.lineOf(needle) ?? example.line;
    // As with keyed: a name's line is looked up only once it resolves to a marker (termOf adds nothing for none).
    const exampleName = (name: string, methodValue: boolean, inMessage: boolean) => {
      const found = resolve(name);
      if (found.length !== 0) termOf(found, at(name), 'json', cue, methodValue, inMessage, null);
    };
    for (const e of facts.envelopes) keyed(`envelope:${e.method}:${e.envelope}`, e.method, () => at(e.method), cue);
    for (const c of facts.capabilities) {
      keyed(`capability:${c.name}@${c.location}`, c.name, () => at(c.name), cue);
      for (const option of c.options) keyed(`capopt:${c.name}.${option}`, `${c.name}.${option}`, () => at(option), cue);
    }
    for (const code of facts.errorCodes) keyed(`error:${code}`, String(code), () => at(String(code)), cue);
    for (const method of facts.methods) exampleName(method, true, false);
    const own = records.byExample.get(example);
    for (const key of facts.keys) if (own === undefined || !own.has(key)) exampleName(key, false, facts.messageKeys.has(key));
    for (const value of facts.strings) if (value.length <= 80 && !/\s/.test(value)) exampleName(value, false, facts.messageStrings.has(value));
    // Objects that are together one array literal, each with all the keys one kind of an array type's items requires, are that type (a batch of requests).
    const siblings = example.siblings;
    if (siblings !== undefined && index.arrayTypes.length > 0) {
      const objects = siblings.map((keys) => new Set(keys.map(normalizeName)));
      for (const type of index.arrayTypes) {
        if (objects.every((keys) => type.items.some((item) => item.every((k) => keys.has(k))))) {
          hits.push({ key: type.marker.key, marker: type.marker, revision: null, token: type.marker.token, line: example.line, where: 'json', cue, methodValue: true, layout: `an array of ${siblings.length} objects, each of a kind its items take,` });
        }
      }
    }
    // An object with a type's fields (all its required ones, nothing it lacks) is that type, whatever its words.
    for (const keys of facts.objects) {
      if (keys.length < 2) continue;
      const names = keys.map(normalizeName);
      for (const type of index.shapedTypes.get(names[0]!) ?? NO_TYPES) {
        if (names.every((k) => type.fields.has(k)) && type.required.every((k) => names.includes(k))) {
          hits.push({ key: type.marker.key, marker: type.marker, revision: null, token: type.marker.token, line: at(keys[0]!), where: 'json', cue, methodValue: true });
        }
      }
    }
  }
  // A method named by an ordinary word is that method at every inline mention once the text names it as one.
  const methods = new Set(hits.filter((h) => h.methodValue && h.marker?.kind === 'method' && h.marker.wordLike).map((h) => h.key));
  for (const hit of wordMethods) if (methods.has(hit.key)) hits.push(hit);
  // A pair of ordinary words (`mode: "form"` in an app's settings) is the protocol's only within a few
  // lines of a protocol name that is no ordinary word, as a key or value inside a message is.
  const named = new Set(hits.filter((h) => h.marker !== null && !h.marker.wordLike && !h.wordPair && h.marker.kind !== 'section').map((h) => h.line));
  for (const hit of hits) {
    if (!hit.wordPair) continue;
    for (let d = -3; d <= 3; d++) if (named.has(hit.line + d)) hit.wordPair = false;
  }
  for (const heading of scanned.headings) {
    const marker = index.byKey.get(`section:${normalizeHeading(heading.text)}`);
    if (marker) hits.push({ key: marker.key, marker, revision: null, token: heading.text, line: heading.line, where: 'heading', cue: heading.cue, methodValue: false });
  }
  const proseLines = new Set<number>();
  for (const span of scanned.spans) if (span.context === 'prose' && span.text.trim() !== '') proseLines.add(span.line);
  subjectTaught(hits, proseLines.size);
  return { hits, hasCode, headings: scanned.headings, bareNamed };
}

/**
 * A type described field by field in prose ("an `Icon` has `src`, `mimeType`, `sizes`"): the
 * inline names of a run of nearby lines (no heading or code between) that are most of one
 * type's fields, its required ones among them, name that type as an object of its shape does,
 * though each is an ordinary word that alone would count for nothing. A language that writes
 * properties in Pascal case (`Source`, `MimeType`, `Sizes`) lists them in a table that may have
 * lost its code marks: capitalised words in the prose join the run too, and a field the schema
 * abbreviates (`src`) is named by a property that spells it out (`Source`: the same first letter,
 * the abbreviation's letters in order).
 */
function fieldRunReader(index: Index, hits: Hit[]): { read: (span: ScannedText['spans'][number]) => void; end: () => void } {
  let names = new Map<string, number>();
  /** Capitalised words of the prose in the run (normalized), with their lines: property names, or just words. */
  let words = new Map<string, number>();
  let last = -1;
  const end = () => {
    if (names.size + words.size >= FIELD_RUN_MIN) {
      const seen = new Set<ShapedType>();
      const all = new Map([...words, ...names]);
      for (const name of all.keys()) {
        for (const type of index.shapedTypes.get(name) ?? NO_TYPES) {
          if (seen.has(type)) continue;
          seen.add(type);
          // Each field of the type, by the name that names it in the run (itself, or a word spelling out its abbreviation).
          const named = new Map<string, string>();
          for (const field of type.fields) {
            if (field === '' || field.includes('[')) continue;
            if (all.has(field)) named.set(field, field);
            else for (const word of words.keys()) if (abbreviates(field, word)) named.set(field, word);
          }
          if (named.size < FIELD_RUN_MIN || 2 * named.size < keyCount(type) || !type.required.every((k) => k === '' || k.includes('[') || named.has(k))) continue;
          // Words every revision's types share (`uri`, `name`) could describe a type the fingerprints do not list (it never changed): two of the fields must be dated names themselves.
          let dated = 0;
          for (const field of named.keys()) if (index.byKey.has(`term:${field}`)) dated += 1;
          if (dated < 2) continue;
          const fields = (type.marker.fields ?? []).filter((f) => named.has(normalizeName(f)));
          const line = Math.min(...fields.map((f) => all.get(named.get(normalizeName(f))!)!));
          // Named in the prose when a capitalised word names one of them, else in inline code.
          const where: Where = [...named.values()].some((n) => !names.has(n)) ? 'prose' : 'inline';
          hits.push({ key: type.marker.key, marker: type.marker, revision: null, token: type.marker.token, line, where, cue: null, methodValue: true, layout: `its fields ${fields.map((f) => `\`${f}\``).join(', ')} named together` });
        }
      }
    }
    names = new Map();
    words = new Map();
  };
  const at = (line: number) => {
    if (line > last + FIELD_RUN_GAP) end();
    last = line;
  };
  const read = (span: ScannedText['spans'][number]) => {
    if (span.context === 'code' || span.context === 'heading') return end();
    // What the text explains as the past describes no type it teaches.
    if (span.cue !== null) return;
    if (span.context === 'prose') {
      if (!CAPITALISED.test(span.text)) return;
      let line = span.line;
      // The next line break after the last word: looked for once per line, not once per word.
      let newline = span.text.indexOf('\n');
      PASCAL.lastIndex = 0;
      for (let m = PASCAL.exec(span.text); m !== null; m = PASCAL.exec(span.text)) {
        while (newline !== -1 && newline < m.index) {
          line += 1;
          newline = span.text.indexOf('\n', newline + 1);
        }
        at(line);
        const word = normalizeName(m[0]);
        if (!words.has(word) && words.size < 64) words.set(word, line);
      }
      return;
    }
    if (span.context !== 'inline') return;
    at(span.line);
    const name = normalizeName(trimToken(span.text.trim()));
    if (!index.shapedTypes.has(name)) return;
    if (!names.has(name)) names.set(name, span.line);
  };
  return { read, end };
}
/** A word in Pascal case (`Source`, `MimeType`, `MIMEType`), as a property is written in C#, Go or Swift's structs. */
const PASCAL = /(?<![\w$.-])[A-Z][A-Za-z0-9]*(?![\w$-])/g;
const CAPITALISED = /[A-Z]/;

/** Is the field's name an abbreviation of the word (`src` of `source`): shorter, the same first letter, its letters in order? */
function abbreviates(field: string, word: string): boolean {
  if (field.length < 3 || field.length >= word.length || field[0] !== word[0]) return false;
  let j = 1;
  for (let i = 1; i < word.length && j < field.length; i++) if (word[i] === field[j]) j += 1;
  return j === field.length;
}
/** The keys an object of the type holds (its fields minus its own shape, `''`, and array items, `sizes[]`). */
function keyCount(type: ShapedType): number {
  let n = 0;
  for (const field of type.fields) if (field !== '' && !field.includes('[')) n += 1;
  return n;
}
/** At least this many of a type's fields, within this many lines of each other: a list of them, not a stray word. */
const FIELD_RUN_MIN = 3;
const FIELD_RUN_GAP = 3;

/** How a piece of code uses a name: applied to type arguments (`Name[str, …]`, `Name<T>`), called (`x.name(…)`), or as a property. */
interface CodeUses {
  generic: (name: string) => boolean;
  called: (name: string) => boolean;
  /** Some occurrence is a property: after `.`, quoted (`["name"]`), or a key (`name:`). */
  property: (name: string) => boolean;
}

function codeUses(code: string): CodeUses {
  const key = followedBy(code, KEY_AFTER);
  const asked = new Map<string, boolean>();
  const property = (name: string) => {
    let found = asked.get(name);
    if (found === undefined) {
      found = key(name);
      for (let at = code.indexOf(name); at !== -1 && !found; at = code.indexOf(name, at + name.length)) {
        const before = code[at - 1] ?? ' ';
        const after = code[at + name.length] ?? ' ';
        found = (before === '.' && !/[\w$]/.test(after)) || ((before === '"' || before === "'") && after === before);
      }
      asked.set(name, found);
    }
    return found;
  };
  return { generic: followedBy(code, TYPE_ARGUMENTS), called: followedBy(code, CALL), property };
}
const KEY_AFTER = /^\??\s*:(?!:)/;

/**
 * A field name the protocol writes in camel case (`taskId`, `createdAt`) is also what an app calls
 * its own variables and record keys: such a name counts only where it stands in a protocol message or
 * beside other names of the same protocol type.
 */
function ownRecordName(marker: Marker, variant: string): boolean {
  return marker.kind === 'field' && !marker.wordLike && CAMEL.test(variant);
}
const CAMEL = /[a-z][A-Z]/;

/**
 * Camel-case field names among the keys of the examples, sorted: `protocol` where one stands in a
 * protocol message or in an object most of whose keys (two at least) are fields of one type that
 * defines it; `app` where it stands only in other objects (an app's record `{ id, status, createdAt }`),
 * which are then no evidence, per example (`byExample`).
 */
function recordKeys(examples: ScannedText['examples'], index: Index, resolve: (token: string) => Resolved[]): { protocol: Set<string>; app: Set<string>; byExample: Map<ScannedText['examples'][number], Set<string>> } {
  const protocol = new Set<string>();
  const app = new Set<string>();
  const byExample = new Map<ScannedText['examples'][number], Set<string>>();
  for (const example of examples) {
    const { facts } = example;
    for (const key of facts.keys) {
      if (facts.messageKeys.has(key) || !resolve(key).some((r) => ownRecordName(r.marker, r.variant))) continue;
      const types = index.recordTypes.get(normalizeName(key)) ?? [];
      const beside = facts.objects.some((keys) => {
        if (keys.length < 2 || !keys.includes(key)) return false;
        const names = keys.map(normalizeName);
        return types.some((type) => {
          const of = names.filter((n) => type.has(n)).length;
          return of >= 2 && 2 * of > names.length;
        });
      });
      if (beside) {
        protocol.add(key);
        continue;
      }
      app.add(key);
      const own = byExample.get(example) ?? new Set<string>();
      own.add(key);
      byExample.set(example, own);
    }
  }
  return { protocol, app, byExample };
}

/** Whether some standalone occurrence of a name in the code is followed by what `next` matches, asked once per name. */
function followedBy(code: string, next: RegExp): (name: string) => boolean {
  const asked = new Map<string, boolean>();
  return (name) => {
    let found = asked.get(name);
    if (found === undefined) {
      found = false;
      for (let at = code.indexOf(name); at !== -1 && !found; at = code.indexOf(name, at + name.length)) found = next.test(code.slice(at + name.length, at + name.length + 2)) && !/[\w$]/.test(code[at - 1] ?? ' ');
      asked.set(name, found);
    }
    return found;
  };
}
const TYPE_ARGUMENTS = /^[[<][A-Za-z_]/;
const CALL = /^\s?\(/;

/**
 * JSON-RPC's words for a message: inline code followed by one of them names a method ("the `initialize` response").
 * The word ends as `(?!\w)`, not `\b` (the same after a letter), which V8 would copy into every alternative (see scan.ts).
 */
const MESSAGE_WORD = /^\s*(?:request|response|result|reply|notification|handshake|method|call|message|exchange)s?(?!\w)/i;

/**
 * Does the sentence call this word a capability ("advertises the `completions` capability", "its
 * completions capability")? The word, in code marks or not, then "capability" or "capabilities".
 */
function namedAsCapability(sentence: string, word: string): boolean {
  const lower = sentence.toLowerCase();
  const name = word.toLowerCase();
  for (let at = lower.indexOf(name); at !== -1; at = lower.indexOf(name, at + 1)) {
    if (/\w/.test(lower[at - 1] ?? ' ')) continue;
    if (CAPABILITY_WORD.test(lower.slice(at + name.length, at + name.length + 20))) return true;
  }
  return false;
}
const CAPABILITY_WORD = /^`?\s+capabilit(?:y|ies)(?!\w)/;

/** Is this inline code named as a JSON-RPC message (a method) by the word right after it? */
function namedAsMessage(span: { text: string; sentence?: string }): boolean {
  if (span.sentence === undefined) return false;
  const code = `\`${span.text}\``;
  for (let at = span.sentence.indexOf(code); at !== -1; at = span.sentence.indexOf(code, at + 1)) {
    if (MESSAGE_WORD.test(span.sentence.slice(at + code.length))) return true;
  }
  return false;
}

/**
 * A field with a value, as code writes it in any language (`mode: "form"`, `"type": "resource_link"`,
 * `mode="url"`): the pair is a protocol value when the schema defines that value for that field.
 */
const VALUE_PAIR = /["']?([A-Za-z_$][\w$]*)["']?\s*[:=]\s*["']([A-Za-z][\w./-]{0,60})["']/g;

function valuePairs(text: string, line: number, where: Context, cue: string | null, index: Index, hits: Hit[]): void {
  if (!text.includes('"') && !text.includes("'")) return;
  // Lines are looked up in the text's line starts, found on the first pair that names a value.
  let lineAt: ((offset: number) => number) | null = null;
  for (const m of text.matchAll(VALUE_PAIR)) {
    const key = `value:${normalizeName(m[1]!)}=${normalizeName(m[2]!)}`;
    const marker = index.byKey.get(key);
    if (!marker) continue;
    const words = /^[a-z]+$/i.test(m[1]!) && /^[a-z]+$/i.test(m[2]!);
    hits.push({ key, marker, revision: null, token: marker.token, line: (lineAt ??= lineLocator(text, line))(m.index), where, cue, methodValue: false, wordPair: words && !discriminates(index, m[1]!, marker, keysAround(text, m.index)) });
  }
}

/** The keys of the innermost object around a place in code (`{ type: "audio", data: …, mimeType: … }`), as written. */
function keysAround(text: string, at: number): string[] {
  const open = text.lastIndexOf('{', at);
  const close = text.indexOf('}', at);
  if (open === -1 || close === -1) return [];
  return [...text.slice(open + 1, close).matchAll(/(?:^|[{,\s])["']?([A-Za-z_$][\w$]*)["']?\s*[:=]/g)].map((k) => k[1]!);
}

/**
 * A pair that discriminates a type (`type: "audio"` in `{ type: "audio", data, mimeType }`): a type the
 * fingerprints know the fields of has the pair's key among them, came in the same revisions as the
 * value (the value is that type's, as a union's member declares its `type` const), and holds every
 * other key of the object. Then the pair names that type though its key, its value and the other
 * keys are all ordinary words.
 */
function discriminates(index: Index, key: string, value: Marker, keys: string[]): boolean {
  const names = [...new Set(keys.map(normalizeName))];
  if (names.length < 2) return false;
  const span = value.span.join(',');
  return (index.shapedTypes.get(normalizeName(key)) ?? NO_TYPES).some((type) => type.marker.span.join(',') === span && names.every((n) => type.fields.has(n)));
}

/** Whether an object (or one nested in it) holds a pair that discriminates a type (`discriminates`). */
function holdsDiscriminator(value: unknown, index: Index, depth = 0): boolean {
  if (depth > 8 || typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some((v) => holdsDiscriminator(v, index, depth + 1));
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  for (const [k, v] of Object.entries(record)) {
    if (typeof v === 'string') {
      const marker = index.byKey.get(`value:${normalizeName(k)}=${normalizeName(v)}`);
      if (marker && discriminates(index, k, marker, keys)) return true;
    } else if (holdsDiscriminator(v, index, depth + 1)) return true;
  }
  return false;
}

function only<T>(xs: T[]): T | null {
  return xs.length === 1 ? xs[0]! : null;
}

/** Dated revision ids anywhere, the draft only in a spec URL. */
function revisionMentions(text: string, line: number, context: Context, cue: string | null, index: Index, hits: Hit[]): void {
  // Prose writes a date as its writer does (`2025/11/25`); a path or a URL with slashes is no date.
  const pattern = context === 'url' ? index.mentions.url : context === 'prose' || context === 'heading' ? index.mentions.prose : index.mentions.text;
  if (pattern === null) return;
  // Prose may name a revision by its date in words ("July 28, 2026", "the July 28 spec"): the same mention.
  if (context === 'prose' || context === 'heading' || context === 'inline') datesInWords(text, line, context, cue, index, hits);
  // A mention holds an id, so it holds the id's first two characters: most spans hold none.
  if (!index.mentions.starts.some((start) => text.includes(start))) return;
  const found: Hit[] = [];
  // Each mention's line is looked up, and whether it sits in a link is read from the run of text
  // just before it: asking both of everything before each mention made a code block that names
  // revisions many times cost their number times its length.
  let lineAt: ((offset: number) => number) | null = null;
  for (const m of text.matchAll(pattern)) {
    const id = m[2]!.replace(DATE_SEPARATOR, '-');
    const at = m.index + m[1]!.length;
    const inUrl = context === 'url' || inLink(text, at);
    if (id === index.draftId && !text.endsWith('/specification/', at)) continue;
    const where: Where = inUrl ? 'url' : context;
    const lineNo = (lineAt ??= lineLocator(text, line))(at);
    found.push({ key: `revision:${id}`, marker: null, revision: id, token: id, line: lineNo, where, cue, methodValue: false });
  }
  // Several revisions named in one piece of code (a list of supported versions, a fallback)
  // say which ones the code accepts: it teaches the newest of them, the older are what it stays
  // compatible with, so they are background, never a bound of an era of their own. (In prose a
  // revision named is weak already: a table comparing revisions teaches none of them.)
  const ids = [...new Set(found.filter((h) => h.where === 'code' || h.where === 'json').map((h) => h.revision!))];
  if (ids.length > 1) {
    const newest = ids.reduce((a, b) => ((index.order.get(a) ?? -1) >= (index.order.get(b) ?? -1) ? a : b));
    for (const hit of found) if (ids.includes(hit.revision!) && hit.revision !== newest && hit.cue === null && (hit.where === 'code' || hit.where === 'json')) hit.cue = `listed beside ${newest}`;
  }
  hits.push(...found);
}

/**
 * A revision named by its date in words, derived from the revision ids: "July 28, 2026",
 * "28 July 2026", "Jul. 28th, 2026", or without the year where a word for a revision follows
 * ("the July 28 spec", "the Nov 25 release") and one revision has that month and day.
 */
function datesInWords(text: string, line: number, context: Context, cue: string | null, index: Index, hits: Hit[]): void {
  if (!DIGIT.test(text) || !MONTH_START.test(text)) return;
  let lineAt: ((offset: number) => number) | null = null;
  for (const m of text.matchAll(DATE_IN_WORDS)) {
    const month = monthOf(m[1] ?? m[5]!);
    const day = Number(m[2] ?? m[4]!);
    const year = m[3] ?? m[6];
    const candidates = index.datedIds.filter((id) => Number(id.slice(5, 7)) === month && Number(id.slice(8, 10)) === day && (year === undefined || id.startsWith(`${year}-`)));
    if (candidates.length !== 1) continue;
    const id = candidates[0]!;
    hits.push({ key: `revision:${id}`, marker: null, revision: id, token: id, line: (lineAt ??= lineLocator(text, line))(m.index), where: context, cue, methodValue: false });
  }
}
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = String.raw`(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sept?(?:ember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?`;
const MONTH_START = /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/i;
const DIGIT = /\d/;
const ORDINAL = String.raw`(?:st|nd|rd|th)?`;
/** Month day, year (or a revision word after it: spec, specification, revision, release, version, update, upgrade); day month year. */
const DATE_IN_WORDS = new RegExp(
  String.raw`\b${MONTH}\s+(\d{1,2})${ORDINAL}(?:(?:,\s*|\s+)(\d{4})(?!\d)|(?=(?:'s)?(?:\s+[A-Za-z]+)?\s+(?:spec|specification|revision|release|version|update|upgrade)s?(?![\w-])))|\b(\d{1,2})${ORDINAL}\s+${MONTH},?\s+(\d{4})(?!\d)`,
  'gi',
);
function monthOf(name: string): number {
  return MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
}

/**
 * Whether `at` follows `http://` or `https://` with no white space between (what
 * /https?:\/\/\S*$/ asks of all the text before `at`), read back over the last run of text
 * without white space only.
 */
function inLink(text: string, at: number): boolean {
  let start = at;
  while (start > 0 && !WHITE_SPACE.test(text[start - 1]!)) start -= 1;
  return LINK_START.test(text.slice(start, at));
}
const WHITE_SPACE = /\s/;
const LINK_START = /https?:\/\//;

/** Any of the ids, standing alone (not inside a longer name or number); null for none. A date may be written with slashes where `slashes`. */
function mentionPattern(ids: string[], slashes = false): RegExp | null {
  if (ids.length === 0) return null;
  if (!slashes) return new RegExp(`(^|[^\\w-])(${ids.map(escapeRegExp).join('|')})(?![\\w-]*\\d)`, 'g');
  return new RegExp(`(^|[^\\w/-])(${ids.map((s) => escapeRegExp(s).replace(/-/g, '[-/]')).join('|')})(?![\\w/-]*\\d)`, 'g');
}
const DATE_SEPARATOR = /\//g;

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// ── weighing ────────────────────────────────────────────────────────────────────────────

function spanOf(hit: Hit): string[] {
  return hit.marker ? hit.marker.span : [hit.revision!];
}

function weightOf(hit: Hit, index: Index): number {
  if (!hit.marker) return REVISION_WEIGHT[hit.where];
  const m = hit.marker;
  let w = KIND_WEIGHT[m.kind] * CONTEXT_WEIGHT[hit.where];
  if (m.wordLike && !hit.methodValue && !hit.feature) {
    if (hit.where !== 'json' || m.kind === 'section') return 0;
    w *= WORD_IN_EXAMPLE;
  }
  const n = index.data.revisions.length;
  // A transport kept for compatibility says as much as where it was defined.
  const carried = m.span.length - (m.compat?.length ?? 0);
  // A marker few revisions carry says more; one most carry still bounds the answer, so it keeps half its weight.
  w *= n > 1 ? 0.5 + (0.5 * (n - carried)) / (n - 1) : 1;
  w *= Math.max(0.5, 1 / (1 + 0.05 * Math.max(0, m.pages - 1)));
  return w;
}

/** Outdated: the latest revision no longer has it (it ended before the latest). */
function isOutdated(span: readonly string[], index: Index): boolean {
  if (index.latest === null) return false;
  const latest = index.order.get(index.latest)!;
  return span.every((id) => (index.order.get(id) ?? 0) < latest);
}

export function detectRevision(text: string, data: FingerprintData, options: DetectOptions = {}): WhichResult {
  const index = indexOf(data);
  const { hits, hasCode, headings, bareNamed } = collectHits(text, index);
  // The section an item stands in: where a text's halves (one per era) begin and end.
  const sectionOf = (line: number) => {
    let lo = 0;
    let hi = headings.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (headings[mid]!.line <= line) lo = mid + 1;
      else hi = mid;
    }
    return lo - 1;
  };

  // Group by marker: teaching hits make evidence; a marker named only while explaining an
  // older revision is background, counted at a fraction of its weight and never a bound.
  const teaching = new Map<string, { hits: Hit[]; weights: number[] }>();
  const background = new Map<string, { hits: Hit[]; weights: number[] }>();
  for (const hit of hits) {
    const w = weightOf(hit, index);
    if (w <= 0) continue;
    const groups = hit.cue !== null ? background : teaching;
    const group = groups.get(hit.key) ?? { hits: [], weights: [] };
    group.hits.push(hit);
    group.weights.push(w);
    groups.set(hit.key, group);
  }
  for (const key of teaching.keys()) background.delete(key);
  const items: Item[] = [];
  const toItem = (key: string, group: { hits: Hit[]; weights: number[] }, cue: string | null): Item => {
    let best = 0;
    for (let i = 1; i < group.weights.length; i++) {
      if (group.weights[i]! > group.weights[best]! || (group.weights[i] === group.weights[best] && group.hits[i]!.line < group.hits[best]!.line)) best = i;
    }
    const hit = group.hits[best]!;
    const repeat = 1 + 0.1 * Math.min(group.hits.length - 1, 5);
    // A dated link in a list of references alone cites a page read, as a revision named in prose does: weak.
    const revisionInProse = hit.revision !== null && ((hit.where !== 'url' && hit.where !== 'code' && hit.where !== 'json') || hit.reference === true);
    return {
      key,
      marker: hit.marker,
      token: hit.marker?.token ?? hit.token,
      span: spanOf(hit),
      weight: group.weights[best]! * repeat * (cue === null ? 1 : BACKGROUND_SHARE),
      line: hit.line,
      where: hit.where,
      // An enum value alone is a word (`input_required` is a task status and a result type); with its field it is a pair marker.
      // A feature named by an ordinary word (`elicitation` in a heading) tells the topic, not which shape is taught.
      weak: (hit.marker?.wordLike === true && !hit.methodValue) || hit.wordPair === true || hit.marker?.kind === 'section' || (hit.marker?.kind === 'value' && key.startsWith('term:')) || revisionInProse,
      undated: hit.revision !== null && hit.revision === index.draftId,
      background: cue,
      section: sectionOf(hit.line),
      mentions: group.hits.length,
      ...(hit.layout ? { layout: hit.layout } : {}),
    };
  };
  for (const [key, group] of teaching) items.push(toItem(key, group, null));
  for (const [key, group] of background) items.push(toItem(key, group, group.hits[0]!.cue));
  items.sort((a, b) => a.line - b.line || (a.key < b.key ? -1 : 1));

  const decision = decide({ items, data, order: index.order, named: new Set([...hits.map((h) => h.key), ...bareNamed]), hasCode, spanText: (span, marker) => spanText(span, index, marker) });
  const chosen = decision.chosen;
  const setAside = new Set(decision.setAside);

  const teachingItems = items.filter((i) => i.background === null);
  const linkedInBody = new Set(hits.filter((h) => h.where === 'url' && h.reference !== true).map((h) => h.key));
  const referenced = new Set(hits.filter((h) => h.reference === true && h.revision !== null && !linkedInBody.has(h.key)).map((h) => h.key));
  const evidence: Evidence[] = teachingItems.map((item) => {
    const implied = implies(item, chosen, index);
    let why = explain(item, index);
    if (setAside.has(item)) why += item.marker === null && item.where === 'url' ? "; a citation: the text's own names need other revisions, so it is set aside" : '; outside the intersection of the rest, set aside as outweighed';
    else if (!isStrong(item) && !item.undated) why += `${referenced.has(item.key) ? '; listed among the references, a page read rather than what the text shows' : ''}; weak: breaks ties only, never a bound`;
    const e: Evidence = { token: item.token, implies: implied, why, line: item.line, kind: item.marker?.kind ?? 'revision', context: item.where, weight: round(item.weight), span: item.span };
    if (item.marker?.shape) e.shape = item.marker.shape;
    return e;
  });
  const outdated: Outdated[] = [];
  for (const item of teachingItems) {
    if (!item.marker || !isOutdated(item.span, index)) continue;
    const gone = removedIn(item.span, data.revisions);
    if (!gone) continue;
    const o: Outdated = { token: item.token, removedIn: gone, line: item.line, key: item.key };
    if (item.marker.shape) o.shape = item.marker.shape;
    outdated.push(o);
  }
  const backgroundList: BackgroundMention[] = items
    .filter((i) => i.background !== null)
    .map((i) => ({ token: i.token, line: i.line, why: `named while explaining an older revision ("${i.background}"): counted at a quarter of its weight, never a bound; ${spanText(i.span, index, i.marker)}` }));

  const result: WhichResult = {
    revision: chosen.length === 0 ? null : chosen.length === 1 ? chosen[0]! : 'mixed',
    revisions: chosen,
    confidence: decision.confidence,
    evidence,
    outdated,
    compatible: decision.compatible,
    background: backgroundList,
    alsoValid: decision.alsoValid,
    runnerUp: decision.runnerUp,
    decidedBy: decision.decidedBy,
    explanation: decision.explanation,
    steps: decision.steps,
    eras: decision.eras.map((era) => ({ revision: era.revision, compatible: era.interval, evidence: [...new Set(era.items.map((i) => i.token))] })),
  };
  return options.source !== undefined ? remapLines(result, text, options.source) : result;
}

function implies(item: Item, chosen: string[], index: Index): string {
  const agreeing = chosen.find((id) => item.span.includes(id));
  if (agreeing) return agreeing;
  return isOutdated(item.span, index) ? item.span.at(-1)! : item.span[0]!;
}

const KIND_WORDS: Record<MarkerKind, string> = {
  method: 'method',
  envelope: 'message shape',
  definition: 'type',
  field: 'field',
  value: 'value',
  term: 'name',
  'error-code': 'error code',
  capability: 'capability',
  'capability-option': 'capability option',
  section: 'section heading',
  transport: 'transport',
};

const WHERE_WORDS: Record<Where, string> = {
  json: 'in an example',
  code: 'in code',
  inline: 'in inline code',
  prose: 'in the prose',
  heading: 'in a heading',
  url: 'in a link',
};

function explain(item: Item, index: Index): string {
  if (!item.marker) {
    const id = item.span[0]!;
    if (item.undated) return `${item.where === 'url' ? 'links to' : 'names'} the draft specification: written before a release, so it counts for the released revision its shapes match, not for the draft`;
    return item.where === 'url' ? `links to the ${id} specification` : item.where === 'code' || item.where === 'json' ? `names revision ${id} in code` : `names revision ${id} ${WHERE_WORDS[item.where]}`;
  }
  const m = item.marker;
  const what = m.kind === 'transport' ? `the ${m.token} transport${item.layout ? ` by its ${m.endpoints} endpoints (${item.layout})` : ''}`
    : m.kind === 'envelope' ? `${m.token} ${m.shape ?? ''}`.trim()
    : m.kind === 'capability' ? `capability ${m.token} ${m.shape ?? ''}`.trim()
    : m.kind === 'definition' && item.layout ? `type ${m.token} by ${item.layout}`
    : m.borrowed && item.layout ? `${m.borrowed.document}, named by its title ("${item.layout}"; the spec's ${m.token} comes from it)`
    : m.kind === 'error-code' ? `error code ${m.token}${m.shape ? ` (${m.shape})` : ''}`
    : m.wordLike && !item.weak && item.where !== 'json' && m.kind !== 'method' ? `feature ${m.token}`
    : `${KIND_WORDS[m.kind]} ${m.token}`;
  const caveats: string[] = [];
  if (item.weak) caveats.push('an ordinary word, weak');
  if (m.pages > 3) caveats.push(`${m.pages} places in the spec use it, weaker`);
  if (m.namedIn) caveats.push(`the schema named it in ${m.namedIn}, but the shape is older: no proof of ${m.namedIn}`);
  if (m.borrowed) caveats.push(`part of ${m.borrowed.document}, another standard the spec cites from ${m.borrowed.since}`);
  return `${what} ${WHERE_WORDS[item.where]}: ${spanText(m.span, index, m)}${caveats.length ? ` (${caveats.join('; ')})` : ''}`;
}

/** "only 2025-11-25 has it", "2026-07-28 and later", "2025-06-18 to 2025-11-25; removed in 2026-07-28". */
function spanText(span: readonly string[], index: Index, marker?: Pick<Marker, 'compat' | 'extension'> | null): string {
  const compat = marker?.compat;
  if (compat && compat.length > 0) {
    const defined = span.filter((id) => !compat.includes(id));
    return `defined in ${defined.length === 1 ? defined[0] : `${defined[0]} to ${defined.at(-1)}`}; ${compat.length === 1 ? compat[0] : `${compat[0]} to ${compat.at(-1)}`} keep${compat.length === 1 ? 's' : ''} it only for backwards compatibility (deprecated)`;
  }
  const revisions = index.data.revisions;
  const first = span[0]!;
  const last = span.at(-1)!;
  const gone = removedIn(span, revisions);
  const introduced = index.order.get(first)! > 0 ? `introduced in ${first}` : `in every revision from ${first}`;
  if (span.length === 1) return gone ? `only ${first} has it (${introduced}, removed in ${gone})` : `only ${first} has it`;
  const extension = marker?.extension;
  if (extension && span.includes(extension.since)) return `${first} and later have it (introduced in ${first}; from ${extension.since} in the ${extension.name} extension, no longer in the core)`;
  if (!gone) return `${first} and later have it (${introduced})`;
  return `${first} to ${last} have it; removed in ${gone}`;
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

/**
 * Lines in the extracted text → lines in the raw source: the k-th occurrence of a token in
 * the text is taken to be its k-th in the source (boilerplate that was dropped rarely names
 * protocol identifiers). Falls back to the text's line.
 */
function remapLines(result: WhichResult, text: string, source: string): WhichResult {
  const textLines = text.split('\n');
  // Split once, not once per piece of evidence.
  const sourceLines = source.split('\n');
  const map = (token: string, line: number): number => {
    let nth = 0;
    for (let i = 0; i < Math.min(line, textLines.length); i++) nth += occurrences(textLines[i]!, token, i === line - 1);
    if (nth === 0) nth = 1;
    let seen = 0;
    for (let i = 0; i < sourceLines.length; i++) {
      seen += occurrences(sourceLines[i]!, token, false);
      if (seen >= nth) return i + 1;
    }
    return line;
  };
  return {
    ...result,
    evidence: result.evidence.map((e) => ({ ...e, line: map(e.token, e.line) })),
    outdated: result.outdated.map((o) => ({ ...o, line: map(o.token, o.line) })),
    background: result.background.map((b) => ({ ...b, line: map(b.token, b.line) })),
    decidedBy: result.decidedBy.map((d) => ({ ...d, line: d.line === null ? null : map(d.token, d.line) })),
  };
}

function occurrences(line: string, token: string, firstOnly: boolean): number {
  if (!token) return 0;
  let n = 0;
  for (let at = line.indexOf(token); at !== -1; at = line.indexOf(token, at + token.length)) {
    n += 1;
    if (firstOnly) break;
  }
  return n;
}
