/**
 * Raw HTML that stops inside its own markup. A blank line ends a markdown HTML block, so
 * `<img src="a.png"` and `alt="x">` on either side of one land in two raw nodes, and a `<!--`
 * whose `-->` never comes ends its node inside the comment. hast-util-raw feeds raw nodes to one
 * parse5 tokenizer and resets it between nodes: the unfinished tag or comment is dropped there,
 * and in some places (inside a block's element, before another element) the reset throws
 * instead, which would send the whole page to the "shown as text" fallback. Cutting the
 * unfinished markup off first gives what the reset gives where it does not throw.
 */
import { type TokenHandler, Tokenizer, TokenizerMode } from 'parse5';

/** A tokenizer that records where the last tag, comment or doctype it finished ends. */
function tokenize(html: string): { state: number; lastEnd: number } {
  let lastEnd = 0;
  const ended = (token: { location: { endOffset: number } | null }) => {
    if (token.location) lastEnd = token.location.endOffset;
  };
  const ignore = () => {};
  const handler: TokenHandler = {
    onComment: ended,
    onDoctype: ended,
    onStartTag: ended,
    onEndTag: ended,
    onEof: ignore,
    onCharacter: ignore,
    onNullCharacter: ignore,
    onWhitespaceCharacter: ignore,
  };
  const tokenizer = new Tokenizer({ sourceCodeLocationInfo: true }, handler);
  tokenizer.write(html, false);
  return { state: tokenizer.state, lastEnd };
}

/**
 * States in which no markup is being built: text, and a `<` or `&` not yet known to start
 * anything (read off the tokenizer itself rather than its internal numbering).
 */
const AT_REST = new Set<number>([
  TokenizerMode.DATA,
  TokenizerMode.RCDATA,
  TokenizerMode.RAWTEXT,
  TokenizerMode.SCRIPT_DATA,
  TokenizerMode.PLAINTEXT,
  tokenize('<').state,
  tokenize('&').state,
]);

/** `<` that opens a tag, end tag, comment, doctype or processing instruction; `</>` opens nothing. */
const MARKUP_OPEN = /<(?!\/>)[A-Za-z!/?]/g;

/**
 * Where `html` starts markup it does not finish (a tag, comment or doctype still open at its
 * end), or undefined when it finishes all it starts. Everything from there on is inside it.
 */
export function unfinishedMarkupAt(html: string): number | undefined {
  if (!html.includes('<')) return undefined;
  const { state, lastEnd } = tokenize(html);
  if (AT_REST.has(state)) return undefined;
  // After the last finished token the tokenizer was at rest, so the first `<` there that opens
  // markup opens the one never finished.
  MARKUP_OPEN.lastIndex = lastEnd;
  return MARKUP_OPEN.exec(html)?.index;
}
