import { prepareRegions } from '../../adaptive/index.ts';
import type { MarkdownFeatures, MarkdownWarning } from '../../markdown/index.ts';
import type { DiagramStage } from './diagrams.ts';

/**
 * What a page's HTML goes through after the markdown cache, in order: each step takes the HTML
 * the one before it left and gives it back changed, with its warnings and what the page then
 * needs in the browser. They run after the cache because what they put in has a cache of its
 * own (the drawings) or costs less than a lookup (the regions).
 */

/** What a page needs in the browser once every step has run. */
export interface PageFeatures extends MarkdownFeatures {
  /** `{% if %}` regions to evaluate in the browser. */
  adaptiveRegions: boolean;
}

export interface StepResult {
  html: string;
  warnings: MarkdownWarning[];
  /** The features this step decides; the others stay as they were. */
  features: Partial<PageFeatures>;
}

export type AfterMarkdown = (html: string) => Promise<StepResult> | StepResult;

/** Mermaid sources replaced by their drawings; the mermaid script only where one is left to draw. */
export function drawDiagrams(diagrams: DiagramStage): AfterMarkdown {
  return async (html) => {
    const drawn = await diagrams.page(html);
    return { html: drawn.html, warnings: drawn.warnings, features: { mermaid: drawn.needsScript } };
  };
}

/** `{% if %}` regions: each expression compiled for the browser; a refused one stays hidden. */
export const adaptiveRegions: AfterMarkdown = (html) => {
  const warnings: MarkdownWarning[] = [];
  const regions = prepareRegions(html, (expression, reason) =>
    warnings.push({
      message: `{% if ${expression} %}: condition refused (${reason}); the region stays hidden`,
    }),
  );
  return { html: regions.html, warnings, features: { adaptiveRegions: regions.regions } };
};
