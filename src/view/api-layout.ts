/**
 * Whether a page lays out as an API reference: wide, its operations in two columns (the spec,
 * and beside it the samples and examples), the outline only where the screen has room for it
 * too (themes/default/styles/blocks.css). A page is one when operations drawn from a spec hold
 * at least half of its text, as the platform widens its OpenAPI pages; a guide with one
 * operation among its prose keeps the reading width, and its operation stays in one column.
 */
import type { MarkdownFeatures } from '../markdown/index.ts';

export const API_LAYOUT_SHARE = 0.5;

export function isApiLayout(features: MarkdownFeatures, pageText: string): boolean {
  const operations = features.operations;
  if (!operations || operations.count === 0) return false;
  return operations.text >= API_LAYOUT_SHARE * Math.max(1, pageText.length);
}
