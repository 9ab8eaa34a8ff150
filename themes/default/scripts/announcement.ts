/**
 * The announcement's dismiss button (components/Announcement.astro): remembered under the
 * banner's key, so the head script hides it before first paint on later pages. A file, not an
 * inline script: the site's Content-Security-Policy runs no inline script it has no hash for.
 */

function setUpDismiss(): void {
  const banner = document.querySelector<HTMLElement>('[data-op-announcement]');
  const button = banner?.querySelector('.op-announcement__dismiss');
  const key = banner?.dataset.opAnnouncement;
  if (!button || !key) return;
  button.addEventListener('click', () => {
    try {
      localStorage.setItem(key, '1');
    } catch {
      // Storage refused (private mode): dismissed for this page only.
    }
    document.documentElement.classList.add('op-announcement-dismissed');
  });
}

setUpDismiss();
