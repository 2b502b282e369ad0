/**
 * "Show whitespace changes" on a diff page: JSON examples are shown diffed as data (only
 * changed keys and values marked); the toggle swaps in their line diff, where re-indented
 * lines show as deleted and added. Without this script the toggle stays hidden.
 */
function setup(): void {
  const toggle = document.getElementById('sd-ws-toggle');
  const input = toggle?.querySelector<HTMLInputElement>('input[type="checkbox"]');
  const view = document.getElementById('sd-side-by-side');
  if (!toggle || !input || !view) return;
  const apply = () => view.classList.toggle('show-whitespace', input.checked);
  input.addEventListener('change', apply);
  apply();
  toggle.hidden = false;
}

setup();
