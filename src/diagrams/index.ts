/**
 * Mermaid diagrams drawn at build time (docs/diagrams.md): a page's `pre.mermaid` blocks become
 * inline SVG in both colour schemes, drawn in one Chromium per render and cached on disk.
 */
export { MERMAID_JS, writeMermaidBundle } from './bundle.ts';
export { DIAGRAM_RENDERER_VERSION, DiagramCache } from './cache.ts';
export {
  DiagramDrawer,
  type DrawCounts,
  type DrawerStats,
  type DrawOutcome,
  noDrawCounts,
} from './drawer.ts';
export { diagramLabel } from './label.ts';
export { markdownDiagrams } from './markdown-diagrams.ts';
export { MERMAID_VERSION } from './mermaid-browser.ts';
export { drawPageDiagrams, hasDiagrams, type PageDiagrams } from './page-diagrams.ts';
