import type { FingerprintData, Marker, MarkerKind } from './fingerprints.ts';
import type { Context } from './scan.ts';

/**
 * From weighed evidence to an answer, reasoning like a reader:
 *
 * 1. **Support**: each revision collects the weight of the evidence it carries.
 * 2. **Absence**: a revision whose central shapes for the feature the text is about (a
 *    message shape, a method, a capability or its option, an error code, a field) the text
 *    never names loses a small share of their weight, so that between revisions the
 *    evidence fits about equally, the one whose changes the text does not show loses.
 *    "The feature the text is about" is every page where the fingerprints saw the text's
 *    own evidence change; "central" is the marker's kind. Both come from the diffs.
 * 3. **The answer** is the revision with the best score; between revisions that score the
 *    same (they accept the same evidence), the earliest: the text was written for the first
 *    revision that has everything it shows, and later revisions that accept it all are also
 *    valid. A draft therefore wins only with evidence that only the draft has.
 * 4. **Mixed**: a further revision is taught when evidence only it explains is substantial
 *    code, and either a fair share of the whole or what dominates a section of its own (one
 *    half of a page, one branch of a table, for a second era).
 *
 * Browser-safe, no imports beyond types.
 */

export type Where = Context | 'json';

export interface Item {
  key: string;
  marker: Marker | null;
  token: string;
  span: string[];
  weight: number;
  line: number;
  where: Where;
  /** An ordinary word: shown and counted in the confidence, but never what decides the answer. */
  weak: boolean;
  /** A mention of the draft: the revision it became is unknown, so it never decides. */
  undated: boolean;
  /** Index of the section (heading below the title) the evidence stands in; -1 before any. */
  section: number;
}

export interface Separator {
  token: string;
  /** For shapes: the words that qualify the token ("declared in capabilities"). */
  shape?: string;
  /** Null for evidence that is absent from the text. */
  line: number | null;
  /** The revision this piece of evidence favours over the other. */
  favours: string;
  weight: number;
  why: string;
}

export interface Decision {
  chosen: string[];
  confidence: number;
  alsoValid: string[];
  runnerUp: string | null;
  decidedBy: Separator[];
  explanation: string;
}

/** Kinds of marker central to a revision's change of a feature: their absence counts. */
const CENTRAL: Partial<Record<MarkerKind, number>> = { envelope: 4, capability: 4, 'capability-option': 3, method: 3, 'error-code': 3, field: 2 };
/** Share of a missing central marker's weight a revision loses. */
const ABSENCE_SHARE = 0.1;
/** A page is part of the text's feature when this share of the heaviest page's evidence changed on it. */
const FEATURE_PAGE_SHARE = 0.5;
/** Below this much deciding evidence in all, the text is not recognised. */
const NULL_BELOW = 1;
/** A second revision is taught (mixed) when what it alone explains has this much code evidence… */
const MIXED_CODE_MIN = 3;
/** …and is at least this share of what the first explains, or dominates a section. */
const MIXED_SHARE_MIN = 0.25;
const EPSILON = 1e-9;

export interface DecideInput {
  items: Item[];
  data: FingerprintData;
  order: Map<string, number>;
  /** Marker keys the text names anywhere (teaching or background). */
  named: Set<string>;
  hasCode: boolean;
}

export function decide(input: DecideInput): Decision {
  const { items, data, order } = input;
  const ids = data.revisions.map((r) => r.id);
  const deciding = items.filter((i) => !i.weak && !i.undated);
  const none: Decision = { chosen: [], confidence: 0, alsoValid: [], runnerUp: null, decidedBy: [], explanation: '' };
  if (sum(deciding.map((i) => i.weight)) < NULL_BELOW) {
    const explanation = items.length === 0
      ? 'The text names nothing the fingerprints know.'
      : `Only weak evidence (${items.length} ordinary word${items.length === 1 ? '' : 's'} or name${items.length === 1 ? '' : 's'} most revisions share): too little to name a revision.`;
    return { ...none, explanation };
  }

  const support = new Map(ids.map((id) => [id, scoreOf(id, deciding)]));
  const absent = absentCentral(input, deciding);
  const score = new Map(ids.map((id) => [id, support.get(id)! - ABSENCE_SHARE * sum((absent.get(id) ?? []).map((m) => CENTRAL[m.kind]!))]));
  const best = earliestBest(ids, (id) => score.get(id)!);

  const chosen = [best];
  let remaining = deciding.filter((i) => !i.span.includes(best));
  while (remaining.length > 0 && chosen.length < ids.length) {
    const next = earliestBest(ids.filter((id) => !chosen.includes(id)), (id) => scoreOf(id, remaining));
    if (scoreOf(next, remaining) <= 0 || !teachesToo(next, chosen, deciding, remaining, input.hasCode)) break;
    chosen.push(next);
    remaining = remaining.filter((i) => !i.span.includes(next));
  }
  chosen.sort((a, b) => order.get(a)! - order.get(b)!);

  // Also valid: later revisions whose protocol accepts every shape and name the text shows (a text naming
  // its revision's date is no less valid under a later revision that kept everything it shows).
  const shapes = deciding.filter((i) => i.marker !== null);
  const contradiction = (id: string) => sum(shapes.filter((i) => !i.span.includes(id)).map((i) => i.weight));
  const alsoValid = chosen.length === 1 ? ids.filter((id) => order.get(id)! > order.get(best)! && contradiction(id) <= contradiction(best) + EPSILON) : [];
  const others = ids.filter((id) => !chosen.includes(id));
  // The runner-up: what the evidence supports most after the answer (the absence of its central shapes breaks ties);
  // for a mixed text, the single revision it would have been without its other half.
  const runnerUp = chosen.length > 1 ? best : ([...others].sort((a, b) => support.get(b)! - support.get(a)! || score.get(b)! - score.get(a)! || order.get(a)! - order.get(b)!)[0] ?? null);
  // A revision that also accepts everything is not a rival: the earliest is the answer by rule, not by a close call.
  const rivals = others.filter((id) => !alsoValid.includes(id));
  const rival = rivals.length > 0 ? earliestBest(rivals, (id) => score.get(id)!) : null;

  const counted = items.filter((i) => !i.undated);
  const total = sum(counted.map((i) => i.weight));
  const covered = sum(counted.filter((i) => i.span.some((id) => chosen.includes(id))).map((i) => i.weight));
  const strength = 1 - Math.exp(-covered / 4);
  let separation = 1;
  if (chosen.length === 1 && rival !== null) {
    const top = score.get(best)!;
    separation = 0.5 + 0.5 * (top > 0 ? Math.max(0, 1 - Math.max(0, score.get(rival)!) / top) : 0);
  }
  const confidence = Math.round((covered / total) * strength * separation * 100) / 100;

  const missingOnlyInRunnerUp = (absent.get(runnerUp ?? '') ?? []).filter((m) => !m.span.some((id) => chosen.includes(id)));
  const decidedBy = runnerUp === null ? [] : chosen.length > 1 ? separators(chosen.filter((id) => id !== best), best, deciding, []).filter((d) => d.favours !== best) : separators(chosen, runnerUp, deciding, missingOnlyInRunnerUp);
  return { chosen, confidence, alsoValid, runnerUp, decidedBy, explanation: explain(chosen, alsoValid, runnerUp, decidedBy, confidence, new Set(ids)) };
}

function scoreOf(id: string, among: Item[]): number {
  return sum(among.filter((i) => i.span.includes(id)).map((i) => i.weight));
}

/** The best-scoring id; on a tie, the first (the earliest revision). */
function earliestBest(ids: string[], score: (id: string) => number): string {
  let best = ids[0]!;
  let top = score(best);
  for (const id of ids.slice(1)) {
    const s = score(id);
    if (s > top + EPSILON) {
      best = id;
      top = s;
    }
  }
  return best;
}

/**
 * For each revision, the central markers of the text's feature it carries that the text
 * never names. The feature: the pages where the differs saw the text's deciding evidence come
 * or go (the schema aside: every feature has a schema).
 */
function absentCentral(input: DecideInput, deciding: Item[]): Map<string, Marker[]> {
  // The feature's pages: those most of the evidence changed on (a generic method touches many pages, a little each).
  const weightOfPage = new Map<string, number>();
  for (const item of deciding) {
    for (const page of new Set((item.marker?.origins ?? []).map(pageOf))) {
      if (page && page !== 'schema') weightOfPage.set(page, (weightOfPage.get(page) ?? 0) + item.weight);
    }
  }
  const heaviest = Math.max(0, ...weightOfPage.values());
  const pages = new Set([...weightOfPage].filter(([, w]) => w >= FEATURE_PAGE_SHARE * heaviest).map(([page]) => page));
  const out = new Map<string, Marker[]>();
  if (pages.size === 0) return out;
  for (const marker of input.data.markers) {
    if (CENTRAL[marker.kind] === undefined || marker.wordLike || marker.namedIn || input.named.has(marker.key)) continue;
    if (!marker.origins.some((o) => pages.has(pageOf(o) ?? ''))) continue;
    // Every revision that carries it lacks it in the text alike: later ones do not escape by inheriting it.
    for (const id of marker.span) {
      const list = out.get(id) ?? [];
      list.push(marker);
      out.set(id, list);
    }
  }
  return out;
}

/** `2025-11-25 client/elicitation: required-field-added` → `client/elicitation`. */
function pageOf(origin: string): string | null {
  const m = /^\S+ (.+?): /.exec(origin);
  return m ? m[1]! : null;
}

function teachesToo(next: string, chosen: string[], deciding: Item[], remaining: Item[], hasCode: boolean): boolean {
  const inCode = (i: Item) => i.where === 'json' || i.where === 'code' || (!hasCode && i.where === 'inline');
  const own = remaining.filter((i) => i.span.includes(next));
  if (sum(own.filter(inCode).map((i) => i.weight)) < MIXED_CODE_MIN) return false;
  const covered = sum(deciding.map((i) => i.weight)) - sum(remaining.map((i) => i.weight));
  if (sum(remaining.map((i) => i.weight)) >= MIXED_SHARE_MIN * covered) return true;
  // A section of its own: there, code only the next revision explains outweighs what only the chosen ones explain.
  const sections = new Set(own.filter(inCode).map((i) => i.section));
  for (const section of sections) {
    if (section < 0) continue;
    const theirs = sum(own.filter((i) => i.section === section && inCode(i)).map((i) => i.weight));
    const ours = sum(deciding.filter((i) => i.section === section && !i.span.includes(next) && i.span.some((id) => chosen.includes(id))).map((i) => i.weight));
    if (theirs >= MIXED_CODE_MIN && theirs > ours) return true;
  }
  return false;
}

/** What separates the answer from the runner-up: evidence one has and the other lacks, and central shapes the text lacks. */
function separators(chosen: string[], runnerUp: string, deciding: Item[], missing: Marker[]): Separator[] {
  const out: Separator[] = [];
  const seen = new Set<string>();
  for (const item of [...deciding].sort((a, b) => b.weight - a.weight || a.line - b.line)) {
    const forChosen = item.span.some((id) => chosen.includes(id)) && !item.span.includes(runnerUp);
    const forRunner = item.span.includes(runnerUp) && !item.span.some((id) => chosen.includes(id));
    if ((!forChosen && !forRunner) || seen.has(item.key)) continue;
    seen.add(item.key);
    const favours = forChosen ? chosen.find((id) => item.span.includes(id))! : runnerUp;
    const what = item.marker ? `${item.marker.kind === 'envelope' ? `${item.token} ${item.marker.shape ?? ''}`.trim() : item.token}` : item.token;
    out.push({ token: item.token, ...(item.marker?.shape ? { shape: item.marker.shape } : {}), line: item.line, favours, weight: round(item.weight), why: forChosen ? `${what}: ${runnerUp} does not have it` : `${what}: only ${runnerUp} of the two has it` });
  }
  const shown = out.slice(0, 6);
  for (const marker of [...missing].sort((a, b) => CENTRAL[b.kind]! - CENTRAL[a.kind]!).slice(0, 4)) {
    const what = marker.shape ? `${marker.token} ${marker.shape}` : marker.token;
    shown.push({ token: marker.token, ...(marker.shape ? { shape: marker.shape } : {}), line: null, favours: chosen[0]!, weight: round(ABSENCE_SHARE * CENTRAL[marker.kind]!), why: `${what} is central to this feature in ${runnerUp}; the text never shows it` });
  }
  return shown;
}

function explain(chosen: string[], alsoValid: string[], runnerUp: string | null, decidedBy: Separator[], confidence: number, ids: Set<string>): string {
  const list = (xs: string[]) => (xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`);
  const parts: string[] = [];
  if (chosen.length > 1) {
    const other = decidedBy.map((d) => (d.shape ? `${d.token} (${d.shape})` : d.token)).slice(0, 3);
    parts.push(`The text gives code for ${list(chosen)}, each with evidence the other lacks, so it teaches both${runnerUp && other.length ? `: beside ${runnerUp}, it shows ${list(other)}` : ''}.`);
  }
  else if (alsoValid.length > 0) parts.push(`${chosen[0]} is the earliest revision that accepts all the evidence; ${list(alsoValid)} also accept${alsoValid.length === 1 ? 's' : ''} it.`);
  if (runnerUp !== null && chosen.length === 1) {
    const named = (d: Separator) => (d.shape ? `${d.token} (${d.shape})` : d.token);
    const present = decidedBy.filter((d) => d.line !== null && d.favours !== runnerUp && !ids.has(d.token)).map(named).slice(0, 3);
    const dates = decidedBy.filter((d) => d.line !== null && d.favours !== runnerUp && ids.has(d.token)).map((d) => d.token).slice(0, 2);
    const against = decidedBy.filter((d) => d.line !== null && d.favours === runnerUp).map(named).slice(0, 2);
    const missing = decidedBy.filter((d) => d.line === null).map(named).slice(0, 3);
    const reasons: string[] = [];
    if (present.length) reasons.push(`it shows ${list(present)}, which ${runnerUp} lacks`);
    if (dates.length) reasons.push(`it names ${list(dates)}`);
    if (missing.length) reasons.push(`it never shows ${list(missing)}, central to ${runnerUp}`);
    const same = alsoValid.includes(runnerUp) && present.length === 0 && against.length === 0;
    if (same) parts.push(`The runner-up, ${runnerUp}, accepts the same shapes${missing.length ? ` but the text never shows ${list(missing)}, central to it` : ''}${dates.length ? `, and the text names ${list(dates)}` : ''}; the earlier revision is the answer.`);
    else if (reasons.length) parts.push(`The runner-up is ${runnerUp}: ${reasons.join(', and ')}${against.length ? ` (only ${list(against)} point${against.length === 1 ? 's' : ''} to ${runnerUp})` : ''}.`);
    else parts.push(`The runner-up is ${runnerUp}.`);
  }
  parts.push(confidence >= 0.75 ? 'Confidence is high: the evidence is strong and points one way.' : confidence >= 0.4 ? 'Confidence is moderate: the evidence is either thin or partly shared with the runner-up.' : 'Confidence is low: little evidence, or evidence most revisions share.');
  return parts.join(' ');
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
