/**
 * One render's state: its options and the `VFile` the pipeline runs on. No plugin is given it:
 * `blocks.ts` builds each plugin's own options from it. Plugins report what they could not
 * render as the file's messages (`file.message(reason, node)`), on the page's lines (the parse
 * keeps every line where it is), and keep what they find in `file.data` (`file-data.ts`);
 * `finish` reads the messages back as the page's warnings.
 */
import type { Node } from 'unist';
import { VFile } from 'vfile';
import type { RenderedDocument } from './changes.ts';
import { featuresOf } from './features.ts';
import { type ContentStrings, ENGLISH_CONTENT_STRINGS } from './strings.ts';
import type { MarkdownFeatures, MarkdownOptions, MarkdownWarning } from './types.ts';

export const MAX_WARNINGS = 200;

export class MarkdownContext {
  readonly options: MarkdownOptions;
  /** The file the pipeline runs on: its messages are the page's warnings. */
  readonly file: VFile;
  /**
   * The previous markdown (`MarkdownOptions.previous`) rendered up to the stringifier, with its
   * blocks: what the changes step marks the page against (plugins/changes.ts).
   */
  readonly previous: RenderedDocument | undefined;

  constructor(options: MarkdownOptions, file = new VFile(), previous?: RenderedDocument) {
    this.options = options;
    this.file = file;
    this.previous = previous;
  }

  /** What the page needs in the browser: the file's (plugins mark it with `useFeature`). */
  get features(): MarkdownFeatures {
    return featuresOf(this.file);
  }

  /** The labels plugins write: the site's language, else English. */
  get strings(): ContentStrings {
    return this.options.strings ?? ENGLISH_CONTENT_STRINGS;
  }

  /** The page's line of a node of the tree. */
  lineOf(node: Node | undefined): number | undefined {
    return node?.position?.start.line;
  }

  /**
   * The file's messages as warnings on the page's lines, the first {@link MAX_WARNINGS}
   * reported, in line order (stable; those without a line last).
   */
  finish(): MarkdownWarning[] {
    const messages = this.file.messages;
    const warnings = messages.slice(0, MAX_WARNINGS).map((message): MarkdownWarning => {
      const line = message.line ?? undefined;
      return line === undefined ? { message: message.reason } : { message: message.reason, line };
    });
    const at = (w: MarkdownWarning) => w.line ?? Number.POSITIVE_INFINITY;
    warnings.sort((a, b) => at(a) - at(b));
    const dropped = messages.length - warnings.length;
    if (dropped > 0) warnings.push({ message: `${dropped} more warnings not shown` });
    return warnings;
  }
}
