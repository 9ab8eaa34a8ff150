/**
 * The phone-width menu. The section tabs, header links and sidebar stay where they are in the
 * page; opening the menu moves them into a modal <dialog> (the browser traps focus, makes the
 * rest inert and closes on Escape) and closing puts them back and returns focus to the button.
 * Below 48rem the theme's CSS hides them in the page once this script has marked <html> with
 * `op-has-menu`.
 */

const PHONE = '(max-width: 48rem)';

function setUpMenu(): void {
  const button = document.querySelector<HTMLButtonElement>('[data-op-menu]');
  const sidebar = document.querySelector<HTMLElement>('.op-page > .op-sidebar');
  if (!button || !sidebar) return;
  const parts = [
    document.querySelector<HTMLElement>('.op-header > .op-tabs'),
    document.querySelector<HTMLElement>('.op-header > .op-header-links'),
    sidebar,
  ].flatMap((part) => (part ? [{ part, home: document.createComment('') }] : []));
  let dialog: HTMLDialogElement | undefined;

  const build = (): HTMLDialogElement => {
    const element = document.createElement('dialog');
    element.className = 'op-drawer';
    element.setAttribute('aria-label', button.getAttribute('aria-label') ?? '');
    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'op-drawer__close';
    close.setAttribute('aria-label', button.dataset.close ?? '');
    close.innerHTML = '<span aria-hidden="true">×</span>';
    close.addEventListener('click', () => element.close());
    element.append(close);
    // A click on the backdrop lands on the dialog itself, outside its content.
    element.addEventListener('click', (event) => {
      if (event.target === element) element.close();
    });
    element.addEventListener('close', () => {
      for (const { part, home } of parts) home.replaceWith(part);
      element.remove();
      button.setAttribute('aria-expanded', 'false');
      button.focus();
    });
    return element;
  };

  button.addEventListener('click', () => {
    dialog ??= build();
    for (const { part, home } of parts) {
      part.replaceWith(home);
      dialog.append(part);
    }
    document.body.append(dialog);
    button.setAttribute('aria-expanded', 'true');
    dialog.showModal();
    // Start at the current page's link, where the reader most likely wants to be.
    sidebar
      .querySelector<HTMLElement>('[aria-current="page"]')
      ?.scrollIntoView({ block: 'center' });
  });
  // Growing past phone width puts the sidebar back in the page.
  window.matchMedia(PHONE).addEventListener('change', (event) => {
    if (!event.matches && dialog?.open) dialog.close();
  });
  button.hidden = false;
  document.documentElement.classList.add('op-has-menu');
}

setUpMenu();
