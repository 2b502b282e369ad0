/**
 * Migration checklists: ticks are kept in the browser's localStorage, under one key per
 * pair and party, as the list of ticked items (a change's id and its lead record, stable across builds).
 */
function setup(form: HTMLFormElement): void {
  const key = form.dataset['storageKey']!;
  const boxes = [...form.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
  const progress = document.getElementById(form.dataset['progress'] ?? '');
  let saved: string[] = [];
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    if (Array.isArray(value)) saved = value.filter((v): v is string => typeof v === 'string');
  } catch {
    // Unreadable storage (private mode, a damaged value): start with nothing ticked.
  }
  for (const box of boxes) box.checked = saved.includes(box.value);
  const update = () => {
    const done = boxes.filter((b) => b.checked);
    if (progress) progress.textContent = `${done.length} of ${boxes.length} done.`;
    try {
      localStorage.setItem(key, JSON.stringify(done.map((b) => b.value)));
    } catch {
      if (progress) progress.textContent += ' (This browser does not keep the ticks.)';
    }
  };
  form.addEventListener('change', update);
  form.addEventListener('submit', (event) => event.preventDefault());
  update();
}

// A page may hold several checklists (one per party), each kept under its own key.
for (const form of document.querySelectorAll<HTMLFormElement>('form.checklist[data-storage-key]')) setup(form);
