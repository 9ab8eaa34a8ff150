/**
 * Selects one tab of a tab list (the ARIA tabs pattern): the tab chosen is selected and in the
 * tab order, its panel shown; the others not. `{% tabs %}` blocks (tabs.ts) and an operation's
 * examples, which follow the response the reader opens (operations.ts), share it.
 */
export function selectTab(tabs: readonly HTMLElement[], chosen: HTMLElement, focus = false): void {
  for (const tab of tabs) {
    const selected = tab === chosen;
    tab.setAttribute('aria-selected', String(selected));
    tab.tabIndex = selected ? 0 : -1;
    const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
    if (panel) panel.hidden = !selected;
  }
  if (focus) chosen.focus();
}
