import type { FingerprintData, Marker, MarkerKind } from './fingerprints.ts';
import type { Context } from './scan.ts';

/**
 * From weighed evidence to an answer, by intervals:
 *
 * 1. **Strong evidence bounds the answer.** Each protocol name the text teaches carries the
 *    interval of revisions that define it (first .. last, from the fingerprints); a dated spec
 *    link or a revision in code carries that one revision. The answer lies in the
 *    intersection of the strong evidence's intervals, so it can never be earlier than the
 *    newest name's first revision nor later than the oldest name's last.
 * 2. **When the intervals do not meet**, the revisions the most weight agrees on form an
 *    era; what falls outside it is either a second era (substantial code only another
 *    revision explains, a fair share of the whole or dominating a section of its own: the
 *    text is mixed) or outweighed and set aside, saying so.
 * 3. **Inside an era's intersection**, weak evidence (ordinary words, headings, revisions
 *    named in prose, background mentions at a fraction of their weight) and the absence of
 *    shapes central to the text's feature break ties; nothing moves the answer outside it.
 *    On a tie the earliest revision wins: the text was written for the first revision that
 *    has everything it shows, and later ones that accept it all are also valid.
 * 4. **Confidence** follows from the steps: agreement (the share of the evidence's weight
 *    consistent with the answer) × strength (how much evidence) × decisiveness (1 unless weak
 *    evidence had to pick a later revision over an earlier one the bounds allowed).
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
  /** An ordinary word, a heading, a revision named in prose: counted, but never a bound. */
  weak: boolean;
  /** A mention of the draft: the revision it became is unknown, so it never decides. */
  undated: boolean;
  /** Named while explaining an older revision: counted at a fraction of its weight, never a bound. */
  background: string | null;
  /** Index of the section (heading below the title) the evidence stands in; -1 before any. */
  section: number;
  /** How many times the text names it this way (teaching, or background). */
  mentions: number;
  /** For a transport recognised by its endpoints, or a type by its fields, rather than its name: what the text shows. */
  layout?: string;
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

/** One era of a text: the strong evidence that agrees, the revisions it allows, the answer among them. */
interface Era {
  revision: string;
  interval: string[];
  items: Item[];
}

interface Decision {
  chosen: string[];
  eras: Era[];
  /** Strong evidence outside every era: outweighed, set aside. */
  setAside: Item[];
  compatible: string[];
  confidence: number;
  alsoValid: string[];
  runnerUp: string | null;
  decidedBy: Separator[];
  explanation: string;
  steps: string[];
}

/** Kinds of marker central to a revision's change of a feature: their absence counts. */
const CENTRAL: Partial<Record<MarkerKind, number>> = { envelope: 4, capability: 4, 'capability-option': 3, method: 3, 'error-code': 3, field: 2 };
/** Share of a missing central marker's weight a revision loses (ties inside an intersection only). */
const ABSENCE_SHARE = 0.1;
/** A page is part of the text's feature when this share of the heaviest page's evidence changed on it. */
const FEATURE_PAGE_SHARE = 0.5;
/** Below this much strong evidence in all, the text is not recognised. */
const NULL_BELOW = 1;
/** A second era needs this much code evidence only it explains… */
const MIXED_CODE_MIN = 3;
/** In a text without code blocks, a second era needs this many mentions in inline code instead. */
const PROSE_MENTIONS_MIN = 2;
/** …and this share of what the first era explains, or a section it dominates. */
const MIXED_SHARE_MIN = 0.25;
/** Decisiveness when weak evidence chose a later revision than the earliest the bounds allow. */
const PICKED_LATER = 0.75;
const EPSILON = 1e-9;

interface DecideInput {
  items: Item[];
  data: FingerprintData;
  order: Map<string, number>;
  /** Marker keys the text names anywhere (teaching or background). */
  named: Set<string>;
  hasCode: boolean;
  /** Words for an interval ("2025-11-25 and later"), shared with the evidence lines. */
  spanText: (span: readonly string[], marker?: Pick<Marker, 'compat' | 'extension'> | null) => string;
}

export function isStrong(item: Item): boolean {
  return !item.weak && !item.undated && item.background === null;
}

/** A link to a dated page of the spec: what the author read, which bounds the answer only where the text's own names allow it. */
function isCitation(item: Item): boolean {
  return item.marker === null && item.where === 'url';
}

/**
 * Is this evidence more than a name in passing? Code shows it (an example, a code block), or the
 * text comes back to it (two mentions, of one name or of two).
 */
function substantial(items: Item[]): boolean {
  if (sum(items.filter((i) => i.where === 'json' || i.where === 'code').map((i) => i.weight)) >= NULL_BELOW) return true;
  return sum(items.map((i) => i.mentions)) >= PROSE_MENTIONS_MIN && sum(items.map((i) => i.weight)) >= NULL_BELOW;
}

export function decide(input: DecideInput): Decision {
  const { items, data, order } = input;
  const ids = data.revisions.map((r) => r.id);
  const strong = items.filter(isStrong);
  const ties = items.filter((i) => !isStrong(i) && !i.undated);
  const none: Decision = { chosen: [], eras: [], setAside: [], compatible: [], confidence: 0, alsoValid: [], runnerUp: null, decidedBy: [], explanation: '', steps: [] };
  const steps: string[] = [];
  for (const item of [...strong].sort((a, b) => b.weight - a.weight || a.line - b.line).slice(0, 12)) steps.push(`${item.token} (line ${item.line}): ${input.spanText(item.span, item.marker)}.`);
  if (strong.length > 12) steps.push(`…and ${strong.length - 12} more pieces of strong evidence.`);
  if (sum(strong.map((i) => i.weight)) < NULL_BELOW) {
    // The strong pieces were listed above as bounds: the step says they are too light, not that there are none.
    const light = strong.length;
    const others = items.length - light;
    const explanation = items.length === 0
      ? 'The text names nothing the fingerprints know.'
      : light > 0
        ? `The strong evidence weighs ${round(sum(strong.map((i) => i.weight)))}, less than the ${NULL_BELOW} it takes to bound a revision (${light === 1 ? 'one name' : `${light} names`} in passing${others > 0 ? `, besides ${others} weak piece${others === 1 ? '' : 's'}` : ''}): no answer.`
        : `Only weak evidence (${items.length} ordinary word${items.length === 1 ? '' : 's'}, heading${items.length === 1 ? '' : 's'}, background mention${items.length === 1 ? '' : 's'} or revision${items.length === 1 ? '' : 's'} named in prose): too little to bound a revision.`;
    return { ...none, explanation, steps: [...steps, explanation] };
  }

  // ── citations: a dated link names the page the author read, not the shapes the text teaches ──
  // It bounds the answer like a name, unless the text's own protocol names need other revisions and
  // are more than a name in passing (code, or names the text comes back to): then the names decide,
  // and the link only narrows an era whose interval holds it.
  const protocol = strong.filter((i) => !isCitation(i));
  const contradicted = sum(protocol.map((i) => i.weight)) < NULL_BELOW ? [] : strong.filter((i) => isCitation(i) && substantial(protocol.filter((n) => !n.span.includes(i.span[0]!))));
  const bounding = strong.filter((i) => !contradicted.includes(i));

  // ── eras: the revision most strong weight agrees on, its items, their intersection ──
  const absent = absentCentral(input, strong);
  const eras: Era[] = [];
  let remaining = bounding;
  while (remaining.length > 0) {
    const pivot = earliestBest(ids, (id) => scoreOf(id, remaining));
    const agreeing = remaining.filter((i) => i.span.includes(pivot));
    if (eras.length > 0 && !teachesToo(agreeing, pivot, eras.flatMap((e) => e.items), bounding, input.hasCode)) break;
    const interval = ids.filter((id) => agreeing.every((i) => i.span.includes(id)));
    eras.push({ revision: interval[0]!, interval, items: agreeing });
    remaining = remaining.filter((i) => !i.span.includes(pivot));
  }
  // A mixed text's sections belong to its eras: evidence standing in an era's own sections that
  // the era's interval also allows narrows it ("mode: \"form\"" in the 2025 half bounds that half too).
  if (eras.length > 1) {
    // An era's sections: where its evidence no other era's interval allows stands.
    const sectionsOf = (era: Era) => {
      const elsewhere = new Set(eras.filter((e) => e !== era).flatMap((e) => e.interval));
      return new Set(era.items.filter((i) => !i.span.some((id) => elsewhere.has(id))).map((i) => i.section));
    };
    for (const era of eras) {
      const others = new Set(eras.filter((e) => e !== era).flatMap((e) => [...sectionsOf(e)]));
      const own = new Set([...sectionsOf(era)].filter((s) => s >= 0 && !others.has(s)));
      for (const item of bounding) {
        if (era.items.includes(item) || !own.has(item.section)) continue;
        const narrowed = era.interval.filter((id) => item.span.includes(id));
        if (narrowed.length > 0) {
          era.interval = narrowed;
          era.items.push(item);
        }
      }
    }
  }
  // A link the names contradicted still narrows the era whose interval holds its revision (a mixed text's half).
  const citationsAside: Item[] = [];
  for (const link of contradicted) {
    const era = eras.find((e) => e.interval.includes(link.span[0]!));
    if (era) {
      era.interval = era.interval.filter((id) => link.span.includes(id));
      era.items.push(link);
    } else citationsAside.push(link);
  }
  // Inside each era's bounds: weak evidence and absence break ties, the earliest wins what is left. The
  // weak evidence of a mixed text's era is what stands in its own sections, not in the other era's.
  for (const era of eras) {
    const theirs = new Set(eras.filter((e) => e !== era).flatMap((e) => e.items.map((i) => i.section)));
    const own = new Set(era.items.map((i) => i.section).filter((s) => !theirs.has(s)));
    const local = eras.length === 1 ? ties : ties.filter((t) => own.has(t.section));
    const tieScore = (id: string) => scoreOf(id, local) - ABSENCE_SHARE * sum((absent.get(id) ?? []).map((m) => CENTRAL[m.kind]!));
    const picked = earliestBest(era.interval, tieScore);
    // Absence alone never moves the answer past the earliest revision the bounds allow: a later revision
    // that dropped a shape lacks it as the text does, which says nothing about what the text teaches.
    era.revision = scoreOf(picked, local) > scoreOf(era.interval[0]!, local) + EPSILON ? picked : era.interval[0]!;
  }
  const setAside = [...remaining, ...citationsAside];
  eras.sort((a, b) => order.get(a.revision)! - order.get(b.revision)!);
  const chosen = eras.map((e) => e.revision);
  const compatible = ids.filter((id) => eras.some((e) => e.interval.includes(id)));

  // Steps: how the intervals met.
  for (const era of eras) {
    const bounds = intervalWords(era.interval);
    steps.push(eras.length === 1
      ? `Intersection of the strong evidence: ${bounds}.`
      : `Era ${eras.indexOf(era) + 1}: ${list(unique(era.items.map((i) => i.token)).slice(0, 4))}${era.items.length > 4 ? ' and more' : ''} meet in ${bounds}.`);
  }
  if (eras.length > 1) steps.push(`The eras do not overlap and each has substantial code of its own: the text teaches ${list(chosen)} side by side (mixed).`);
  if (remaining.length > 0) steps.push(`Set aside, outweighed (outside the intersection, not a second era): ${list(unique(remaining.map((i) => `${i.token} (line ${i.line})`)).slice(0, 4))}.`);
  for (const link of citationsAside) steps.push(`Set aside: the link to the ${link.token} specification (line ${link.line}) is a citation; the text's own names need ${list(eras.map((e) => intervalWords(e.interval)))}.`);
  const weakCount = ties.filter((i) => i.background === null).length;
  const backgroundCount = ties.length - weakCount;
  if (weakCount > 0) steps.push(`${weakCount} weak piece${weakCount === 1 ? '' : 's'} of evidence (ordinary words, headings, revisions named in prose) only break${weakCount === 1 ? 's' : ''} ties inside the intersection.`);
  if (backgroundCount > 0) steps.push(`${backgroundCount} background mention${backgroundCount === 1 ? '' : 's'} (named while explaining an older revision) count${backgroundCount === 1 ? 's' : ''} at a quarter of ${backgroundCount === 1 ? 'its' : 'their'} weight, never as a bound.`);

  // Also valid, runner-up, what decided.
  const single = eras.length === 1 ? eras[0]! : null;
  const alsoValid = single ? single.interval.filter((id) => order.get(id)! > order.get(single.revision)!) : [];
  const total = (id: string) => scoreOf(id, strong) + scoreOf(id, ties) - ABSENCE_SHARE * sum((absent.get(id) ?? []).map((m) => CENTRAL[m.kind]!));
  const others = ids.filter((id) => !chosen.includes(id));
  const runnerUp = eras.length > 1
    ? [...eras].sort((a, b) => sum(b.items.map((i) => i.weight)) - sum(a.items.map((i) => i.weight)))[0]!.revision
    : ([...others].sort((a, b) => total(b) - total(a) || order.get(a)! - order.get(b)!)[0] ?? null);
  let decisiveness = 1;
  if (single) {
    const earliest = single.interval[0]!;
    if (earliest !== single.revision) {
      decisiveness = PICKED_LATER;
      steps.push(`Inside ${intervalWords(single.interval)}, weak evidence and absent shapes favour ${single.revision} over ${earliest}.`);
    } else if (single.interval.length > 1) steps.push(`Inside ${intervalWords(single.interval)}, ${single.revision} is the earliest: the first revision that has everything the text shows (${list(alsoValid)} also accept${alsoValid.length === 1 ? 's' : ''} it).`);
    else steps.push(`Only ${single.revision} has all of it.`);
  }

  const counted = items.filter((i) => !i.undated && i.background === null);
  const all = sum(counted.map((i) => i.weight));
  const agreeing = sum(counted.filter((i) => i.span.some((id) => chosen.includes(id))).map((i) => i.weight));
  const kept = sum(eras.flatMap((e) => e.items).map((i) => i.weight));
  const agreement = all > 0 ? agreeing / all : 0;
  const strength = 1 - Math.exp(-kept / 4);
  // Never certain: evidence read from prose and code is never proof.
  const confidence = Math.min(0.99, Math.round(agreement * strength * decisiveness * 100) / 100);
  steps.push(`Confidence ${confidence.toFixed(2)} = agreement ${agreement.toFixed(2)} (share of the evidence's weight that fits the answer) × strength ${strength.toFixed(2)} (weight ${kept.toFixed(1)} of bounding evidence) × decisiveness ${decisiveness.toFixed(2)}.`);

  const missingOnlyInRunnerUp = (absent.get(runnerUp ?? '') ?? []).filter((m) => !m.span.some((id) => chosen.includes(id)));
  const decidedBy = runnerUp === null ? [] : eras.length > 1 ? separators(chosen.filter((id) => id !== runnerUp), runnerUp, strong, []).filter((d) => d.favours !== runnerUp) : separators(chosen, runnerUp, [...strong, ...ties], missingOnlyInRunnerUp);
  const explanation = explain(eras, setAside, alsoValid, runnerUp, decidedBy, confidence, new Set(ids));
  return { chosen, eras, setAside, compatible, confidence, alsoValid, runnerUp, decidedBy, explanation, steps };
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
 * never names. The feature: the pages where the differs saw the text's strong evidence come
 * or go (the schema aside: every feature has a schema).
 */
function absentCentral(input: DecideInput, strong: Item[]): Map<string, Marker[]> {
  const weightOfPage = new Map<string, number>();
  for (const item of strong) {
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

/** Is the next era real teaching (substantial code, a fair share or a section of its own), not a stray name? */
function teachesToo(own: Item[], pivot: string, covered: Item[], strong: Item[], hasCode: boolean): boolean {
  const inCode = (i: Item) => i.where === 'json' || i.where === 'code' || (!hasCode && i.where === 'inline');
  const least = MIXED_CODE_MIN;
  if (hasCode) {
    if (sum(own.filter(inCode).map((i) => i.weight)) < least) return false;
  } else {
    // A page without code blocks teaches in inline code: what it comes back to (a name mentioned twice, or two names) is
    // taught, a name mentioned once in passing is not. Its weight must still bound an answer.
    const taught = own.filter(inCode);
    if (sum(taught.map((i) => i.mentions)) < PROSE_MENTIONS_MIN || sum(taught.map((i) => i.weight)) < NULL_BELOW) return false;
  }
  if (sum(own.map((i) => i.weight)) >= MIXED_SHARE_MIN * sum(covered.map((i) => i.weight))) return true;
  // A section of its own: there, code only the new era explains outweighs what only the earlier eras explain.
  for (const section of new Set(own.filter(inCode).map((i) => i.section))) {
    if (section < 0) continue;
    const theirs = sum(own.filter((i) => i.section === section && inCode(i)).map((i) => i.weight));
    const ours = sum(strong.filter((i) => i.section === section && !i.span.includes(pivot) && covered.includes(i)).map((i) => i.weight));
    if (theirs >= least && theirs > ours) return true;
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

function explain(eras: Era[], setAside: Item[], alsoValid: string[], runnerUp: string | null, decidedBy: Separator[], confidence: number, ids: Set<string>): string {
  const parts: string[] = [];
  const named = (d: Separator) => (d.shape ? `${d.token} (${d.shape})` : d.token);
  if (eras.length > 1) {
    const other = decidedBy.map(named).slice(0, 3);
    parts.push(`The text gives code for ${list(eras.map((e) => e.revision))}, each with evidence the other lacks, so it teaches both${runnerUp && other.length ? `: beside ${runnerUp}, it shows ${list(other)}` : ''}.`);
  } else {
    const era = eras[0]!;
    parts.push(`The strong evidence meets in ${intervalWords(era.interval)}; ${era.revision} is ${era.interval[0] === era.revision ? 'the earliest revision there' : 'where the weak evidence points inside it'}${alsoValid.length ? `, and ${list(alsoValid)} also accept${alsoValid.length === 1 ? 's' : ''} it` : ''}.`);
    if (runnerUp !== null) {
      const present = decidedBy.filter((d) => d.line !== null && d.favours !== runnerUp && !ids.has(d.token)).map(named).slice(0, 3);
      const missing = decidedBy.filter((d) => d.line === null).map(named).slice(0, 3);
      const reasons: string[] = [];
      if (present.length) reasons.push(`it shows ${list(present)}, which ${runnerUp} lacks`);
      if (missing.length) reasons.push(`it never shows ${list(missing)}, central to ${runnerUp}`);
      parts.push(reasons.length ? `The runner-up is ${runnerUp}: ${reasons.join(', and ')}.` : `The runner-up is ${runnerUp}.`);
    }
  }
  if (setAside.length > 0) parts.push(`${list(unique(setAside.map((i) => i.token)).slice(0, 3))} point${setAside.length === 1 ? 's' : ''} elsewhere and ${setAside.length === 1 ? 'was' : 'were'} set aside as outweighed.`);
  parts.push(confidence >= 0.75 ? 'Confidence is high: the evidence is strong and points one way.' : confidence >= 0.4 ? 'Confidence is moderate: the evidence is either thin or partly disagrees.' : 'Confidence is low: little evidence, or evidence that disagrees.');
  return parts.join(' ');
}

/** "2025-11-25 to draft", "2025-06-18 only". */
function intervalWords(interval: string[]): string {
  if (interval.length === 1) return `${interval[0]} only`;
  return `${interval[0]} to ${interval.at(-1)}`;
}

function list(xs: string[]): string {
  return xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`;
}

function unique(xs: string[]): string[] {
  return [...new Set(xs)];
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
