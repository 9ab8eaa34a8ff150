/**
 * The phone-width menu, on every page. The section tabs, header links, theme toggle and the
 * sidebar (where the page has one) stay where they are in the page, hidden there at phone width
 * by the theme's CSS; opening the menu moves them into a modal <dialog> (the browser traps
 * focus, makes the rest inert and closes on Escape) and closing puts them back and returns
 * focus to the button.
 */

const PHONE = '(max-width: 48rem)';

type Part = { part: HTMLElement; home: Comment };

function parts(selectors: string[]): Part[] {
  return selectors.flatMap((selector) => {
    const part = document.querySelector<HTMLElement>(selector);
    return part ? [{ part, home: document.createComment('') }] : [];
  });
}

function setUpMenu(): void {
  const button = document.querySelector<HTMLButtonElement>('[data-op-menu]');
  if (!button) return;
  // The toggle sits beside the close button; the navigation follows, tabs first.
  const bar = parts(['.op-header > .op-theme-toggle']);
  const body = parts([
    '.op-header > .op-tabs',
    '.op-header > .op-header-links',
    '.op-page > .op-sidebar',
  ]);
  const sidebar = body.find(({ part }) => part.matches('.op-sidebar'))?.part;
  let dialog: HTMLDialogElement | undefined;
  let top: HTMLElement | undefined;

  const build = (): HTMLDialogElement => {
    const element = document.createElement('dialog');
    element.className = 'op-drawer';
    element.setAttribute('aria-label', button.getAttribute('aria-label') ?? '');
    top = document.createElement('div');
    top.className = 'op-drawer__bar';
    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'op-drawer__close';
    close.setAttribute('aria-label', button.dataset.close ?? '');
    close.innerHTML = '<span aria-hidden="true">×</span>';
    close.addEventListener('click', () => element.close());
    top.append(close);
    element.append(top);
    // A click on the backdrop lands on the dialog itself, outside its content.
    element.addEventListener('click', (event) => {
      if (event.target === element) element.close();
    });
    element.addEventListener('close', () => {
      for (const { part, home } of [...bar, ...body]) home.replaceWith(part);
      element.remove();
      button.setAttribute('aria-expanded', 'false');
      button.focus();
    });
    return element;
  };

  button.addEventListener('click', () => {
    dialog ??= build();
    for (const { part, home } of bar) {
      part.replaceWith(home);
      top?.prepend(part);
    }
    for (const { part, home } of body) {
      part.replaceWith(home);
      dialog.append(part);
    }
    document.body.append(dialog);
    button.setAttribute('aria-expanded', 'true');
    dialog.showModal();
    // Start at the current page's link, where the reader most likely wants to be.
    sidebar
      ?.querySelector<HTMLElement>('[aria-current="page"]')
      ?.scrollIntoView({ block: 'center' });
  });
  // Growing past phone width puts everything back in the page.
  window.matchMedia(PHONE).addEventListener('change', (event) => {
    if (!event.matches && dialog?.open) dialog.close();
  });
}

setUpMenu();
