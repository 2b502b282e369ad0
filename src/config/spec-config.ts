import { InputError } from '../core/errors.ts';
import { tellOnce } from '../core/notices.ts';
import { pageIdProblem } from '../input/ids.ts';
import type { KeywordCase } from '../model/keyword-case.ts';
import { catalogEntries } from '../records/catalog.ts';
import { IMPACTS, type Impact } from '../records/change.ts';

/**
 * Per-spec settings: an optional `specdelta.config.json` beside the spec's revision folders
 * (or named with `--config`). Everything has a default that works without one; the file
 * only says what cannot be read from the spec itself.
 */
export interface SpecConfig {
  /** Globs (relative to a revision folder) of the normative pages; unset: every page. */
  normative?: string[];
  /** Globs of informative pages (changelogs, indexes): their records stay out of the summary. */
  informative?: string[];
  revisions?: {
    /** Only folders whose name matches this regular expression are revisions. */
    match?: string;
    /** The revisions in order, oldest first; names not listed follow, ordered by name (revision-order.ts). */
    order?: string[];
  };
  /** The page (id, relative to a revision folder) that lists each revision's changes, for `diff --changelog`; unset: the informative page titled as a change log. */
  changelog?: string;
  /** Where a revision's JSON Schema is, relative to its folder (`schema.json`, `schemas/spec.yaml`); unset: `schema.json`, `schema.yaml` or `schema.yml`. */
  schema?: string;
  /** RFC 2119 keywords in lower case count too (`any-case`); unset: what the spec declares, else upper case only. */
  keywordCase?: KeywordCase;
  /**
   * The impact a catalog rule gives, by change id, instead of its default (`"required-rule-added": "opt-in"`):
   * a team decides what breaks its implementations, as API diff tools let it.
   */
  impacts?: Record<string, Impact>;
  /**
   * Changes the spec's maintainers have reviewed, by change id (`c-…`, as every report prints
   * them), optionally with a note: `"c-0123456789"` or `{ "id": "c-0123456789", "note": "…" }`.
   * They are still reported, marked acknowledged, and never fail `--fail-on` or the Action.
   */
  acknowledged?: (string | { id: string; note?: string })[];
  /**
   * Several specs in one config (a site that builds more than one): each a name, the folder
   * of its revision folders (relative to the config's folder), and its own settings, which
   * win over the top-level ones (specs.ts).
   */
  specs?: SpecEntry[];
}

/** One spec of a config's `specs` list. */
export interface SpecEntry {
  /** An id for the spec: letters, digits, `.`, `_`, `-` (`mcp`, `graphql`). */
  name: string;
  /** How a reader calls it ("GraphQL"); default the name. */
  title?: string;
  /** The folder holding its revision folders, relative to the config's folder (or absolute). */
  folder: string;
  revisions?: SpecConfig['revisions'];
  schema?: string;
  keywordCase?: KeywordCase;
  normative?: string[];
  informative?: string[];
  changelog?: string;
}

/** The change ids a config acknowledges. */
export function acknowledgedIds(config: SpecConfig): string[] {
  return (config.acknowledged ?? []).map((entry) => (typeof entry === 'string' ? entry : entry.id));
}

type Check = (value: unknown) => string | null;

const stringList: Check = (v) => (Array.isArray(v) && v.every((x) => typeof x === 'string') ? null : 'a list of strings');

/**
 * Paths and page ids in a config are checked as the command line checks a page id
 * (input/ids.ts): relative, no `.` or `..` segment, plain characters, so none reaches
 * outside the revision folder. A glob is checked with its wildcards standing for a letter.
 */
const insideFolder = (what: string, wildcards: boolean): Check => (v) => {
  if (typeof v !== 'string' || v === '') return `a non-empty ${what}`;
  const problem = pageIdProblem(wildcards ? v.replace(/[*?]/g, 'x') : v);
  return problem === null ? null : `a ${what} inside the revision folder, like ${wildcards ? 'guide/**' : 'schemas/spec.yaml'} (${JSON.stringify(v)} is not: ${problem})`;
};
const pageGlob = insideFolder('page id or glob', true);
const pageGlobs: Check = (v) => {
  if (stringList(v)) return 'a list of page globs (strings)';
  for (const glob of v as string[]) {
    const problem = pageGlob(glob);
    if (problem) return `a list of page globs, each ${problem.replace(/^a /, '')}`;
  }
  return null;
};

const CHANGE_ID = /^c-[0-9a-f]{10}$/;

const revisionsSetting: Check = (v) => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return 'an object with "match" and/or "order"';
  const unknown = Object.keys(v).find((k) => k !== 'match' && k !== 'order');
  if (unknown) return `an object with "match" and/or "order" (not "${unknown}")`;
  const { match, order } = v as { match?: unknown; order?: unknown };
  if (order !== undefined && stringList(order)) return 'an object whose "order" is a list of revision names';
  if (match !== undefined) {
    if (typeof match !== 'string') return 'an object whose "match" is a regular expression string';
    try {
      new RegExp(match);
    } catch {
      return `an object whose "match" is a valid regular expression (${JSON.stringify(match)} is not)`;
    }
  }
  return null;
};

const keywordCaseSetting: Check = (v) => (v === 'uppercase' || v === 'any-case' ? null : '"uppercase" or "any-case"');

/** What each entry of `specs` may say, checked as the top-level settings of the same names are. */
const SPEC_ENTRY: Record<keyof SpecEntry, Check> = {
  name: (v) => (typeof v === 'string' && /^[A-Za-z0-9][\w.-]*$/.test(v) ? null : 'a name of letters, digits, ".", "_" and "-"'),
  title: (v) => (typeof v === 'string' && v.trim() !== '' ? null : 'a non-empty string'),
  folder: (v) => (typeof v === 'string' && v.trim() !== '' && !/[*?[\]]/.test(v) ? null : 'a folder path (no wildcards)'),
  revisions: revisionsSetting,
  schema: insideFolder('path', false),
  keywordCase: keywordCaseSetting,
  normative: pageGlobs,
  informative: pageGlobs,
  changelog: pageGlob,
};

const specsSetting: Check = (v) => {
  if (!Array.isArray(v) || v.length === 0) return 'a non-empty list of specs, each { "name", "folder", … }';
  const names = new Set<string>();
  for (const [i, entry] of v.entries()) {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return `a list of objects (entry ${i + 1} is not one)`;
    for (const required of ['name', 'folder']) if (!(required in entry)) return `a list of specs each with "${required}" (entry ${i + 1} has none)`;
    for (const [key, value] of Object.entries(entry)) {
      const check = SPEC_ENTRY[key as keyof SpecEntry];
      if (!check) return `a list of specs whose settings are ${Object.keys(SPEC_ENTRY).join(', ')} (entry ${i + 1} has "${key}")`;
      const problem = check(value);
      if (problem) return `a list of specs (entry ${i + 1}: "${key}" must be ${problem})`;
    }
    const name = (entry as { name: string }).name;
    if (names.has(name)) return `a list of specs with distinct names ("${name}" appears twice)`;
    names.add(name);
  }
  return null;
};

const SETTINGS: Record<keyof SpecConfig, Check> = {
  impacts: (v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return `an object of change ids and impacts (${IMPACTS.join(', ')})`;
    for (const [id, impact] of Object.entries(v)) {
      if (!catalogEntries().some((e) => e.id === id)) return `an object whose keys are catalog change ids ("${id}" is none; \`specdelta diff --help\` names the catalog)`;
      if (!(IMPACTS as readonly string[]).includes(impact as string)) return `an object whose values are impacts (${IMPACTS.join(', ')}), not ${JSON.stringify(impact)}`;
    }
    return null;
  },
  acknowledged: (v) => {
    if (!Array.isArray(v)) return 'a list of change ids ("c-" and 10 hex digits), or of { "id", "note" } objects';
    for (const entry of v) {
      const id = typeof entry === 'string' ? entry : typeof entry === 'object' && entry !== null && !Array.isArray(entry) ? (entry as { id?: unknown }).id : undefined;
      if (typeof id !== 'string' || !CHANGE_ID.test(id)) return `a list of change ids ("c-" and 10 hex digits), or of { "id", "note" } objects (${JSON.stringify(entry)} is neither)`;
      if (typeof entry === 'object' && Object.keys(entry).some((k) => k !== 'id' && k !== 'note')) return 'a list whose objects have only "id" and "note"';
    }
    return null;
  },
  normative: pageGlobs,
  informative: pageGlobs,
  schema: insideFolder('path', false),
  changelog: pageGlob,
  keywordCase: keywordCaseSetting,
  revisions: revisionsSetting,
  specs: specsSetting,
};

/**
 * Settings specdelta once read and no longer does: a config that still has one is not
 * wrong (it was valid when written), so it is said once on stderr and otherwise ignored.
 */
const RETIRED = new Map([['siteBase', 'is ignored: specdelta no longer reads it (remove it to silence this line).']]);

/** Reads and checks a config text; a problem is one sentence naming the file and the setting. */
export function parseSpecConfig(source: string, label: string): SpecConfig {
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch (error) {
    throw new InputError(`${label} is not valid JSON (${(error as Error).message}).`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new InputError(`${label} must hold a JSON object of settings.`);
  for (const [key, setting] of Object.entries(value)) {
    if (RETIRED.has(key)) {
      tellOnce(`${label}: "${key}" ${RETIRED.get(key)!}`);
      continue;
    }
    const check = SETTINGS[key as keyof SpecConfig];
    if (!check) throw new InputError(`${label} has an unknown setting "${key}" (known: ${Object.keys(SETTINGS).join(', ')}).`);
    const expected = check(setting);
    if (expected) throw new InputError(`${label}: "${key}" must be ${expected}.`);
  }
  // A retired setting is not carried on: nothing can start reading it again by accident.
  return Object.fromEntries(Object.entries(value).filter(([key]) => !RETIRED.has(key))) as SpecConfig;
}
