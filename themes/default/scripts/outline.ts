/**
 * "On this page" marks the section the reader is in: the last heading of the outline that has
 * scrolled above a line a quarter down the window (or, at the end of the page, the last one in
 * view), as `aria-current="location"` on its link. Only colours change (styles/theme.css), so
 * nothing moves. A heading the reader jumped to from the outline stays marked while it is in
 * view, even where the page ends too soon to bring it up to the line. Without the script the
 * outline is a plain list of links.
 */

function setUpOutline(): void {
  const outline = document.querySelector<HTMLElement>('.op-outline');
  if (!outline) return;
  const links = [...outline.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')];
  const sections = links.flatMap((link) => {
    const heading = document.getElementById(decodeURIComponent(link.hash.slice(1)));
    return heading ? [{ link, heading }] : [];
  });
  if (sections.length === 0) return;
  let pinned: HTMLElement | undefined;
  let current: HTMLAnchorElement | undefined;
  let queued = false;

  const inView = (element: HTMLElement) => {
    const { top } = element.getBoundingClientRect();
    return top >= 0 && top < window.innerHeight;
  };

  const find = (): HTMLAnchorElement | undefined => {
    if (pinned && inView(pinned)) return sections.find((s) => s.heading === pinned)?.link;
    pinned = undefined;
    const root = document.documentElement;
    const atEnd = window.scrollY + window.innerHeight >= root.scrollHeight - 2;
    const line = atEnd ? window.innerHeight : window.innerHeight / 4;
    let found: HTMLAnchorElement | undefined;
    for (const { link, heading } of sections) {
      if (heading.getBoundingClientRect().top <= line) found = link;
      else break;
    }
    return found;
  };

  const update = () => {
    queued = false;
    // Hidden below 72rem: nothing to mark.
    if (outline.offsetParent === null) return;
    const next = find();
    if (next === current) return;
    current?.removeAttribute('aria-current');
    next?.setAttribute('aria-current', 'location');
    current = next;
    // Keep the mark in sight in a long outline without scrolling the page.
    if (next && outline.scrollHeight > outline.clientHeight) {
      const { offsetTop, offsetHeight } = next;
      if (
        offsetTop < outline.scrollTop ||
        offsetTop + offsetHeight > outline.scrollTop + outline.clientHeight
      )
        outline.scrollTop = offsetTop - outline.clientHeight / 2;
    }
  };
  const queue = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(update);
  };

  outline.addEventListener('click', (event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>('a[href^="#"]');
    pinned = sections.find((s) => s.link === link)?.heading;
  });
  window.addEventListener('scroll', queue, { passive: true });
  window.addEventListener('resize', queue, { passive: true });
  queue();
}

setUpOutline();
