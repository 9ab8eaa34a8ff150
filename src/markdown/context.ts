/**
 * What one render shares between its plugins: options, the line map, and the result lists.
 *
 * Warnings are the messages of the render's `VFile`: a plain unified plugin reports with
 * `file.message(reason, node)` (its line is the preprocessed markdown's), and the plugins that
 * still take this context with `ctx.warn`, which records the original line at once. `finish`
 * reads them back in the order they were reported.
 */
import type { Node } from 'unist';
import { VFile } from 'vfile';
import { featuresOf } from './features.ts';
import { type ContentStrings, ENGLISH_CONTENT_STRINGS } from './strings.ts';
import type {
  BrokenLink,
  MarkdownFeatures,
  MarkdownOptions,
  MarkdownWarning,
  Reference,
  RenderedReference,
  ResponsiveImage,
} from './types.ts';

export const MAX_WARNINGS = 200;

type VFileMessage = VFile['messages'][number];

export class MarkdownContext {
  readonly options: MarkdownOptions;
  /** The file the pipeline runs on: its messages are the page's warnings. */
  readonly file: VFile;
  readonly references: RenderedReference[] = [];
  readonly brokenLinks: BrokenLink[] = [];
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
  /** Original lines of the messages `warn` reported (the others map through `lineMap`). */
  private readonly mapped = new WeakMap<VFileMessage, number | undefined>();
  /** Warnings past MAX_WARNINGS, only counted. */
  private dropped = 0;
  private sequence = 0;

  constructor(options: MarkdownOptions, file = new VFile()) {
    this.options = options;
    this.file = file;
  }

  /** What the page needs in the browser: the file's (plugins mark it with `useFeature`). */
  get features(): MarkdownFeatures {
    return featuresOf(this.file);
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

  /** A warning on `where`: a node of the tree, or an original line. */
  warn(message: string, where?: Node | number): void {
    if (this.file.messages.length >= MAX_WARNINGS) {
      this.dropped++;
      return;
    }
    const line =
      this.fixedLine ??
      (typeof where === 'number' ? where : where === undefined ? undefined : this.lineOf(where));
    this.mapped.set(this.file.message(message), line);
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

  /**
   * The file's messages as warnings on original lines, the first {@link MAX_WARNINGS} reported,
   * in line order (stable; those without a line last).
   */
  finish(): MarkdownWarning[] {
    const messages = this.file.messages;
    const warnings = messages.slice(0, MAX_WARNINGS).map((message): MarkdownWarning => {
      const line = this.mapped.has(message)
        ? this.mapped.get(message)
        : this.originalLine(message.line ?? undefined);
      return line === undefined ? { message: message.reason } : { message: message.reason, line };
    });
    const at = (w: MarkdownWarning) => w.line ?? Number.POSITIVE_INFINITY;
    warnings.sort((a, b) => at(a) - at(b));
    const dropped = messages.length - warnings.length + this.dropped;
    this.dropped = 0;
    if (dropped > 0) warnings.push({ message: `${dropped} more warnings not shown` });
    return warnings;
  }
}
