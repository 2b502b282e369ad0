import type { Change } from '../../src/index.ts';
import { dice, parsePage, parseSchemaText, tokens, type Rule, type SchemaModel } from '../../src/site-entry.ts';
import { diffPageOf } from './diff-page.ts';
import { pairLinks } from './record-links.ts';
import { pairData } from './reports.ts';
import { pagesOf, pageText, revisionPairs, schemaText, specSet, type RevisionPair } from './spec.ts';
import { href, paths } from './urls.ts';

/**
 * "Since when", a blame by revision: for every normative rule, method and schema field a
 * revision page shows, the revision that introduced it and the one that last changed it,
 * each linked to that step's record. Derived from the adjacent pairs' reports (the same
 * changes every view counts): a rule a step's report added was introduced then; a rule it
 * changed keeps the introduction of the rule it was before; a rule no record touches is
 * the older revision's rule, unchanged. Nothing here knows a rule, method or field by name.
 */

export interface Blame {
  /** The revision that introduced it; null when the revisions here do not say (it was there before a rewording no record names). */
  introduced: string | null;
  /** Where that step shows it (null for the first revision: nothing before it to compare). */
  introducedHref: string | null;
  /** The last step that changed it after it was introduced, with its record. */
  changed: { revision: string; href: string } | null;
}

export interface PageBlame {
  /** Rules and methods, by the page line they start on, each with a short label ("MUST", a method). */
  byLine: Map<number, { label: string; blame: Blame }[]>;
  /** Schema fields and definitions, by the element id the reference page gives them (their row or heading names them: no label). */
  byId: Map<string, { label: null; blame: Blame; fields?: string | null }[]>;
}

const norm = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/** The adjacent pair into `revision`, if any. */
function stepInto(revision: string): RevisionPair | undefined {
  return revisionPairs().find((p) => p.adjacent && p.new === revision);
}

/** Each rule of a page, by its normalized text and by its line. */
interface RuleBlames {
  byText: Map<string, Blame>;
  byLine: Map<number, Blame>;
}
const ruleMemo = new Map<string, Promise<RuleBlames>>();

/** Each rule of a page of a revision, by its normalized text. */
function ruleBlames(base: string, revision: string, page: string): Promise<RuleBlames> {
  const key = `${base}\0${revision}\0${page}`;
  let found = ruleMemo.get(key);
  if (!found) {
    found = computeRules(base, revision, page);
    ruleMemo.set(key, found);
  }
  return found;
}

async function computeRules(base: string, revision: string, page: string): Promise<RuleBlames> {
  const rules = parsePage(pageText(revision, page)).rules;
  const out: RuleBlames = { byText: new Map(), byLine: new Map() };
  const set = (rule: Rule, blame: Blame) => {
    out.byText.set(norm(rule.text), blame);
    out.byLine.set(rule.line, blame);
  };
  const step = stepInto(revision);
  if (!step) {
    for (const rule of rules) set(rule, { introduced: revision, introducedHref: null, changed: null });
    return out;
  }
  const data = await pairData(step);
  const links = await pairLinks(base, step);
  const pairPage = data.pages.find((p) => p.new === page);
  const diff = pairPage ? diffPageOf(data, pairPage.key) : null;
  // Informative pages' records too: they say when text came, even if they are not counted.
  const records = diff ? diff.report.changes.filter((c) => c.after) : [];
  // A rule's own record first (by its line, then its text), else any record at its line (a capability moved inside it).
  const ruleRecords = records.filter((c) => c.kind === 'rule');
  const byLine = new Map(ruleRecords.map((c) => [c.after!.line, c]));
  const byText = new Map(ruleRecords.map((c) => [norm(c.after!.text), c]));
  const atLine = new Map(records.filter((c) => c.kind !== 'rule').map((c) => [c.after!.line, c]));
  const olderPage = pairPage?.old ?? diff?.splitFrom?.page ?? null;
  if (olderPage === null) {
    // A page new in this revision: everything on it was introduced here.
    const added = pairPage && records.find((c) => c.id === 'page-added');
    const href = added ? links.record(added.fingerprint) : null;
    for (const rule of rules) set(rule, { introduced: revision, introducedHref: href, changed: null });
    return out;
  }
  const older = await ruleBlames(base, step.old, olderPage);
  const olderTexts = [...older.byText.keys()].map((text) => ({ text, words: tokens(text) }));
  for (const rule of rules) {
    const key = norm(rule.text);
    const record = byLine.get(rule.line) ?? byText.get(key) ?? leadInRecord(rule, ruleRecords);
    if (record) {
      const href = links.record(record.fingerprint);
      if (record.action === 'added' || !record.before) {
        set(rule, { introduced: revision, introducedHref: href, changed: null });
        continue;
      }
      const fromPage = typeof record.before['page'] === 'string' ? oldIdOf(data.pages, record.before['page']) ?? olderPage : olderPage;
      const from = fromPage === null ? undefined : fromPage === olderPage ? older : await ruleBlames(base, step.old, fromPage);
      // The older rule by its line (a record quotes a list item with its lead-in), else by its words.
      const before = (record.before.line === null ? undefined : from?.byLine.get(record.before.line)) ?? from?.byText.get(norm(record.before.text));
      set(rule, { introduced: before?.introduced ?? null, introducedHref: before?.introducedHref ?? null, changed: { revision, href } });
      continue;
    }
    const same = older.byText.get(key);
    if (same) {
      // Untouched by the step: the older revision's rule, as it was.
      set(rule, same);
      continue;
    }
    // Reworded without a rule record of its own (the wording of what it names changed): the closest older rule's introduction.
    const words = tokens(rule.text);
    const closest = olderTexts.map((o) => ({ o, score: dice(words, o.words) })).sort((a, b) => b.score - a.score)[0];
    const inherited = closest && closest.score >= SAME_RULE ? older.byText.get(closest.o.text)! : null;
    const near = atLine.get(rule.line);
    const diffHref = href(base, paths.diff(step.old, step.new, pairPage!.key));
    if (!inherited) {
      // Neither recorded nor like any older rule (a page the schema speaks for has few records of its own): new here.
      set(rule, { introduced: revision, introducedHref: near ? links.record(near.fingerprint) : diffHref, changed: null });
      continue;
    }
    set(rule, { introduced: inherited.introduced, introducedHref: inherited.introducedHref, changed: { revision, href: near ? links.record(near.fingerprint) : diffHref } });
  }
  return out;
}

/**
 * A list item that takes its keyword from a lead-in ("clients MUST try, in order:") is
 * reported with its lead-in, on the lead-in's line: the record just above it that states
 * the lead-in.
 */
function leadInRecord(rule: Rule, records: readonly Change[]): Change | undefined {
  if (!rule.leadIn) return undefined;
  const lead = norm(rule.leadIn).slice(0, 40);
  return records
    .filter((c) => c.after!.line !== null && c.after!.line < rule.line && c.after!.line >= rule.line - LIST_REACH && norm(c.after!.text).includes(lead))
    .sort((a, b) => b.after!.line! - a.after!.line!)[0];
}

/** How far below its lead-in a list item may stand (lines). */
const LIST_REACH = 40;

/** How alike two wordings must be (Dice coefficient of their words) to be one rule reworded. */
const SAME_RULE = 0.6;

/** The older id of a page the report names by its newer id (a record's `before.page`). */
function oldIdOf(pages: readonly { old: string | null; new: string | null }[], id: string): string | null {
  const pair = pages.find((p) => p.new === id || p.old === id);
  return pair?.old ?? null;
}

/** Per step: the first counted record about each schema definition, each top-level field (`Def.field`) and each method. */
interface StepIndex {
  definitions: Map<string, Change>;
  fields: Map<string, Change>;
  methods: Map<string, Change>;
}

const stepIndexes = new Map<string, Promise<StepIndex>>();

function stepIndex(step: RevisionPair): Promise<StepIndex> {
  const key = `${step.old}\0${step.new}`;
  let found = stepIndexes.get(key);
  if (!found) {
    found = pairData(step).then(({ report }) => {
      const index: StepIndex = { definitions: new Map(), fields: new Map(), methods: new Map() };
      const first = (map: Map<string, Change>, name: string, record: Change) => map.has(name) || map.set(name, record);
      for (const record of report.changes) {
        if (record.informative) continue;
        if (record.kind === 'message') first(index.methods, record.subject, record);
        if (record.source !== 'schema') continue;
        const [definition, field] = record.subject.split(/[.[{]/, 2);
        if (definition) first(index.definitions, definition, record);
        if (definition && field) first(index.fields, `${definition}.${field}`, record);
      }
      return index;
    });
    stepIndexes.set(key, found);
  }
  return found;
}

/** The latest step after `since` and up to `revision` whose index holds a record about the name, with that record's link. */
async function lastChange(base: string, revision: string, since: string | null, find: (index: StepIndex) => Change | undefined): Promise<Blame['changed']> {
  const ids = specSet().revisions.map((r) => r.id);
  const from = since === null ? -1 : ids.indexOf(since);
  for (let i = ids.indexOf(revision); i > from && i > 0; i--) {
    const step = stepInto(ids[i]!);
    if (!step) continue;
    const record = find(await stepIndex(step));
    if (record) return { revision: step.new, href: (await pairLinks(base, step)).record(record.fingerprint) };
  }
  return null;
}

interface NameHistory {
  /** Revisions (oldest first) that have the name. */
  present: string[];
}

/** The revision that introduced a name: the first of the unbroken run of revisions up to `revision` that have it. */
function introducedIn(history: NameHistory, revision: string): string | null {
  const ids = specSet().revisions.map((r) => r.id);
  let at = ids.indexOf(revision);
  if (!history.present.includes(revision)) return null;
  while (at > 0 && history.present.includes(ids[at - 1]!)) at -= 1;
  return ids[at]!;
}

const schemas = new Map<string, SchemaModel | null>();

function schemaOf(revision: string): SchemaModel | null {
  if (!schemas.has(revision)) {
    const text = schemaText(revision);
    schemas.set(revision, text === null ? null : parseSchemaText(text, `${revision}:schema`));
  }
  return schemas.get(revision)!;
}

const methodMemo = new Map<string, Set<string>>();

/** Every method a revision names: its pages' messages and its schema's method-bearing definitions. */
function methodsOf(revision: string): Set<string> {
  let found = methodMemo.get(revision);
  if (!found) {
    found = new Set<string>();
    for (const page of pagesOf(revision)) for (const m of parsePage(pageText(revision, page)).messages) if (m.method) found.add(m.method);
    for (const d of schemaOf(revision)?.definitions ?? []) if (d.message) found.add(d.message.method);
    methodMemo.set(revision, found);
  }
  return found;
}

/** The schema's definitions that carry a method, by method, in a revision. */
function definitionsOf(revision: string, method: string): string[] {
  return (schemaOf(revision)?.definitions ?? []).filter((d) => d.message?.method === method).map((d) => d.name);
}

async function methodBlame(base: string, revision: string, method: string): Promise<Blame> {
  const present = specSet().revisions.map((r) => r.id).filter((id) => methodsOf(id).has(method));
  const introduced = introducedIn({ present }, revision);
  const definitions = definitionsOf(revision, method);
  const find = (index: StepIndex) => index.methods.get(method) ?? definitions.map((d) => index.definitions.get(d)).find(Boolean);
  const changed = await lastChange(base, revision, introduced, find);
  const step = introduced ? stepInto(introduced) : undefined;
  const introducing = step ? find(await stepIndex(step)) : undefined;
  const introducedHref = step && introducing ? (await pairLinks(base, step)).record(introducing.fingerprint) : null;
  return { introduced, introducedHref, changed };
}

/** Blame of each definition and top-level field of the schema, by the reference page's element ids. */
async function schemaBlames(base: string, revision: string): Promise<PageBlame['byId']> {
  const out: PageBlame['byId'] = new Map();
  const schema = schemaOf(revision);
  if (!schema) return out;
  const ids = specSet().revisions.map((r) => r.id);
  for (const def of schema.definitions) {
    const defPresent = ids.filter((id) => schemaOf(id)?.byName.has(def.name));
    const defIntroduced = introducedIn({ present: defPresent }, revision);
    const defBlame: Blame = { introduced: defIntroduced, introducedHref: null, changed: await lastChange(base, revision, defIntroduced, (index) => index.definitions.get(def.name)) };
    let marked = 0;
    for (const path of def.fields.keys()) {
      if (path === '' || /[.[{]/.test(path)) continue;
      const present = ids.filter((id) => schemaOf(id)?.byName.get(def.name)?.fields.has(path));
      const introduced = introducedIn({ present }, revision);
      const name = `${def.name}.${path}`;
      const blame: Blame = { introduced, introducedHref: null, changed: await lastChange(base, revision, introduced, (index) => index.fields.get(name)) };
      // A field as old as its definition and never changed is told by the definition's mark (the generated page is long: one mark each would not fit its budget).
      if (blame.introduced === defIntroduced && blame.changed === null) continue;
      out.set(`user-content-${def.name}-${path}`.toLowerCase(), [{ label: null, blame }]);
      marked += 1;
    }
    out.set(def.name.toLowerCase(), [{ label: null, blame: defBlame, fields: def.fields.size > 1 ? (marked > 0 ? 'unmarked fields: as old, unchanged' : 'its fields: as old, unchanged') : null }]);
  }
  return out;
}

/**
 * The since-when marks of one revision page: its rules and methods by line, and, on a page
 * generated from the schema, its definitions and fields by element id.
 */
export async function pageBlame(base: string, revision: string, page: string): Promise<PageBlame> {
  const doc = parsePage(pageText(revision, page));
  const rules = await ruleBlames(base, revision, page);
  const byLine: PageBlame['byLine'] = new Map();
  const add = (line: number, label: string, blame: Blame) => byLine.set(line, [...(byLine.get(line) ?? []), { label, blame }]);
  for (const rule of doc.rules) add(rule.line, rule.keyword, rules.byLine.get(rule.line) ?? { introduced: null, introducedHref: null, changed: null });
  const methods = new Map<string, number>();
  for (const m of doc.messages) if (m.method && (m.envelope === 'request' || m.envelope === 'notification' || m.envelope === 'bare-call') && !methods.has(m.method)) methods.set(m.method, m.line);
  for (const [method, line] of methods) add(line, method, await methodBlame(base, revision, method));
  const mirrorsSchema = schemaOf(revision) !== null && doc.sections.some((s) => schemaOf(revision)!.byName.has(s.heading.replace(/`/g, '')));
  return { byLine, byId: mirrorsSchema ? await schemaBlames(base, revision) : new Map() };
}
