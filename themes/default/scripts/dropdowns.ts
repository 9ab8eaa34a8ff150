/**
 * The header's dropdowns (section groups, grouped header links) are <details>: they open without
 * script and by keyboard. With script, an open one closes as a menu does: on a click anywhere
 * else, and on Escape (focus back on its summary).
 */
const openDropdowns = () =>
  document.querySelectorAll<HTMLDetailsElement>('.op-header details[open]');

document.addEventListener('click', (event) => {
  const target = event.target instanceof Node ? event.target : null;
  for (const dropdown of openDropdowns()) {
    if (!target || !dropdown.contains(target)) dropdown.open = false;
  }
});

document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape') return;
  for (const dropdown of openDropdowns()) {
    dropdown.open = false;
    dropdown.querySelector('summary')?.focus();
  }
});
