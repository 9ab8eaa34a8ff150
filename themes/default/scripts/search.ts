/**
 * The search dialog's behaviour (themes/default/components/Search.astro). Pagefind's worker
 * script (`<base>pagefind/pagefind-worker.js`) is started the first time the dialog opens, with
 * an instance for each bundle the site's merge file lists, searched as one
 * (src/search/bundles-search.ts); until then a page loads nothing of search but this script.
 *
 * The input is a combobox over a listbox of results: focus stays in the input, the arrow keys
 * move `aria-activedescendant`, Enter follows the active result, Escape closes the dialog and
 * focus goes back to whatever opened it.
 */

import type { OperationMethod } from '../../../src/openapi/methods.ts';
import {
  type BundleResult,
  BundlesSearch,
  type SearchFilters,
} from '../../../src/search/bundles-search.ts';
import { MERGE_FILE, parseMergeList } from '../../../src/search/merge-list-format.ts';
import { SHOWN_ONLY_META_WEIGHTS } from '../../../src/search/meta-weights.ts';
import { operationMethods } from '../../../src/search/operations.ts';
import { candidates, headingMatchesFirst, titleMatchesFirst } from '../../../src/search/rank.ts';
import {
  type Correction,
  forgivingSearch,
  SiteVocabulary,
} from '../../../src/search/typo-correction.ts';
import { loadUiStrings } from '../../../src/view/i18n/load.ts';
import type { UiStrings } from '../../../src/view/view.ts';
import { HIGHLIGHT_PARAM } from './search-highlight.ts';
import { startPagefindWorker } from './search-worker.ts';
import { searchFoundNothing } from './site-events.ts';

/** Pagefind's options, as every bundle's instance is started with them. */
interface PagefindOptions {
  baseUrl?: string;
  excerptLength?: number;
  highlightParam?: string;
  language?: string;
  ranking?: { metaWeights?: Record<string, number> };
}

interface PagefindData {
  url: string;
  excerpt: string;
  /** `method` and `operations`: its OpenAPI operations' methods (src/search/operations.ts). */
  meta: {
    title?: string;
    section?: string;
    variant?: string;
    path?: string;
    method?: string;
    operations?: string;
  };
  sub_results: { title: string; url: string; excerpt: string; anchor?: { id: string } }[];
}

/** The dialog's strings, in the page's language (src/view/i18n). */
type Strings = Pick<
  UiStrings,
  | 'search'
  | 'searchPlaceholder'
  | 'searchClose'
  | 'searchWholeSite'
  | 'searchResults'
  | 'searchHelp'
  | 'searchLoading'
  | 'searchNoResults'
  | 'searchResultCount'
  | 'searchResultCountOne'
  | 'searchUnavailable'
  | 'searchShowingResultsFor'
>;

/** How long typing must pause before the query is searched. */
const DEBOUNCE_MS = 150;

/** Pages shown for one query, and headings shown under each. */
const MAX_PAGES = 8;
const MAX_HEADINGS = 3;

/**
 * The dialog is built once the strings of the page's language are loaded (a cached chunk); the
 * openers and the shortcuts listen from the start, so one used as the page loads still opens it.
 */
export function setUpSearch(): void {
  const opener = document.querySelector<HTMLElement>('[data-op-search-open]');
  if (!opener || document.querySelector('dialog[data-op-search]')) return;
  const search = loadUiStrings(document.documentElement.lang).then((strings) => {
    const parts = buildDialog(strings, opener.dataset.appearance ?? 'prominent');
    document.body.append(parts.dialog);
    return new SearchDialog(parts, strings, opener.dataset.base ?? '/');
  });
  for (const each of document.querySelectorAll<HTMLElement>('[data-op-search-open]')) {
    each.addEventListener('click', () => void search.then((dialog) => dialog.open(each)));
  }
  document.addEventListener('keydown', (event) => {
    if (event.defaultPrevented || !isShortcut(event)) return;
    if (document.querySelector<HTMLDialogElement>('dialog[data-op-search]')?.open) return;
    event.preventDefault();
    const focused = document.activeElement as HTMLElement | null;
    void search.then((dialog) => dialog.open(focused ?? undefined));
  });
}

/** Ctrl+K or ⌘K anywhere, `/` outside a text field. */
function isShortcut(event: KeyboardEvent): boolean {
  const shortcut =
    (event.key === 'k' || event.key === 'K') &&
    (event.ctrlKey || event.metaKey) &&
    !event.altKey &&
    !event.shiftKey;
  const slash =
    event.key === '/' &&
    !event.ctrlKey &&
    !event.metaKey &&
    !event.altKey &&
    !isEditable(event.target);
  return shortcut || slash;
}

/** The dialog and the elements its behaviour works on. */
interface DialogParts {
  dialog: HTMLDialogElement;
  input: HTMLInputElement;
  close: HTMLButtonElement;
  /** The "search the whole site" option, shown on pages of a site space. */
  scope: HTMLLabelElement;
  all: HTMLInputElement;
  status: HTMLParagraphElement;
  list: HTMLDivElement;
}

/** The dialog's markup: a search bar, the scope option and status, the results, a hint. */
function buildDialog(strings: Strings, appearance: string): DialogParts {
  const dialog = element('dialog', `op-search op-search--${appearance}`, {
    'aria-labelledby': 'op-search-title',
    'data-op-search': '',
  });
  const input = element('input', 'op-search__input', {
    id: 'op-search-input',
    type: 'search',
    role: 'combobox',
    'aria-expanded': 'false',
    'aria-controls': 'op-search-results',
    'aria-autocomplete': 'list',
    'aria-describedby': 'op-search-help',
    autocomplete: 'off',
    spellcheck: 'false',
    placeholder: strings.searchPlaceholder,
  });
  const close = element('button', 'op-search__close', {
    type: 'button',
    'data-op-search-close': '',
  });
  close.append(
    element('span', 'op-search__label op-sr-only', {}, strings.searchClose),
    element('kbd', undefined, { 'aria-hidden': 'true' }, 'Esc'),
  );
  const bar = element('div', 'op-search__bar', { role: 'search' });
  bar.append(
    element('h2', 'op-search__title op-sr-only', { id: 'op-search-title' }, strings.search),
    element(
      'label',
      'op-search__label op-sr-only',
      { for: 'op-search-input' },
      strings.searchPlaceholder,
    ),
    input,
    close,
  );

  const all = element('input', undefined, { type: 'checkbox', 'data-op-search-all': '' });
  const scope = element('label', 'op-search__scope', { 'data-op-search-scope-control': '' });
  scope.append(all, ` ${strings.searchWholeSite}`);
  const status = element('p', 'op-search__status', {
    role: 'status',
    'aria-live': 'polite',
    'data-op-search-status': '',
  });
  const options = element('div', 'op-search__options');
  options.append(scope, status);

  const list = element('div', 'op-search__results', {
    id: 'op-search-results',
    role: 'listbox',
    'aria-label': strings.searchResults,
  });
  const help = element('p', 'op-search__help', { id: 'op-search-help' }, strings.searchHelp);
  dialog.append(bar, options, list, help);
  return { dialog, input, close, scope, all, status, list };
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  attributes: Record<string, string> = {},
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

class SearchDialog {
  readonly #dialog: HTMLDialogElement;
  readonly #input: HTMLInputElement;
  readonly #list: HTMLElement;
  readonly #status: HTMLElement;
  readonly #all: HTMLInputElement;
  readonly #scope: HTMLElement;
  readonly #strings: Strings;
  readonly #base: string;
  /** The reader's site space: results are limited to it unless `#all` is checked. */
  readonly #space: string | undefined;
  #pagefind: Promise<{ search: BundlesSearch; vocabulary: SiteVocabulary }> | undefined;
  #opener: HTMLElement | null = null;
  #query = 0;

  constructor(parts: DialogParts, strings: Strings, base: string) {
    const { dialog } = parts;
    this.#dialog = dialog;
    this.#input = parts.input;
    this.#list = parts.list;
    this.#status = parts.status;
    this.#all = parts.all;
    this.#strings = strings;
    this.#base = base;
    this.#space =
      document.querySelector<HTMLElement>('[data-op-search-scope]')?.dataset.space || undefined;
    // Shown once the index says there is more than one site space to widen to (#load).
    this.#scope = parts.scope;
    parts.scope.hidden = true;

    parts.close.addEventListener('click', () => this.#dialog.close());
    // A click on the backdrop (the dialog box itself, outside its content) closes it.
    dialog.addEventListener('click', (event) => {
      if (event.target === dialog) dialog.close();
    });
    dialog.addEventListener('close', () => this.#restoreFocus());
    this.#input.addEventListener('input', () => this.#search());
    this.#input.addEventListener('keydown', (event) => this.#onInputKey(event));
    this.#all.addEventListener('change', () => this.#search());
    this.#list.addEventListener('mousemove', (event) => {
      const option = (event.target as Element).closest<HTMLElement>('[role="option"]');
      if (option) this.#activate(option, false);
    });
  }

  open(opener?: HTMLElement): void {
    if (this.#dialog.open) return;
    this.#opener = opener ?? (document.activeElement as HTMLElement | null);
    this.#dialog.showModal();
    this.#input.focus();
    this.#input.select();
    this.#load().catch(() => {});
    if (this.#input.value) this.#search();
  }

  #restoreFocus(): void {
    const target =
      this.#opener?.isConnected && this.#opener !== document.body
        ? this.#opener
        : document.querySelector<HTMLElement>('[data-op-search-open]');
    this.#opener = null;
    target?.focus();
  }

  #onInputKey(event: KeyboardEvent): void {
    const options = this.#options();
    const active = this.#active();
    const at = active ? options.indexOf(active) : -1;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!options.length) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const next = at < 0 ? (step > 0 ? 0 : options.length - 1) : at + step;
      this.#activate(options[(next + options.length) % options.length] as HTMLElement, true);
    } else if (event.key === 'Escape') {
      // Close at once (a search input would otherwise spend the first Escape on clearing itself).
      event.preventDefault();
      this.#dialog.close();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const target = active ?? options[0];
      if (target instanceof HTMLAnchorElement) window.location.assign(target.href);
    }
  }

  #options(): HTMLElement[] {
    return [...this.#list.querySelectorAll<HTMLElement>('[role="option"]')];
  }

  #active(): HTMLElement | undefined {
    const id = this.#input.getAttribute('aria-activedescendant');
    return (id && this.#list.querySelector<HTMLElement>(`#${CSS.escape(id)}`)) || undefined;
  }

  #activate(option: HTMLElement | undefined, scroll: boolean): void {
    for (const other of this.#options()) other.setAttribute('aria-selected', 'false');
    if (!option) {
      this.#input.removeAttribute('aria-activedescendant');
      return;
    }
    option.setAttribute('aria-selected', 'true');
    this.#input.setAttribute('aria-activedescendant', option.id);
    if (scroll) option.scrollIntoView({ block: 'nearest' });
  }

  #load(): Promise<{ search: BundlesSearch; vocabulary: SiteVocabulary }> {
    this.#pagefind ??= (async () => {
      const bundle = new URL(`${this.#base}pagefind/`, window.location.href);
      const worker = startPagefindWorker(bundle);
      try {
        // A site rendered in parts, or whose index was written in several bundles, lists the
        // others: each is an instance of the worker, searched as one (bundles-search.ts).
        const bundles = ['', ...(await bundlesToMerge(bundle))].map((entry, at) => ({
          instance: `op_${at + 1}`,
          basePath: new URL(entry, bundle).href,
        }));
        const search = new BundlesSearch(worker.call, bundles);
        // Result URLs carry the words found, which the opened page marks (search-highlight.ts).
        await search.init({
          baseUrl: this.#base,
          excerptLength: 24,
          highlightParam: HIGHLIGHT_PARAM,
          // The worker has no page to read the language from.
          language: document.documentElement.lang || 'unknown',
          ranking: { metaWeights: SHOWN_ONLY_META_WEIGHTS },
        } satisfies PagefindOptions);
        if (this.#space) {
          const spaces = Object.keys((await search.filters()).space ?? {});
          this.#scope.hidden =
            spaces.filter((space) => !hiddenScope().space.includes(space)).length < 2;
        }
        // The site's words, for correcting a query's typos (src/search/typo-correction.ts).
        const vocabulary = new SiteVocabulary(async (file) => {
          const response = await fetch(new URL(file, bundle));
          return response.ok ? response.text() : undefined;
        });
        return { search, vocabulary };
      } catch (error) {
        // A bundle that failed to load fails every search: the next opening starts afresh.
        worker.terminate();
        throw error;
      }
    })();
    this.#pagefind.catch(() => {
      this.#pagefind = undefined;
    });
    return this.#pagefind;
  }

  async #search(): Promise<void> {
    const query = ++this.#query;
    const term = this.#input.value.trim();
    if (!term) {
      this.#show(query, [], '');
      return;
    }
    this.#status.textContent = this.#strings.searchLoading;
    this.#dialog.setAttribute('aria-busy', 'true');
    let search: BundlesSearch;
    let vocabulary: SiteVocabulary;
    try {
      ({ search, vocabulary } = await this.#load());
    } catch {
      if (query === this.#query) this.#show(query, [], this.#strings.searchUnavailable);
      return;
    }
    // Typing on: only the last query of a burst is searched.
    await new Promise((resolve) => setTimeout(resolve, DEBOUNCE_MS));
    if (query !== this.#query) return;
    const filters = scopeFilters(this.#space && !this.#all.checked ? this.#space : undefined);
    let results: BundleResult[] = [];
    let read: PagefindData[] = [];
    let correction: Correction | undefined;
    try {
      if (filters)
        ({ results, correction } = await forgivingSearch(search, vocabulary, term, filters));
      const searched = correction?.term ?? term;
      if (query === this.#query)
        read = (await Promise.all(
          candidates(results, searched).map((result) => search.data(result)),
        )) as PagefindData[];
    } catch {
      if (query === this.#query) this.#show(query, [], this.#strings.searchUnavailable);
      return;
    } finally {
      // The worker keeps every result's data until told to let it go.
      for (const result of results) search.release(result).catch(() => {});
    }
    if (query !== this.#query) return;
    const searched = correction?.term ?? term;
    const data = titleMatchesFirst(read, searched).slice(0, MAX_PAGES);
    const count = results.length;
    if (!count) searchFoundNothing(term);
    const status = !count
      ? this.#strings.searchNoResults
      : (count === 1
          ? this.#strings.searchResultCountOne
          : this.#strings.searchResultCount
        ).replace('{count}', String(count));
    this.#show(query, data, status, searched, correction);
  }

  #show(
    query: number,
    pages: PagefindData[],
    status: string,
    term = '',
    correction?: Correction,
  ): void {
    if (query !== this.#query) return;
    this.#dialog.removeAttribute('aria-busy');
    const notice = correction && this.#correctionNotice(correction);
    // Said to screen readers with the count: the notice itself is shown, not read.
    this.#status.replaceChildren(
      ...(notice ? [element('span', 'op-sr-only', {}, `${notice.textContent}. `)] : []),
      status,
    );
    const groups = pages.map((page, index) => resultGroup(page, `op-search-r${index}`, term));
    // The notice is the results' first line, new with them: nothing already shown moves when
    // it comes or goes (the count above and the list's box stay put on a phone).
    this.#list.replaceChildren(...(notice ? [notice] : []), ...groups);
    this.#input.setAttribute('aria-expanded', String(groups.length > 0));
    this.#activate(this.#options()[0], false);
  }

  /** "Showing results for" the corrected query, its corrected words emphasised. */
  #correctionNotice(correction: Correction): HTMLElement {
    // Not an option of the listbox: hidden from the accessibility tree, said in the status.
    const notice = element('p', 'op-search__correction', {
      'aria-hidden': 'true',
      'data-op-search-correction': '',
    });
    const query = element('span', 'op-search__corrected-query');
    correction.words.forEach(({ word, corrected }, at) => {
      if (at > 0) query.append(' ');
      query.append(corrected ? element('strong', undefined, {}, word) : word);
    });
    const [before = '', after = ''] = this.#strings.searchShowingResultsFor.split('{query}');
    notice.append(before, query, after);
    return notice;
  }
}

/**
 * The other bundles of the site's search, from the merge file beside Pagefind's scripts
 * (src/search/merge-list-format.ts). None when there is no such file, as on a site built before
 * it, or when the host answers with something else (a page of its own for any missing path).
 */
async function bundlesToMerge(bundle: URL): Promise<string[]> {
  try {
    const response = await fetch(new URL(MERGE_FILE, bundle), { cache: 'no-cache' });
    return response.ok ? parseMergeList(await response.text()) : [];
  } catch {
    return [];
  }
}

/**
 * The search's filters: the reader's site space when scoped to it, and never the sections or
 * site spaces adaptive content hides from this visitor (`data-op-hidden-scope` on `<html>`, set
 * by themes/default/scripts/adaptive.ts). Undefined when the scope itself is hidden.
 */
function scopeFilters(space: string | undefined): SearchFilters | undefined {
  const { section: sections, space: spaces } = hiddenScope();
  if (space && spaces.includes(space)) return undefined;
  const filters: SearchFilters = {};
  if (space) filters.space = space;
  else if (spaces.length) filters.space = { none: spaces };
  if (sections.length) filters.section = { none: sections };
  return filters;
}

/** The sections and site spaces adaptive content hides from this visitor. */
function hiddenScope(): { section: string[]; space: string[] } {
  let hidden: { section?: unknown; space?: unknown } = {};
  try {
    hidden = JSON.parse(document.documentElement.getAttribute('data-op-hidden-scope') ?? '{}');
  } catch {
    // No adaptive content on this site.
  }
  const ids = (value: unknown) =>
    Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  return { section: ids(hidden.section), space: ids(hidden.space) };
}

/**
 * One page: an option for the page itself, then one for each heading that matched, the heading
 * titled as the query first.
 */
function resultGroup(page: PagefindData, id: string, term: string): HTMLElement {
  const title = page.meta.title ?? page.url;
  const group = element('div', 'op-search__group', { role: 'group', 'aria-label': title });

  const methods = operationMethods(page.meta);
  const main = option(`${id}-0`, page.url, 'op-search__result');
  main.append(resultTitle(title, methods.page));
  // Where the page is, by title: its breadcrumbs (section, site space, the pages above it).
  const where =
    page.meta.path || [page.meta.section, page.meta.variant].filter(Boolean).join(' · ');
  if (where) {
    main.append(element('span', 'op-search__result-meta', {}, where));
  }
  main.append(excerpt(page.excerpt));
  group.append(main);

  const headings = headingMatchesFirst(
    page.sub_results.filter((sub) => sub.anchor && sub.url !== page.url),
    term,
  );
  headings.slice(0, MAX_HEADINGS).forEach((sub, index) => {
    const item = option(`${id}-${index + 1}`, sub.url, 'op-search__result op-search__result--sub');
    const method = sub.anchor && methods.anchors.get(sub.anchor.id);
    item.append(resultTitle(sub.title, method), excerpt(sub.excerpt));
    group.append(item);
  });
  return group;
}

/**
 * A result's title; an operation's is preceded by its method in the badge the operation line
 * shows (blocks.css), whose text is the method, so it is read out and not told by colour alone.
 */
function resultTitle(title: string, method: OperationMethod | undefined): HTMLElement {
  const text = element('span', 'op-search__result-title', {}, title);
  if (!method) return text;
  const line = element('span', 'op-search__result-line');
  const badge = element(
    'span',
    `op-openapi__method op-openapi__method--${method} op-search__method`,
    {},
    method.toUpperCase(),
  );
  line.append(badge, ' ', text);
  return line;
}

function option(id: string, href: string, className: string): HTMLAnchorElement {
  const link = element('a', className, { role: 'option', 'aria-selected': 'false' });
  link.id = id;
  link.href = href;
  link.tabIndex = -1;
  return link;
}

/**
 * Pagefind's excerpt is text with `<mark>` around the matched words. It is parsed inertly and
 * only its text and `<mark>` elements are kept: nothing else of it reaches the page.
 */
function excerpt(html: string): HTMLElement {
  const out = element('span', 'op-search__excerpt');
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const node of template.content.childNodes) {
    if (node.nodeType === Node.TEXT_NODE) out.append(node.textContent ?? '');
    else if (node.nodeName === 'MARK') {
      const mark = document.createElement('mark');
      mark.textContent = node.textContent;
      out.append(mark);
    } else out.append(node.textContent ?? '');
  }
  return out;
}

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}
