import type { Rfc2119Keyword } from '../model/document.ts';
import { lastName } from '../model/field-names.ts';
import type { PageOutline, SectionSpan } from '../model/outline.ts';
import type { Change, ChangeSide } from '../records/change.ts';

/**
 * What the grouping needs to know of each record, read once: which way it goes, where it
 * sits (its section path on the side it stands on), and which names it is about or
 * mentions. Names come from the record itself: its subject for the kinds that are about a
 * name, and the code spans of its wording.
 */

type Side = 'old' | 'new';
export type Direction = 'added' | 'removed' | 'changed';

/** The pages of both sides, by page id ('' for a diff of two loose pages). */
export type Outlines = (page: string, side: Side) => PageOutline | undefined;

export interface RecordFacts {
  index: number;
  change: Change;
  /** The page the record is listed on ('' outside a revision diff). */
  page: string;
  direction: Direction;
  /** The side it is placed on: the old one for what went, else the new one. */
  side: Side;
  /** The page on that side (a record that moved between pages keeps its old page on the old side). */
  sidePage: string;
  line: number | null;
  /** Its section's heading path on that side, outermost first. */
  path: readonly string[];
  /** Canonical names the record is about: a method, a definition, an error code, a field path, a heading. */
  about: string[];
  /** Other spellings of those names a page uses (an error constant's name without its kind word): for meeting mentions, never a feature of their own. */
  aliases: string[];
  /** For a field: its last name and the words of what it belongs to (to meet the same field told another way). */
  field: { leaf: string; owner: Set<string> } | null;
  /** Names in code in its wording, per side. */
  mentions: { old: Set<string>; new: Set<string> };
}

/** A name as the grouping compares names: no code marks or quotes, lower case. */
export function canonicalName(text: string): string {
  return text.replace(/[`*"']/g, '').replace(/\{\}|\[\]/g, '').trim().toLowerCase();
}

/** A heading as a name: letters and digits only ("Widget Jammed Error" meets `WidgetJammedError`). */
export function squashed(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** The names a text writes in code: a whole identifier-like span, or the identifiers inside a longer one. */
export function namesInCode(text: string): Set<string> {
  const names = new Set<string>();
  for (const match of text.matchAll(/`([^`\n]+)`/g)) {
    const span = match[1]!.trim();
    if (/^[\w$@./:-]+$/.test(span)) names.add(canonicalName(span));
    for (const token of span.matchAll(/[A-Za-z_$@][\w$@./-]*|-?\d{3,}/g)) {
      const name = canonicalName(token[0].replace(/[./-]+$/, ''));
      if (name.length >= 2 && !JSON_WORDS.has(name)) names.add(name);
    }
  }
  return names;
}

const JSON_WORDS = new Set(['true', 'false', 'null', 'undefined']);

/** The definition a schema field's path starts with (`Pageable.cursor` → `Pageable`, `Meta["k"]` → `Meta`). */
export function fieldOwner(path: string): string {
  return path.split(/[.[{]/)[0] ?? path;
}

/** The types a shape's description lists (`name: A | B (optional)` → A, B): the schema differ's wording of a definition or field. */
export function typeAtoms(text: string): string[] {
  const colon = text.indexOf(': ');
  return colon < 0 ? [] : text.slice(colon + 2).replace(/ \((?:required|optional)\)$/, '').split(' | ').map((t) => t.trim()).filter(Boolean);
}

/** The last name of a field path, as the grouping compares names (model/field-names.ts). */
export function fieldLeaf(path: string): string {
  return canonicalName(lastName(path));
}

/** The words of a name or heading, camelCase split, each cut to a short stem so "Elicitation" meets "Elicit". */
export function ownerWords(text: string): Set<string> {
  const words = text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 3 && !OWNER_NOISE.has(w));
  return new Set(words.map((w) => w.slice(0, 6)));
}

/** Words every shape name may carry: they say nothing of which shape. */
const OWNER_NOISE = new Set(['params', 'param', 'the', 'and', 'object', 'schema', 'type', 'types', 'field', 'fields']);

function directionOf(change: Change): Direction {
  if (change.before === null) return 'added';
  if (change.after === null) return 'removed';
  return 'changed';
}

function textOf(side: ChangeSide | null): string {
  if (!side) return '';
  const extra = [side['leadIn'], side['about'], side['rule']].filter((v): v is string => typeof v === 'string');
  return [side.text, ...extra].join(' ');
}

/** The names a record is about, by its kind (the catalog's kinds), and for fields their leaf and owner. */
function aboutNames(change: Change): { about: string[]; aliases: string[]; field: RecordFacts['field'] } {
  const about = new Set<string>();
  const aliases = new Set<string>();
  const fromSchema = change.source === 'schema';
  // A schema record's section is the definition it is in: the definition stands for the record's name too.
  const definition = fromSchema ? (change.section.new ?? change.section.old) : null;
  let field: RecordFacts['field'] = null;
  switch (change.kind) {
    case 'message':
      about.add(canonicalName(change.subject.replace(/ (result|error)$/, '')));
      if (definition) about.add(canonicalName(definition));
      break;
    case 'error-code': {
      about.add(canonicalName(change.subject));
      const name = (change.before ?? change.after)?.['name'];
      if (typeof name === 'string') about.add(canonicalName(name));
      if (definition) about.add(canonicalName(definition));
      // A constant named after its kind (`HeaderMismatchError`) is told in prose by its name alone (`HeaderMismatch`).
      for (const named of [...about]) {
        const bare = named.replace(/_?error$/, '');
        if (bare.length >= 4 && bare !== named && !/^-?\d+$/.test(bare)) aliases.add(bare);
      }
      break;
    }
    case 'definition':
      about.add(canonicalName(change.subject));
      break;
    case 'schema-field': {
      const leaf = fieldLeaf(change.subject);
      const owner = fromSchema ? (definition ?? '') : change.subject.replace(/\s*›[^›]*$/, '').replace(/\s+\S+$/, '');
      field = { leaf, owner: ownerWords(owner || (change.section.new ?? change.section.old ?? '')) };
      about.add(canonicalName(change.subject));
      break;
    }
    case 'capability':
      about.add(canonicalName(change.subject));
      about.add(fieldLeaf(change.subject));
      break;
    case 'term':
      about.add(canonicalName(change.subject));
      break;
    case 'section':
      about.add(squashed(change.subject));
      for (const name of namesInCode(change.subject)) about.add(name);
      break;
    default:
      break;
  }
  about.delete('');
  return { about: [...about], aliases: [...aliases].filter((a) => !about.has(a)), field };
}

/** The innermost section holding `line`, as a heading path; the record's own heading when no outline places it. */
function placement(outline: PageOutline | undefined, line: number | null, fallback: string | null): readonly string[] {
  if (outline && line !== null) {
    let best: SectionSpan | undefined;
    for (const section of outline.sections) {
      if (section.start <= line && line <= section.end && (!best || section.path.length >= best.path.length)) best = section;
    }
    if (best) return best.path;
  }
  return fallback ? [fallback] : [];
}

export function factsOf(changes: readonly Change[], outlines: Outlines | undefined): RecordFacts[] {
  return changes.map((change, index) => {
    const direction = directionOf(change);
    const side: Side = direction === 'removed' ? 'old' : 'new';
    const present = side === 'old' ? change.before : change.after;
    const page = change.page ?? '';
    const sidePage = typeof present?.['page'] === 'string' ? present['page'] : page;
    const line = typeof present?.line === 'number' ? present.line : null;
    const heading = side === 'old' ? change.section.old : change.section.new;
    const path = change.source === 'schema' ? [] : placement(outlines?.(sidePage, side), line, heading);
    return {
      index,
      change,
      page,
      direction,
      side,
      sidePage,
      line,
      path,
      ...aboutNames(change),
      mentions: { old: namesInCode(textOf(change.before)), new: namesInCode(textOf(change.after)) },
    };
  });
}

/** True when `inner` lies in the section `outer` (or is it). */
export function within(inner: readonly string[], outer: readonly string[]): boolean {
  return outer.length > 0 && inner.length >= outer.length && outer.every((h, i) => inner[i] === h);
}

/** The keyword of a rule record on the side it stands on. */
export function keywordOf(f: RecordFacts): Rfc2119Keyword {
  return String((f.direction === 'removed' ? f.change.before : f.change.after)?.keyword ?? 'MAY') as Rfc2119Keyword;
}
