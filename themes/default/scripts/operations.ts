/**
 * API operations (src/markdown/plugins/openapi-view.ts), on pages that have them only
 * (components/Operations.astro):
 *
 * - the response example follows the response the reader opens: opening `200` in the spec
 *   column shows the `200` example beside it;
 * - "Test it" opens the console. Its code (`api-console.ts`, and what it imports) is fetched on
 *   the first click and not before: a page whose reader never clicks loads none of it.
 */
import { selectTab } from './tab-select.ts';

/** The example tab of `status` in the operation's examples. */
function showExample(operation: Element, status: string): void {
  for (const list of operation.querySelectorAll('.op-openapi__aside [role="tablist"]')) {
    const tabs = [...list.querySelectorAll<HTMLElement>(':scope > [role="tab"]')];
    const chosen = tabs.find((tab) => {
      const label = tab.textContent?.trim() ?? '';
      return label === status || label.startsWith(`${status}:`);
    });
    if (chosen) selectTab(tabs, chosen);
  }
}

document.addEventListener('click', (event) => {
  const target = event.target as Element | null;
  // A response's summary: it is about to open.
  const summary = target?.closest('details.op-openapi__response > summary');
  const details = summary?.parentElement as HTMLDetailsElement | null | undefined;
  if (details && !details.open) {
    const status = details.querySelector('.op-openapi__status')?.textContent?.trim();
    const operation = details.closest('.op-openapi');
    if (status && operation) showExample(operation, status);
    return;
  }
  const opener = target?.closest<HTMLButtonElement>('button[data-op-try-open]');
  if (!opener) return;
  opener.setAttribute('aria-busy', 'true');
  import('./api-console.ts')
    .then((console) => console.openConsole(opener))
    .finally(() => opener.removeAttribute('aria-busy'));
});
