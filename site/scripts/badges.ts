/**
 * The badges page in the browser: completes root-relative snippet URLs with the address the
 * page is served from, then runs the badge maker (a revision and page picker with a live
 * preview and copy buttons). The maker reads the badges the page lists (every revision and
 * page, each `li[data-revision][data-page]`), so the snippets it shows are the ones the page
 * and `specdelta badge` print; without this script the maker stays hidden and the list serves.
 */

function completeUrls(): void {
  const note = document.getElementById('sd-badge-origin-note');
  for (const code of document.querySelectorAll<HTMLElement>('code.snippet')) {
    const text = code.textContent ?? '';
    if (!/\]\(\/|src="\/|href="\//.test(text)) continue;
    code.textContent = text.replace(/(\]\(|src="|href=")\//g, `$1${location.origin}/`);
  }
  if (note && note.textContent?.includes('until the page completes')) note.textContent = 'Copy a snippet into your Markdown or HTML.';
}

/** Copies text: the async clipboard API where allowed, else a selected textarea and the copy command. */
async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    let done = false;
    try {
      done = document.execCommand('copy');
    } catch {
      done = false;
    }
    area.remove();
    return done;
  }
}

function setupMaker(): void {
  const maker = document.getElementById('sd-badge-maker');
  const revision = document.getElementById('sd-badge-revision') as HTMLSelectElement | null;
  const page = document.getElementById('sd-badge-page') as HTMLSelectElement | null;
  const preview = document.getElementById('sd-badge-preview') as HTMLImageElement | null;
  const status = document.getElementById('sd-badge-copy-status');
  if (!maker || !revision || !page || !preview || !status) return;
  const badges = [...document.querySelectorAll<HTMLLIElement>('li[data-revision][data-page]')];
  const snippet = (kind: string) => document.getElementById(`sd-badge-${kind}`) as HTMLElement;
  const find = () => badges.find((li) => li.dataset['revision'] === revision.value && li.dataset['page'] === page.value) ?? null;

  /** The chosen revision's pages, keeping the chosen page when that revision has it too. */
  const fillPages = () => {
    const keep = page.value;
    const options = badges.filter((li) => li.dataset['revision'] === revision.value).map((li) => {
      const option = document.createElement('option');
      option.value = li.dataset['page'] ?? '';
      option.textContent = option.value || 'The whole specification';
      return option;
    });
    page.replaceChildren(...options);
    page.value = options.some((o) => o.value === keep) ? keep : '';
  };

  const show = () => {
    const li = find();
    const img = li?.querySelector('img');
    if (!li || !img) return;
    preview.src = img.src;
    preview.alt = img.alt;
    preview.width = img.width;
    preview.height = img.height;
    snippet('markdown').textContent = li.querySelector('code[data-kind="markdown"]')?.textContent ?? '';
    snippet('html').textContent = li.querySelector('code[data-kind="html"]')?.textContent ?? '';
    snippet('url').textContent = img.src;
    status.textContent = '';
    for (const button of maker.querySelectorAll<HTMLButtonElement>('button[data-copy]')) button.textContent = 'Copy';
  };

  revision.addEventListener('change', () => {
    fillPages();
    show();
  });
  page.addEventListener('change', show);
  for (const button of maker.querySelectorAll<HTMLButtonElement>('button[data-copy]')) {
    button.addEventListener('click', async () => {
      const kind = button.dataset['copy']!;
      const ok = await copy(snippet(kind).textContent ?? '');
      button.textContent = ok ? 'Copied' : 'Copy failed';
      button.dataset['copied'] = String(ok);
      status.textContent = ok ? `${button.dataset['label']} copied to the clipboard.` : 'Copying was refused: select the snippet and copy it by hand.';
      if (!ok) getSelection()?.selectAllChildren(snippet(kind));
    });
  }
  fillPages();
  show();
  maker.hidden = false;
}

completeUrls();
setupMaker();
