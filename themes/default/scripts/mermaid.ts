/**
 * Diagrams the build could not draw (no Chromium on the build machine): mermaid, from the
 * site's own copy of its bundle (loaded just before this script on such pages only), draws each
 * `pre.mermaid` in the scheme the page shows as it loads.
 */

interface Mermaid {
  initialize(config: Record<string, unknown>): void;
  run(options: { querySelector: string }): Promise<void>;
}

function pageIsDark(): boolean {
  const chosen = document.documentElement.getAttribute('data-theme');
  if (chosen) return chosen === 'dark';
  return window.matchMedia('(prefers-color-scheme: dark)').matches;
}

function draw(): void {
  const mermaid = (window as unknown as { mermaid?: Mermaid }).mermaid;
  if (!mermaid) return;
  mermaid.initialize({
    startOnLoad: false,
    securityLevel: 'strict',
    theme: pageIsDark() ? 'dark' : 'default',
  });
  void mermaid.run({ querySelector: 'pre.mermaid' });
}

// The bundle is a deferred classic script before this module: it has run by now, unless the
// page was served without it (then there is nothing to draw with).
draw();
