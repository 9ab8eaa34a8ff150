/**
 * What one render shares between its plugins: options, the line map, and the result lists.
 */
import type { Node } from 'unist';
import { type ContentStrings, ENGLISH_CONTENT_STRINGS } from './strings.ts';
import type {
  BrokenLink,
  Reference,
  RenderedReference,
  RenderFeatures,
  RenderOptions,
  RenderWarning,
  ResponsiveImage,
} from './types.ts';

export const MAX_WARNINGS = 200;

export class RenderContext {
  readonly options: RenderOptions;
  readonly warnings: RenderWarning[] = [];
  readonly references: RenderedReference[] = [];
  readonly brokenLinks: BrokenLink[] = [];
  readonly features: RenderFeatures = { mermaid: false, math: false, tabs: false };
  /** `lineMap[k]`: original line of line `k + 1` of the preprocessed markdown. */
  lineMap: number[] = [];
  title: string | undefined;
  /** While set (inside an include), every warning and reference is reported on this line. */
  fixedLine: number | undefined;
  /** Ids given to elements after sanitizing (tabs, headings): unique in the page. */
  readonly usedIds = new Set<string>();
  /**
   * Images with responsive variants, by the URL the references plugin gave their `img`: the
   * picture plugin (after sanitizing) reads them from here, never from the page's markup.
   */
  readonly images = new Map<string, { image: ResponsiveImage; name: string }>();
  /** Includes expanded so far in this render (bounded). */
  includes = 0;
  private dropped = 0;
  private sequence = 0;

  constructor(options: RenderOptions) {
    this.options = options;
  }

  /** The labels plugins write: the site's language, else English. */
  get strings(): ContentStrings {
    return this.options.strings ?? ENGLISH_CONTENT_STRINGS;
  }

  /** Original 1-based line of a preprocessed line number. */
  originalLine(line: number | undefined): number | undefined {
    if (this.fixedLine !== undefined) return this.fixedLine;
    if (line === undefined) return undefined;
    return this.lineMap[line - 1] ?? line;
  }

  lineOf(node: Node | undefined): number | undefined {
    return this.originalLine(node?.position?.start.line);
  }

  warn(message: string, where?: Node | number): void {
    if (this.warnings.length >= MAX_WARNINGS) {
      this.dropped++;
      return;
    }
    const line =
      this.fixedLine ??
      (typeof where === 'number' ? where : where === undefined ? undefined : this.lineOf(where));
    this.warnings.push(line === undefined ? { message } : { message, line });
  }

  reference(ref: Reference, line: number | undefined, resolved: boolean): void {
    this.references.push(line === undefined ? { ref, resolved } : { ref, line, resolved });
    if (!resolved) {
      this.brokenLinks.push(line === undefined ? { target: ref.raw } : { target: ref.raw, line });
    }
  }

  /** A number unique within this render, for generated ids. */
  next(): number {
    return ++this.sequence;
  }

  /** The warnings in line order (stable; those without a line last). */
  finish(): RenderWarning[] {
    const line = (w: RenderWarning) => w.line ?? Number.POSITIVE_INFINITY;
    this.warnings.sort((a, b) => line(a) - line(b));
    if (this.dropped > 0) {
      this.warnings.push({ message: `${this.dropped} more warnings not shown` });
      this.dropped = 0;
    }
    return this.warnings;
  }
}
