/**
 * Copy buttons on code blocks (src/markdown: `figure.op-code`): added here, before the block's
 * `pre`, since they work only with this script (pages do not carry one per block); each copies
 * its block's code and says so, briefly on the button and once to screen readers.
 */

import { loadUiStrings } from '../../../src/view/i18n/load.ts';

const DONE_MS = 2000;

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard API (a plain-http host) or no permission: the older selection route.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const copied = document.execCommand('copy');
    area.remove();
    return copied;
  }
}

/** `button.op-code__copy` with its icon (drawn by the theme's CSS), before the block's `pre`. */
function addCopyButton(pre: HTMLElement): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'op-code__copy';
  button.setAttribute('aria-label', 'Copy code');
  const icon = document.createElement('span');
  icon.className = 'op-code__copy-icon';
  icon.setAttribute('aria-hidden', 'true');
  button.append(icon);
  pre.before(button);
  return button;
}

function setUpCopyButtons(): void {
  const blocks = document.querySelectorAll<HTMLElement>('figure.op-code > pre');
  if (blocks.length === 0) return;
  const buttons = [...blocks].map(addCopyButton);
  const strings = loadUiStrings(document.documentElement.lang);
  const status = document.createElement('p');
  status.className = 'op-sr-only';
  status.setAttribute('role', 'status');
  document.body.append(status);
  for (const button of buttons) {
    button.addEventListener('click', async () => {
      const code = button.closest('.op-code')?.querySelector('code, pre');
      if (!code || !(await copyText(code.textContent ?? ''))) return;
      button.classList.add('op-code__copy--done');
      status.textContent = (await strings).copied;
      setTimeout(() => {
        button.classList.remove('op-code__copy--done');
        status.textContent = '';
      }, DONE_MS);
    });
  }
  document.documentElement.classList.add('op-copy-ready');
}

setUpCopyButtons();
