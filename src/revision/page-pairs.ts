import { dice, pairUp, tokens } from '../diff/similarity.ts';

/**
 * Which page of one revision is which page of the next. Pages pair by their address on
 * the rendered site (`guide/transport` and `guide/transport/index` are one page: a page
 * that grew sub-pages became a folder's index), then by content: a page that left one id
 * and arrived under another with mostly the same words has moved (`guide/utilities/ping`
 * → `guide/patterns/ping`). Pages left over came or went.
 */
export interface PagePair {
  old: string | null;
  new: string | null;
  /** `moved` when the two ids are different addresses; `same` otherwise (and for a page only one side has). */
  how: 'same' | 'moved';
}

/** Moved pages measured on the real spec share ≥ 0.75 of their words; unrelated ones ≤ 0.5. */
const MOVED_THRESHOLD = 0.6;

/** A page's address on the rendered site: a folder's `index` page is the folder. */
function pageRoute(page: string): string {
  return page.replace(/(^|\/)index$/, '');
}

export function pairPages(oldPages: readonly string[], newPages: readonly string[], text: (side: 'old' | 'new', page: string) => string): PagePair[] {
  // Sets, built once: every unpaired old page is scored against every unpaired new one.
  const words = new Map<string, Set<string>>();
  const wordsOf = (side: 'old' | 'new', page: string) => {
    const key = `${side}\0${page}`;
    let found = words.get(key);
    if (!found) words.set(key, (found = new Set(tokens(text(side, page)))));
    return found;
  };
  const byRoute = pairUp(oldPages, newPages, { key: pageRoute, score: () => 0, threshold: Infinity });
  const byContent = pairUp(byRoute.removed, byRoute.added, { key: null, score: (o, n) => dice(wordsOf('old', o), wordsOf('new', n)), threshold: MOVED_THRESHOLD });
  const pairs: PagePair[] = [
    ...byRoute.pairs.map(([o, n]): PagePair => ({ old: o, new: n, how: 'same' })),
    ...byContent.pairs.map(([o, n]): PagePair => ({ old: o, new: n, how: 'moved' })),
    ...byContent.removed.map((o): PagePair => ({ old: o, new: null, how: 'same' })),
    ...byContent.added.map((n): PagePair => ({ old: null, new: n, how: 'same' })),
  ];
  return pairs.sort((a, b) => (a.new ?? a.old!).localeCompare(b.new ?? b.old!));
}
