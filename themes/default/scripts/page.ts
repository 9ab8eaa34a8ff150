/**
 * Every page's script, one cached file: the phone-width menu, search, the theme toggle, the page
 * actions button, code blocks' copy buttons, the header's dropdowns and the outline's mark of the
 * current section. Each part does nothing on a page without its markup (a component turned off or
 * overridden). One file rather than one per component: every page names each script it loads, and
 * these are on nearly every page.
 */
import './menu.ts';
import './theme-toggle.ts';
import './page-actions.ts';
import './copy.ts';
import './dropdowns.ts';
import './outline.ts';
import { setUpSearch } from './search.ts';
import { highlightSearchTerms } from './search-highlight.ts';

const searchOpener = document.querySelector<HTMLElement>('[data-op-search-open]');
if (searchOpener) {
  setUpSearch();
  void highlightSearchTerms(searchOpener.dataset.base ?? '/');
}
