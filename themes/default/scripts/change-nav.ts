/**
 * A change-request preview's "Next change" (components/ChangeNotice.astro): takes the reader to
 * the page's next changed place — a run of marked sibling blocks, added ones and the removed ones
 * shown where they were — and after the last back to the first. It turns "Show changes" on first,
 * since removed blocks are hidden without it. The button keeps focus, so it can be pressed again
 * from the keyboard; the place is outlined and announced ("Change 2 of 5").
 */

const MARKED = '[data-change="added"], .op-change-removed';

function setUpChangeNav(): void {
  const nav = document.querySelector<HTMLElement>('[data-op-change-nav]');
  const button = nav?.querySelector<HTMLButtonElement>('button');
  const position = nav?.querySelector<HTMLElement>('[role="status"]');
  const content = document.querySelector('.op-content');
  if (!nav || !button || !position || !content) return;
  // Each place is a run of marked blocks, from one that follows an unmarked block.
  const places: Element[][] = [];
  let run: Element[] | undefined;
  for (const element of content.children) {
    if (!element.matches(MARKED)) run = undefined;
    else if (run) run.push(element);
    else {
      run = [element];
      places.push(run);
    }
  }
  if (places.length === 0) return;
  const toggle = document.querySelector<HTMLInputElement>('#op-show-changes');
  const template = position.dataset.template ?? '{index} / {total}';
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
  let index = -1;

  button.addEventListener('click', () => {
    if (toggle && !toggle.checked) {
      toggle.checked = true;
      toggle.dispatchEvent(new Event('change', { bubbles: true }));
    }
    for (const element of places[index] ?? []) element.removeAttribute('data-op-change-current');
    index = (index + 1) % places.length;
    const place = places[index] as Element[];
    for (const element of place) element.setAttribute('data-op-change-current', '');
    place[0]?.scrollIntoView({
      block: 'start',
      behavior: reduceMotion.matches ? 'auto' : 'smooth',
    });
    position.textContent = template
      .replace('{index}', String(index + 1))
      .replace('{total}', String(places.length));
  });
  nav.hidden = false;
}

setUpChangeNav();
