/**
 * A search result opens its page with `?pagefind-highlight=word` (search.ts asks Pagefind for
 * that): this marks the words in the page's content with Pagefind's own highlighter
 * (`<base>pagefind/pagefind-highlight.js`, loaded only then), and brings the result's heading
 * (the URL's `#anchor`) or else the first mark into view.
 */

export const HIGHLIGHT_PARAM = 'pagefind-highlight';

interface PagefindHighlightOptions {
  highlightParam: string;
  markContext: string;
  addStyles: boolean;
  markOptions: { className: string; exclude: string[]; done?: () => void };
}

/**
 * Where no word is marked. An HTML <mark> inside SVG or MathML is not drawn, so a marked word
 * would vanish from a diagram's label ("Select Mermaid" read "Select"), and one in a diagram's
 * source (`pre.mermaid`, drawn in the browser) would reach mermaid as markup; typeset math and
 * form controls keep their text as it is too. Each selector also names the descendants: the
 * highlighter tests the element that holds the text.
 */
const EXCLUDE = [
  '[data-pagefind-ignore]',
  'svg',
  '.mermaid',
  'math',
  '.katex',
  'textarea',
  'select',
].flatMap((selector) => [selector, `${selector} *`]);
EXCLUDE.push('.op-code__copy');

type PagefindHighlightClass = new (options: PagefindHighlightOptions) => unknown;

export async function highlightSearchTerms(base: string): Promise<void> {
  const terms = new URLSearchParams(window.location.search).getAll(HIGHLIGHT_PARAM);
  if (!terms.some((term) => term.trim())) return;
  const url = new URL(`${base}pagefind/pagefind-highlight.js`, window.location.href).href;
  let PagefindHighlight: PagefindHighlightClass;
  try {
    ({ default: PagefindHighlight } = (await import(/* @vite-ignore */ url)) as {
      default: PagefindHighlightClass;
    });
  } catch {
    return; // A copy of the site without its search index: nothing to mark.
  }
  new PagefindHighlight({
    highlightParam: HIGHLIGHT_PARAM,
    markContext: '#op-content .op-article',
    // The theme styles the marks (styles/search.css) in light and dark.
    addStyles: false,
    markOptions: {
      className: 'op-search-mark',
      exclude: EXCLUDE,
      done: () => scrollToResult(),
    },
  });
}

/** The sub-result's heading when the URL names one, else the first marked word. */
function scrollToResult(): void {
  const id = decodeURIComponent(window.location.hash.slice(1));
  const target =
    (id ? document.getElementById(id) : null) ?? document.querySelector('mark.op-search-mark');
  target?.scrollIntoView({ block: id ? 'start' : 'center' });
}
