/**
 * The page actions menu (components/PageActions.astro), loaded on first use: its items are built
 * here from the root's `data-markdown` (the page's `.md` copy), `data-public-markdown` (that
 * copy's public URL, when assistants are offered) and `data-mcp-command` (the command that serves
 * the site to an assistant over MCP, offered with them). The WAI-ARIA menu button pattern: the open
 * menu holds focus on its items (arrows, Home, End move it; Enter and Space choose; Escape closes
 * and returns focus to the button; Tab or a click elsewhere closes).
 */

import { assistantLinks } from '../../../src/markdown/assistant-links.ts';
import type { UiStrings } from '../../../src/view/view.ts';

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

/** The menu's list and status, once per page: `<ul role=menu>` of the actions, then a live status. */
export function build(root: HTMLElement, strings: UiStrings): void {
  if (root.querySelector('[role="menu"]')) return;
  const button = root.querySelector('button[aria-haspopup="menu"]') as HTMLButtonElement;
  const markdown = root.dataset.markdown ?? '';
  const list = document.createElement('ul');
  list.id = 'op-page-menu-list';
  list.className = 'op-page-menu__list';
  list.setAttribute('role', 'menu');
  list.setAttribute('aria-labelledby', button.id);
  list.hidden = true;
  const copy = document.createElement('button');
  copy.type = 'button';
  copy.dataset.opCopyPage = markdown;
  copy.textContent = strings.copyPage;
  const view = document.createElement('a');
  view.href = markdown;
  view.dataset.opViewMarkdown = '';
  view.textContent = strings.viewMarkdown;
  const items: HTMLElement[] = [copy, view];
  const publicMarkdown = root.dataset.publicMarkdown;
  const labels = { chatgpt: strings.openInChatGpt, claude: strings.openInClaude };
  for (const assistant of publicMarkdown
    ? assistantLinks(publicMarkdown, strings.assistantPrompt)
    : []) {
    const link = document.createElement('a');
    link.href = assistant.url;
    link.target = '_blank';
    link.rel = 'noopener noreferrer';
    link.dataset.opAssistant = assistant.name;
    const note = document.createElement('span');
    note.className = 'op-sr-only';
    note.textContent = ` ${strings.externalLink}`;
    link.append(labels[assistant.name], note);
    items.push(link);
  }
  const command = root.dataset.mcpCommand;
  if (command) items.push(commandItem(command, strings));
  for (const item of items) {
    item.setAttribute('role', 'menuitem');
    item.tabIndex = -1;
    item.className = 'op-page-menu__item';
    const entry = document.createElement('li');
    entry.setAttribute('role', 'none');
    entry.append(item);
    list.append(entry);
  }
  const status = document.createElement('span');
  status.className = 'op-sr-only';
  status.setAttribute('role', 'status');
  status.dataset.opPageMenuStatus = '';
  status.dataset.done = strings.pageCopied;
  root.append(list, status);
  button.setAttribute('aria-controls', list.id);
}

/** "Use with an AI assistant", showing the command it copies. */
function commandItem(command: string, strings: UiStrings): HTMLElement {
  const item = document.createElement('button');
  item.type = 'button';
  item.dataset.opCopyCommand = command;
  item.dataset.copied = strings.commandCopied;
  const code = document.createElement('code');
  code.className = 'op-page-menu__command';
  code.textContent = command;
  item.append(strings.useWithAssistant, ' ', code);
  return item;
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
    const command = item.dataset.opCopyCommand;
    if (source !== undefined || command !== undefined) {
      const copying = source !== undefined ? copyPage(source) : copyText(command ?? '');
      const done = (source !== undefined ? status?.dataset.done : item.dataset.copied) ?? '';
      void copying.then((copied) => {
        if (copied && status) status.textContent = done;
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

/** A line of text onto the clipboard; false when the browser refuses. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
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
