/**
 * The theme toggle: cycles light → dark → system, stores the choice in localStorage and sets
 * `data-theme` on <html>. The stored choice is applied before first paint by the inline head
 * script (src/render/chrome.ts `headScript`); this module only keeps the button in step, so it
 * is a cached file rather than inline in every page. Its label names the theme in the page's
 * language (src/view/i18n/load.ts).
 */

import { loadUiStrings } from '../../../src/view/i18n/load.ts';

const ORDER = ['light', 'dark', 'system'] as const;
type ThemeChoice = (typeof ORDER)[number];
const KEY = 'op-theme';

function isChoice(value: string | null | undefined): value is ThemeChoice {
  return ORDER.includes(value as ThemeChoice);
}

function stored(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

function setUpThemeToggle(): void {
  const button = document.querySelector<HTMLButtonElement>('[data-op-theme-toggle]');
  if (!button) return;
  const strings = loadUiStrings(document.documentElement.lang);
  const show = (choice: ThemeChoice) => {
    button.dataset.state = choice;
    void strings.then((s) => {
      if (button.dataset.state !== choice) return; // a later click is shown instead
      const names = { light: s.themeLight, dark: s.themeDark, system: s.themeSystem };
      const label = s.themeToggle.replace('{theme}', names[choice]);
      button.setAttribute('aria-label', label);
      button.title = label;
    });
  };
  const saved = stored();
  let current: ThemeChoice = isChoice(saved)
    ? saved
    : isChoice(button.dataset.default)
      ? button.dataset.default
      : 'system';
  show(current);
  button.addEventListener('click', () => {
    current = ORDER[(ORDER.indexOf(current) + 1) % ORDER.length] as ThemeChoice;
    try {
      localStorage.setItem(KEY, current);
    } catch {
      // Private mode: the choice lasts for this page only.
    }
    if (current === 'system') document.documentElement.removeAttribute('data-theme');
    else document.documentElement.setAttribute('data-theme', current);
    show(current);
  });
}

setUpThemeToggle();
