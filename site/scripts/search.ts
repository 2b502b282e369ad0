import { IMPACT_LABEL } from '../lib/labels.ts';

/**
 * The search page: runs the query of `?q=` (and the `type` and `level` filters) against the
 * static Pagefind index written after the build (site/lib/search-index.ts), and lists the
 * results a page at a time. A change says its impact, the step that made it and its page; a
 * revision page its revision and page; a timeline its page. The form works without this script as far as a script-free browser
 * can go: it fills the address, and the page says search needs JavaScript.
 */

interface PagefindResultData {
  url: string;
  excerpt: string;
  meta: Record<string, string | undefined>;
  filters: Record<string, string[] | undefined>;
}

interface PagefindModule {
  options(options: { baseUrl: string; ranking?: Record<string, number> }): Promise<void>;
  search(term: string, options: { filters: Record<string, string> }): Promise<{ results: { id: string; data(): Promise<PagefindResultData> }[] } | null>;
}

/**
 * Pagefind's ranking, tuned for a site of long spec pages and short changes: a long page is
 * barely penalized for its length (pageLength), and how often a word occurs counts less
 * than where it occurs (termFrequency), so a page or timeline titled by the word comes
 * before the many short changes that mention it. The weights in the markup do the rest
 * (search-records.ts, the revision and timeline pages).
 */
const RANKING = { pageLength: 0.2, termFrequency: 0.3 };

/** Results fetched and shown per step ("Show more results"). */
const PAGE_SIZE = 10;
/** Typing pauses this long before a search runs, so each key does not start one. */
const TYPING_PAUSE_MS = 250;

function setup(): void {
  const form = document.getElementById('sd-search-form') as HTMLFormElement | null;
  const input = document.getElementById('sd-search-input') as HTMLInputElement | null;
  const status = document.getElementById('sd-search-status');
  const list = document.getElementById('sd-search-results');
  const more = document.getElementById('sd-search-more') as HTMLButtonElement | null;
  if (!form || !input || !status || !list || !more) return;
  let engine: Promise<PagefindModule> | null = null;
  const load = () => (engine ??= (import(/* @vite-ignore */ form.dataset['index']!) as Promise<PagefindModule>).then(async (pagefind) => {
    await pagefind.options({ baseUrl: form.dataset['base']!, ranking: RANKING });
    return pagefind;
  }));

  // Each search gets a number: an older one still loading must not overwrite a newer one's list.
  let generation = 0;
  let pending: { data(): Promise<PagefindResultData> }[] = [];

  const showMore = async (run: number) => {
    const batch = pending.slice(0, PAGE_SIZE);
    pending = pending.slice(PAGE_SIZE);
    const data = await Promise.all(batch.map((r) => r.data()));
    if (run !== generation) return;
    for (const result of data) list.append(resultItem(result));
    more.hidden = pending.length === 0;
  };

  const search = async () => {
    const run = ++generation;
    const query = readForm(form);
    remember(query);
    list.replaceChildren();
    more.hidden = true;
    pending = [];
    if (!query.q.trim()) {
      status.textContent = 'Type a word, a field or a method name to search every change and revision page.';
      return;
    }
    status.textContent = `Searching for “${query.q}”…`;
    let found;
    try {
      found = await (await load()).search(query.q, { filters: query.filters });
    } catch (error) {
      if (run === generation) status.textContent = `Search is unavailable: ${(error as Error).message}`;
      return;
    }
    if (run !== generation || !found) return;
    pending = found.results;
    await showMore(run);
    if (run !== generation) return;
    // Said once the first results are listed, so the count and the list arrive together.
    const n = found.results.length;
    status.textContent = n === 0 ? `No results for “${query.q}”.` : `${n} result${n === 1 ? '' : 's'} for “${query.q}”.`;
  };

  // The query lives in the address, so a reload or a shared link runs the same search.
  const params = new URLSearchParams(location.search);
  input.value = params.get('q') ?? '';
  for (const field of form.querySelectorAll<HTMLInputElement>('input[name="type"], input[name="level"]')) {
    field.checked = field.type === 'radio' ? (params.get(field.name) ?? '') === field.value : params.getAll(field.name).includes(field.value);
  }

  let typing: ReturnType<typeof setTimeout> | undefined;
  input.addEventListener('input', () => {
    clearTimeout(typing);
    typing = setTimeout(() => void search(), TYPING_PAUSE_MS);
  });
  form.addEventListener('change', (event) => {
    if (event.target !== input) void search();
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    clearTimeout(typing);
    void search();
  });
  more.addEventListener('click', () => {
    const first = list.children.length;
    void showMore(generation).then(() => (list.children[first]?.querySelector('a') as HTMLAnchorElement | null)?.focus());
  });
  void search();
}

interface Query {
  q: string;
  filters: Record<string, string>;
}

function readForm(form: HTMLFormElement): Query {
  const data = new FormData(form);
  const filters: Record<string, string> = {};
  const type = String(data.get('type') ?? '');
  if (type) filters['type'] = type;
  const level = data.get('level');
  if (level) filters['level'] = String(level);
  return { q: String(data.get('q') ?? ''), filters };
}

function remember(query: Query): void {
  const url = new URL(location.href);
  url.search = '';
  if (query.q) url.searchParams.set('q', query.q);
  for (const [name, value] of Object.entries(query.filters)) url.searchParams.set(name, value);
  history.replaceState(history.state, '', url);
}

function resultItem(result: PagefindResultData): HTMLLIElement {
  const item = document.createElement('li');
  item.className = 'search-result';
  const link = document.createElement('a');
  link.href = result.url;
  link.textContent = result.meta['title'] || result.url;
  const title = document.createElement('p');
  title.className = 'search-title';
  title.append(link);
  const where = document.createElement('p');
  where.className = 'search-where';
  const level = result.meta['level'] as keyof typeof IMPACT_LABEL | undefined;
  if (level && IMPACT_LABEL[level]) {
    const badge = document.createElement('span');
    badge.className = `lvl lvl-${level}`;
    badge.textContent = IMPACT_LABEL[level];
    where.append(badge, ' ');
  }
  const kind = result.filters['type']?.[0];
  const context = result.meta['pair'] ? [result.meta['pair'], result.meta['page']] : kind === 'timeline' ? ['Timeline', result.meta['page']] : [result.meta['revision'], result.meta['page']];
  where.append(context.filter(Boolean).join(' · '));
  const excerpt = document.createElement('p');
  excerpt.className = 'search-excerpt';
  excerpt.append(...excerptNodes(result.excerpt));
  item.append(title, where, excerpt);
  return item;
}

/**
 * Pagefind's excerpt is HTML with the matched words in `<mark>`. It is parsed in an inert
 * document and rebuilt from its text and marks only, so text quoted from a spec page never
 * becomes markup here.
 */
function excerptNodes(excerpt: string): Node[] {
  const parsed = new DOMParser().parseFromString(excerpt, 'text/html');
  return [...parsed.body.childNodes].map((node) => {
    if (node.nodeName !== 'MARK') return document.createTextNode(node.textContent ?? '');
    const mark = document.createElement('mark');
    mark.textContent = node.textContent;
    return mark;
  });
}

setup();
