/**
 * The page actions menu (components/PageActions.astro), loaded on first use. The WAI-ARIA menu
 * button pattern: the open menu holds focus on its items (arrows, Home, End move it; Enter and
 * Space choose; Escape closes and returns focus to the button; Tab or a click elsewhere closes).
 */

interface Parts {
  button: HTMLButtonElement;
  list: HTMLElement;
  status: HTMLElement | null;
}

const wired = new WeakSet<HTMLElement>();

function partsOf(root: HTMLElement): Parts {
  return {
    button: root.querySelector('button[aria-haspopup="menu"]') as HTMLButtonElement,
    list: root.querySelector('[role="menu"]') as HTMLElement,
    status: root.querySelector('[data-op-page-menu-status]'),
  };
}

function itemsOf(list: HTMLElement): HTMLElement[] {
  return [...list.querySelectorAll<HTMLElement>('[role="menuitem"]')];
}

export function open(root: HTMLElement, at: 'first' | 'last' = 'first'): void {
  wire(root);
  const { button, list } = partsOf(root);
  list.hidden = false;
  button.setAttribute('aria-expanded', 'true');
  const items = itemsOf(list);
  (at === 'last' ? items.at(-1) : items[0])?.focus();
}

export function close(root: HTMLElement, returnFocus: boolean): void {
  const { button, list } = partsOf(root);
  if (list.hidden) return;
  list.hidden = true;
  button.setAttribute('aria-expanded', 'false');
  if (returnFocus) button.focus();
}

export function toggle(root: HTMLElement): void {
  if (partsOf(root).button.getAttribute('aria-expanded') === 'true') close(root, true);
  else open(root, 'first');
}

function wire(root: HTMLElement): void {
  if (wired.has(root)) return;
  wired.add(root);
  const { list, status } = partsOf(root);

  list.addEventListener('keydown', (event) => {
    const items = itemsOf(list);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      items[(to + items.length) % items.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(items.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      close(root, true);
    } else if (event.key === 'Tab') close(root, false);
    else if (event.key === ' ' && document.activeElement instanceof HTMLAnchorElement) {
      // Space chooses a link item as it does a button.
      event.preventDefault();
      document.activeElement.click();
    }
  });

  list.addEventListener('click', (event) => {
    const item = (event.target as Element).closest<HTMLElement>('[role="menuitem"]');
    if (!item) return;
    const source = item.dataset.opCopyPage;
    if (source !== undefined) {
      void copyPage(source).then((copied) => {
        if (copied && status) status.textContent = status.dataset.done ?? '';
      });
      close(root, true);
      return;
    }
    close(root, false);
  });

  document.addEventListener('pointerdown', (event) => {
    if (!root.contains(event.target as Node)) close(root, false);
  });
}

/** The `.md` copy onto the clipboard; false when the browser refuses or the copy is missing. */
async function copyPage(source: string): Promise<boolean> {
  const text = fetch(source).then((response) => {
    if (!response.ok) throw new Error(`${response.status}`);
    return response.text();
  });
  try {
    // A ClipboardItem may take a promise: the write keeps the click's user activation while the
    // copy downloads.
    if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
      const blob = text.then((value) => new Blob([value], { type: 'text/plain' }));
      await navigator.clipboard.write([new ClipboardItem({ 'text/plain': blob })]);
    } else {
      await navigator.clipboard.writeText(await text);
    }
    return true;
  } catch {
    return false;
  }
}
