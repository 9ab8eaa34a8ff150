/**
 * The page actions button (components/PageActions.astro). All a page loads up front: the menu
 * (page-actions-menu.ts) and the strings of the page's language are imported when the button is
 * first clicked or arrowed.
 */

import { loadUiStrings } from '../../../src/view/i18n/load.ts';

type Menu = typeof import('./page-actions-menu.ts');

function setUpPageActions(): void {
  const root = document.querySelector<HTMLElement>('[data-op-page-actions]');
  const button = root?.querySelector<HTMLButtonElement>('button[aria-haspopup="menu"]');
  if (!root || !button) return;
  let menu: Promise<Menu> | undefined;
  const load = () => {
    menu ??= Promise.all([
      import('./page-actions-menu.ts'),
      loadUiStrings(document.documentElement.lang),
    ]).then(([m, strings]) => {
      m.build(root, strings);
      return m;
    });
    return menu;
  };
  button.addEventListener('click', () => {
    void load().then((m) => m.toggle(root));
  });
  // The menu button pattern: the arrow keys open the menu on its first or last item.
  button.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const at = event.key === 'ArrowUp' ? 'last' : 'first';
    void load().then((m) => m.open(root, at));
  });
  root.hidden = false;
}

setUpPageActions();
