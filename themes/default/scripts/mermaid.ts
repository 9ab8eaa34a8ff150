/**
 * Diagrams the build could not draw (no Chromium on the build machine): mermaid, from the
 * site's own copy of its bundle (loaded just before this script on such pages only), draws each
 * `pre.mermaid` in the scheme the page shows, and again when the reader switches schemes.
 */

interface Mermaid {
  initialize(config: Record<string, unknown>): void;
  run(options: { nodes: HTMLElement[] }): Promise<void>;
}

function pageIsDark(): boolean {
  const chosen = document.documentElement.getAttribute('data-theme');
  if (chosen) return chosen === 'dark';
  return window.matchMedia('(prefers-color-scheme: dark)').matches;
}

// Each diagram's source, kept before mermaid replaces it with its drawing.
const diagrams = [...document.querySelectorAll<HTMLElement>('pre.mermaid')].map((node) => ({
  node,
  source: node.textContent ?? '',
}));
let drawnDark: boolean | undefined;

function draw(): void {
  const mermaid = (window as unknown as { mermaid?: Mermaid }).mermaid;
  const dark = pageIsDark();
  if (!mermaid || diagrams.length === 0 || dark === drawnDark) return;
  drawnDark = dark;
  for (const { node, source } of diagrams) {
    node.removeAttribute('data-processed');
    node.textContent = source;
  }
  mermaid.initialize({
    startOnLoad: false,
    securityLevel: 'strict',
    theme: dark ? 'dark' : 'default',
  });
  void mermaid.run({ nodes: diagrams.map((d) => d.node) });
}

// The bundle is a deferred classic script before this module: it has run by now, unless the
// page was served without it (then there is nothing to draw with).
draw();
// The theme toggle sets `data-theme`; "system" follows the reader's scheme.
new MutationObserver(draw).observe(document.documentElement, {
  attributes: true,
  attributeFilter: ['data-theme'],
});
window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', draw);
