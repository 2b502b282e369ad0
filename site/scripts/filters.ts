/**
 * Diff-page filters: breaking only, hide editorial (by the impact of each change, which its
 * records' annotations carry too), and by the kind of record, kept in the URL
 * (`?breaking-only=1&kind=rule`). Progressive enhancement:
 * the page is complete without this script; the filter box stays hidden until it runs.
 * A click repaints within 100 ms on the longest page (measured by the browser tests): what
 * each note and row depends on is looked up once here, and a click only writes to the DOM
 * (classes and `hidden`, never a read of layout in between). Most of a click's frame is the
 * browser's layout of what it shows again; site.css keeps that to the sections near the
 * viewport (content-visibility on `.sec`).
 */
function setup(): void {
  const box = document.getElementById('sd-filters') as HTMLFieldSetElement | null;
  if (!box) return;
  const status = document.getElementById('sd-filter-status');
  const list = document.getElementById('sd-change-list');
  const inputs = [...box.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
  const notes = [...document.querySelectorAll<HTMLElement>('#sd-side-by-side .chg')];
  const items = list ? [...list.querySelectorAll<HTMLElement>('li.change')] : [];
  const groups = list ? [...list.querySelectorAll<HTMLElement>('[data-group]')].map((group) => ({ group, items: [...group.querySelectorAll<HTMLElement>('li.change')] })) : [];
  const sections = [...document.querySelectorAll<HTMLElement>('#sd-side-by-side .sec')].map((section) => ({
    section,
    notes: [...section.querySelectorAll<HTMLElement>('.chg')],
    rows: [...section.querySelectorAll<HTMLElement>(':scope > .row')].map((row) => {
      const next = row.nextElementSibling;
      return { row, notes: next?.classList.contains('notes') ? [...next.querySelectorAll<HTMLElement>('.chg')] : [] };
    }),
  }));
  const total = items.length;

  const apply = () => {
    const breakingOnly = inputs.some((i) => i.name === 'breaking-only' && i.checked);
    const hideEditorial = inputs.some((i) => i.name === 'hide-editorial' && i.checked);
    const kinds = new Set(inputs.filter((i) => i.name === 'kind' && i.checked).map((i) => i.value));
    const active = breakingOnly || hideEditorial || kinds.size > 0;
    // A change matches a kind when one of its records is of that kind; an annotation, when it is.
    const matches = (el: HTMLElement) => {
      const impact = el.dataset['impact'];
      if (breakingOnly && impact !== 'breaking') return false;
      if (hideEditorial && impact === 'editorial') return false;
      return kinds.size === 0 || (el.dataset['kinds'] ?? el.dataset['kind'] ?? '').split(' ').some((k) => kinds.has(k));
    };
    let shown = 0;
    for (const item of items) {
      const ok = matches(item);
      item.hidden = !ok;
      if (ok) shown += 1;
    }
    for (const { group, items: inGroup } of groups) group.hidden = !inGroup.some((item) => !item.hidden);
    const visible = new Set(notes.filter(matches));
    for (const note of notes) note.hidden = !visible.has(note);
    // While filtering, blocks and sections without a matching change step aside.
    document.body.classList.toggle('filtering', active);
    for (const { section, notes: inSection, rows } of sections) {
      section.classList.toggle('no-match', active && !inSection.some((n) => visible.has(n)));
      for (const { row, notes: atRow } of rows) row.classList.toggle('no-match', active && !atRow.some((n) => visible.has(n)));
    }
    const changes = (n: number) => `${n} change${n === 1 ? '' : 's'}`;
    // The list also shows changes counted on another page: say so, so the total never reads as this page's count.
    const elsewhere = Number(status?.dataset['elsewhere'] ?? 0);
    const counted = elsewhere > 0 ? ` (${total - elsewhere} counted here, ${elsewhere} on their own page)` : '';
    if (status) status.textContent = active ? `Showing ${shown} of ${changes(total)}${counted}.` : `Showing all ${changes(total)}${counted}.`;
  };

  // The filter state lives in the query string, so a reload or a shared link shows the same view.
  const params = new URLSearchParams(location.search);
  for (const input of inputs) input.checked = input.name === 'kind' ? params.getAll('kind').includes(input.value) : params.get(input.name) === '1';
  const remember = () => {
    const url = new URL(location.href);
    for (const name of new Set(inputs.map((i) => i.name))) url.searchParams.delete(name);
    for (const input of inputs) if (input.checked) url.searchParams.append(input.name, input.name === 'kind' ? input.value : '1');
    history.replaceState(history.state, '', url);
  };

  for (const input of inputs) {
    input.addEventListener('change', () => {
      apply();
      remember();
    });
  }
  box.hidden = false;
  apply();
}

setup();
