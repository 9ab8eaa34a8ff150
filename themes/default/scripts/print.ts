/**
 * The print action, and closed <details> opened for printing (whatever started it: the button
 * or the browser's own menu), then closed again.
 */

function setUpPrint(): void {
  const button = document.querySelector<HTMLButtonElement>('[data-op-print]');
  if (button) {
    button.addEventListener('click', () => window.print());
    button.hidden = false;
  }
  let opened: HTMLDetailsElement[] = [];
  window.addEventListener('beforeprint', () => {
    opened = [...document.querySelectorAll<HTMLDetailsElement>('.op-content details:not([open])')];
    for (const details of opened) details.open = true;
  });
  window.addEventListener('afterprint', () => {
    for (const details of opened) details.open = false;
    opened = [];
  });
}

setUpPrint();
