/**
 * `{% tabs %}` blocks (src/markdown: `[data-op-tabs]`): without script every panel shows under
 * its title; with it, a tab list per the ARIA tabs pattern — click, arrow keys in the reading
 * direction, Home and End, automatic activation.
 */
import { selectTab } from './tab-select.ts';

function enhance(block: HTMLElement): void {
  const list = block.querySelector<HTMLElement>(':scope > [role="tablist"]');
  if (!list) return;
  const tabs = [...list.querySelectorAll<HTMLButtonElement>(':scope > [role="tab"]')];
  if (tabs.length === 0) return;
  const initial = tabs.find((tab) => tab.getAttribute('aria-selected') === 'true') ?? tabs[0];
  if (!initial) return;
  selectTab(tabs, initial, false);
  list.hidden = false;
  block.classList.add('op-tabs--ready');

  list.addEventListener('click', (event) => {
    const tab = (event.target as Element).closest<HTMLButtonElement>('[role="tab"]');
    if (tab && tabs.includes(tab)) selectTab(tabs, tab, true);
  });
  list.addEventListener('keydown', (event) => {
    const index = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    const rtl = getComputedStyle(list).direction === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    let next: number | undefined;
    if (step !== undefined) next = (index + step + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    const tab = next === undefined ? undefined : tabs[next];
    if (!tab) return;
    event.preventDefault();
    selectTab(tabs, tab, true);
  });
}

for (const block of document.querySelectorAll<HTMLElement>('[data-op-tabs]')) enhance(block);
