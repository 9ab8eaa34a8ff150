import type { Drawn, DrawnScheme } from './drawer.ts';
import { diagramLabel } from './label.ts';
import { DRAWING_ID } from './mermaid-browser.ts';
import { placeIds } from './svg-ids.ts';

/**
 * The markup of a drawn diagram: both schemes' drawings, of which CSS shows one (the theme's
 * `.op-scheme-light|dark` pair rule, as for the logo, by `data-theme` or `prefers-color-scheme`,
 * so there is no script and no flash), and its labels as hidden text for search (Pagefind skips SVG):
 *
 * ```html
 * <figure class="op-diagram" data-op-diagram="flowchart-v2">
 *   <svg id="op-diagram-1-light" class="flowchart op-diagram__svg op-diagram__svg--light op-scheme-light" role="img" aria-label="…">…</svg>
 *   <svg id="op-diagram-1-dark" class="flowchart op-diagram__svg op-diagram__svg--dark op-scheme-dark" role="img" aria-label="…">…</svg>
 *   <p class="op-diagram__text" hidden>Mission request · Range safety · …</p>
 * </figure>
 * ```
 */
export function diagramFigure(drawn: Drawn, source: string, number: number): string {
  const label = diagramLabel({ ...drawn.light, source });
  const svgs = (['light', 'dark'] as const).map((scheme) =>
    svgOf(drawn[scheme], `op-diagram-${number}-${scheme}`, scheme, label),
  );
  const text = drawn.light.labels.map(escapeText).join(' · ');
  return (
    `<figure class="op-diagram" data-op-diagram="${escapeAttribute(drawn.light.kind)}">` +
    `${svgs.join('')}${text ? `<p class="op-diagram__text" hidden>${text}</p>` : ''}</figure>`
  );
}

/** Mermaid's own ARIA (a `graphics-document` role naming inner ids) gives way to one label. */
const ROOT_ARIA = /\s(?:role|aria-roledescription|aria-labelledby|aria-describedby)="[^"]*"/g;

function svgOf(drawing: DrawnScheme, id: string, scheme: string, label: string): string {
  const svg = placeIds(drawing.svg, DRAWING_ID, id);
  const open = svg.indexOf('>');
  let root = svg.slice(0, open).replace(ROOT_ARIA, '');
  const mermaidClass = /\sclass="([^"]*)"/.exec(root)?.[1];
  root = root.replace(/\sclass="[^"]*"/, '');
  const className = [
    mermaidClass,
    'op-diagram__svg',
    `op-diagram__svg--${scheme}`,
    `op-scheme-${scheme}`,
  ]
    .filter(Boolean)
    .join(' ');
  return `${root} class="${className}" role="img" aria-label="${escapeAttribute(label)}"${svg.slice(open)}`;
}

function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  return escapeText(value).replace(/"/g, '&quot;');
}
