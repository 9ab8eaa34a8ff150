import { fromHtml } from 'hast-util-from-html';
import { toText } from 'hast-util-to-text';
import type { DiagramDrawer, DrawCounts } from './drawer.ts';
import { diagramFigure } from './figure.ts';

/**
 * The pass over a page's finished HTML that puts drawings in place of its diagrams. The
 * markdown renderer leaves each diagram as `<pre class="mermaid" data-op-line="N">source</pre>`,
 * N the page line just before the diagram's first (src/markdown/plugins/code.ts, html-code.ts);
 * here each becomes:
 * - drawn: its figure (`figure.ts`);
 * - refused by mermaid: its source as a plain block (`pre.op-diagram-error`), with a warning
 *   naming the line;
 * - not drawn (no browser): `pre.mermaid` as it was, and the page loads mermaid to draw it.
 * The page's diagrams are asked for together, so they are drawn in one batch. A diagram marked
 * as added in a change request's preview (`data-change="added"`, src/markdown/changes.ts) keeps
 * the mark on what replaces it.
 */

export interface PageDiagrams {
  html: string;
  warnings: { message: string; line?: number }[];
  /** Some diagram is left for the reader's browser to draw. */
  needsScript: boolean;
}

const DIAGRAM =
  /<pre class="mermaid"(?: data-op-line="(\d+)")?( data-change="added")?>([^<]*)<\/pre>/g;

/** Cheap test first: most pages have no diagram. */
export function hasDiagrams(html: string): boolean {
  return html.includes('<pre class="mermaid"');
}

/** `counts`: the requester's own tally of how its diagrams were answered. */
export async function drawPageDiagrams(
  html: string,
  drawer: DiagramDrawer,
  counts?: DrawCounts,
): Promise<PageDiagrams> {
  if (!hasDiagrams(html)) return { html, warnings: [], needsScript: false };
  const found = [...html.matchAll(DIAGRAM)].map((match) => ({
    match,
    line: match[1] ? Number(match[1]) : undefined,
    source: decodeDiagram(match[3] as string),
  }));
  const outcomes = await Promise.all(found.map(({ source }) => drawer.draw(source, counts)));
  const warnings: PageDiagrams['warnings'] = [];
  let needsScript = false;
  let number = 0;
  let out = '';
  let last = 0;
  found.forEach(({ match, line, source }, index) => {
    const outcome = outcomes[index];
    if (!outcome) return;
    const escaped = match[3] as string;
    let replacement: string;
    if ('drawn' in outcome) {
      replacement = diagramFigure(outcome.drawn, source, ++number);
    } else if ('error' in outcome) {
      const at = pageLine(line, outcome.error);
      warnings.push({
        message: `mermaid diagram not drawn: ${outcome.error}; its source is shown`,
        ...(at !== undefined ? { line: at } : {}),
      });
      replacement = `<pre class="op-diagram-error"><code>${escaped}</code></pre>`;
    } else {
      needsScript = true;
      replacement = `<pre class="mermaid">${escaped}</pre>`;
    }
    // The mark goes on the replacement's element (its first tag).
    if (match[2]) replacement = replacement.replace(/^<[a-z]+/, `$&${match[2]}`);
    out += html.slice(last, match.index) + replacement;
    last = match.index + match[0].length;
  });
  return { html: out + html.slice(last), warnings, needsScript };
}

/** The text of the block as it was written (the HTML holds it escaped). */
export function decodeDiagram(escaped: string): string {
  // The parser drops a newline just after `<pre>`: one is put there so none of the source is lost.
  return toText(fromHtml(`<pre>\n${escaped}</pre>`, { fragment: true }), { whitespace: 'pre' });
}

/**
 * The page line of a parse error: the diagram's line the error names ("Parse error on line 3")
 * counted from the line before its first, else its first line.
 */
function pageLine(lineBefore: number | undefined, error: string): number | undefined {
  if (lineBefore === undefined) return undefined;
  const inDiagram = /\bline (\d+)\b/.exec(error);
  return lineBefore + (inDiagram ? Number(inDiagram[1]) : 1);
}
