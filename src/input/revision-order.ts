/**
 * The order revisions follow each other, read from their names: dates (`2025-11-25`),
 * versions (`3.0.3`, `v0.2.5`, `1.0.0-rc.1`), month-year editions (`June2018`,
 * `October 2021`), and `draft` last. A spec's config can list the order instead
 * (orderRevisions' `explicit`).
 */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** A name reduced to something sortable: a family (names of one family compare by value) and a value. */
interface RevisionKey {
  /** 0 dated (day or month), 1 versioned, 2 other, 3 draft. */
  family: number;
  numbers: number[];
  /** Version pre-release (`rc.1`): sorts before the release itself. */
  prerelease: string | null;
  name: string;
}

export function revisionKey(name: string): RevisionKey {
  const base = { prerelease: null, name };
  if (/^draft$/i.test(name) || isBranchLikeName(name)) return { ...base, family: 3, numbers: [] };
  const date = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(name);
  if (date) return { ...base, family: 0, numbers: [Number(date[1]), Number(date[2]), Number(date[3] ?? 0)] };
  const edition = /^([A-Za-z]+)[\s_-]*(\d{4})$/.exec(name);
  const month = edition ? MONTHS.indexOf(edition[1]!.slice(0, 3).toLowerCase()) : -1;
  if (edition && month !== -1) return { ...base, family: 0, numbers: [Number(edition[2]), month + 1, 0] };
  const version = /^v?(\d+(?:\.\d+)*)(?:-([0-9A-Za-z.-]+))?$/i.exec(name);
  if (version) return { family: 1, numbers: version[1]!.split('.').map(Number), prerelease: version[2] ?? null, name };
  return { ...base, family: 2, numbers: [] };
}

/** Negative when `a` came before `b`: numbers compare as numbers (v1.9.0 before v1.10.0), dates and editions by time. */
function compareRevisions(a: string, b: string): number {
  const ka = revisionKey(a);
  const kb = revisionKey(b);
  if (ka.family !== kb.family) return ka.family - kb.family;
  for (let i = 0; i < Math.max(ka.numbers.length, kb.numbers.length); i++) {
    const d = (ka.numbers[i] ?? 0) - (kb.numbers[i] ?? 0);
    if (d !== 0) return d;
  }
  // 1.0.0-rc.1 < 1.0.0; two pre-releases compare by their parts.
  if (ka.prerelease !== kb.prerelease) {
    if (ka.prerelease === null) return 1;
    if (kb.prerelease === null) return -1;
    return ka.prerelease.localeCompare(kb.prerelease, 'en', { numeric: true });
  }
  return ka.name.localeCompare(kb.name, 'en', { numeric: true });
}

/**
 * The one order of revision names, as a comparator: the names `explicit` (a config's list,
 * oldest first) lists come first in its order, the rest follow by name (compareRevisions).
 * Folder listings and locks (input/spec-tree.ts) both sort by it.
 */
export function revisionOrder(explicit: readonly string[] = []): (a: string, b: string) => number {
  const rank = (name: string) => {
    const i = explicit.indexOf(name);
    return i === -1 ? explicit.length : i;
  };
  return (a, b) => rank(a) - rank(b) || compareRevisions(a, b);
}

/** Names in revision order (revisionOrder). */
export function orderRevisions(names: readonly string[], explicit: readonly string[] = []): string[] {
  return [...names].sort(revisionOrder(explicit));
}

/**
 * Is a folder name the name of a revision: a date, a version (`v1.2.0`), a month-year
 * edition (`June2018`), a numbered draft (`draft-ietf-x-08`, `-08`) or `draft` itself? Used
 * where nothing else (a lock, a config) lists the revisions.
 */
export function isRevisionName(name: string): boolean {
  if (revisionKey(name).family !== 2) return true;
  return /(?:^|-)\d{2,3}$/.test(name) && /[a-z]/i.test(name);
}

/** A word that names the newest work as branches do (`main`, `next`): a revision in a known layout, but just as often a checkout's folder. */
export function isBranchLikeName(name: string): boolean {
  return /^(?:next|unreleased|main|head)$/i.test(name);
}
