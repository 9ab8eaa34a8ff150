import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Element, ElementContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { h } from 'hastscript';
import { fill } from '../../markdown/strings.ts';
import type {
  PageModel,
  RemovedPage,
  ReviewEntry,
  ReviewModel,
  SiteModel,
} from '../../site/index.ts';
import { pageParts } from '../../view/page-parts.ts';
import { blockCountsText } from '../../view/plural.ts';
import type { PageReview, PageView, UiStrings } from '../../view/view.ts';
import { PLAIN_LAYOUT, type SiteParts } from './page-views.ts';

/**
 * A change-request preview's review in the built site (docs/change-requests.md): the changes
 * page, the note each changed page carries, the removed pages' copies, and `changes.json`.
 * Titles and paths come from the API: they only ever become hast text, which `toHtml` escapes.
 */

export type BlockCounts = NonNullable<PageReview['blocks']>;

const KINDS = ['added', 'edited', 'moved', 'removed'] as const;

/**
 * The removed pages whose copy is built, each with the page whose links it is rendered with
 * (its site space's home): a site space without a page to lend them has none.
 */
export function removedCopies(
  model: SiteModel,
  review: ReviewModel,
): { entry: ReviewEntry; removed: RemovedPage; host: PageModel }[] {
  return review.entries.flatMap((entry) => {
    const removed = entry.removed;
    const home = removed && model.siteSpace(removed.siteSpaceId)?.homeKey;
    const host = home ? model.page(home) : undefined;
    return removed && host ? [{ entry, removed, host }] : [];
  });
}

/** The review's own pages: each removed page's copy and the changes page. */
export function reviewPageCount(model: SiteModel, review: ReviewModel | undefined): number {
  return review ? removedCopies(model, review).length + 1 : 0;
}

/** What the request did to the page at `key`, if it changed it. */
export function pageReview(
  review: ReviewModel | undefined,
  key: string,
  blocks: BlockCounts | undefined,
): PageReview | undefined {
  const entry = review?.entries.find((e) => e.pageKey === key);
  if (!review || !entry) return undefined;
  return reviewOf(review, entry, blocks);
}

function reviewOf(
  review: ReviewModel,
  entry: ReviewEntry,
  blocks: BlockCounts | undefined,
): PageReview {
  return {
    change: entry.change,
    ...(entry.previousPath !== undefined ? { previousPath: entry.previousPath } : {}),
    ...(entry.previousTitle !== undefined ? { previousTitle: entry.previousTitle } : {}),
    ...(entry.edited && blocks ? { blocks } : {}),
    changesUrl: review.url,
  };
}

/** The layout of the review's own pages: no sidebar of their own, an outline when they have one. */
const REVIEW_LAYOUT: PageView['layout'] = {
  ...PLAIN_LAYOUT,
  tableOfContents: false,
  pagination: false,
};

function reviewPage(
  site: SiteParts,
  review: ReviewModel,
  page: Pick<PageView, 'key' | 'url' | 'outputFile' | 'title' | 'html' | 'outline' | 'features'> &
    Partial<PageView>,
): PageView {
  const view: PageView = {
    layout: REVIEW_LAYOUT,
    // A preview's review is for its reviewers: out of search and of search engines.
    robotsNoIndex: true,
    indexable: false,
    siteSpaces: [],
    sidebar: [],
    breadcrumbs: [],
    pagination: {},
    changeRequest: {
      number: review.changeRequest.number,
      subject: review.changeRequest.subject,
      changesUrl: review.url,
    },
    ...page,
  };
  return { ...view, ...pageParts(site, view) };
}

/** The changes page: every page the request added, edited, moved or removed, by kind. */
export function changesPageView(
  site: SiteParts,
  { lang, strings }: { lang: string; strings: UiStrings },
  review: ReviewModel,
  blocks: ReadonlyMap<string, BlockCounts>,
): PageView {
  const labels = strings.review;
  const children: ElementContent[] = [h('p', labels.intro)];
  const outline: PageView['outline'] = [];
  if (review.outdated) {
    children.push(
      h('div', { className: ['op-hint', 'op-hint--warning'], role: 'note' }, [
        h('p', labels.outdated),
        h(
          'ul',
          review.liveSince.map((page) =>
            h('li', [
              page.url ? h('a', { href: page.url }, page.title) : page.title,
              ' ',
              h('code', page.path),
              ` (${labels[page.change]})`,
            ]),
          ),
        ),
      ]),
    );
  }
  if (review.entries.length === 0) children.push(h('p', labels.none));
  for (const kind of KINDS) {
    const entries = review.entries.filter((entry) => entry.change === kind);
    if (entries.length === 0) continue;
    const title = `${labels[kind]} (${entries.length})`;
    outline.push({ depth: 2, id: `changes-${kind}`, text: title });
    children.push(h('h2', { id: `changes-${kind}` }, title));
    children.push(
      h(
        'ul',
        { className: ['op-changes'], dataChange: kind },
        entries.map((entry) =>
          changeItem(entry, labels, lang, entry.pageKey ? blocks.get(entry.pageKey) : undefined),
        ),
      ),
    );
  }
  const html = toHtml(h(null, children) as never);
  return reviewPage(site, review, {
    key: 'review:changes',
    url: review.url,
    outputFile: review.outputFile,
    title: `${labels.changes}: #${review.changeRequest.number} ${review.changeRequest.subject}`,
    html,
    outline,
    features: { mermaid: false, math: false, tabs: false },
  });
}

function changeItem(
  entry: ReviewEntry,
  labels: UiStrings['review'],
  lang: string,
  blocks: BlockCounts | undefined,
): Element {
  const parts: (ElementContent | string)[] = [
    h('a', { href: entry.url }, entry.title),
    ' ',
    h('code', entry.path),
  ];
  if (entry.previousPath !== undefined) {
    parts.push(' · ', fill(labels.movedFrom, { path: entry.previousPath }));
  }
  if (entry.previousTitle !== undefined) {
    parts.push(' · ', fill(labels.retitledFrom, { title: entry.previousTitle }));
  }
  const counted = entry.edited && blocks ? blockCountsText(lang, labels, blocks) : undefined;
  if (counted) parts.push(' · ', counted);
  return h('li', parts);
}

/** A removed page's copy: the markdown it had, rendered, under the review's own URL. */
export function removedPageView(
  site: SiteParts,
  review: ReviewModel,
  entry: ReviewEntry,
  rendered: Pick<PageView, 'html' | 'outline' | 'features'>,
): PageView {
  const removed = entry.removed;
  if (!removed) throw new Error(`${entry.title} is not a removed page`);
  return reviewPage(site, review, {
    key: `review:removed:${removed.pageId}`,
    url: entry.url,
    outputFile: removed.outputFile,
    title: entry.title,
    ...rendered,
    review: reviewOf(review, entry, undefined),
  });
}

/** `changes.json`: what a CI job posts on the pull request (docs/change-requests.md). */
export function changesJson(
  review: ReviewModel,
  blocks: ReadonlyMap<string, BlockCounts>,
  origin: string | undefined,
) {
  const absolute = (url: string) => (origin ? new URL(url, origin).href : url);
  return {
    changeRequest: {
      number: review.changeRequest.number,
      subject: review.changeRequest.subject,
      outdated: review.outdated,
    },
    changesPage: absolute(review.url),
    pages: review.entries.map((entry) => {
      const counts = entry.pageKey ? blocks.get(entry.pageKey) : undefined;
      return {
        url: absolute(entry.url),
        title: entry.title,
        change: entry.change,
        path: entry.path,
        ...(entry.previousPath !== undefined ? { previousPath: entry.previousPath } : {}),
        ...(entry.previousTitle !== undefined ? { previousTitle: entry.previousTitle } : {}),
        blocksAdded: entry.edited && counts ? counts.added + counts.changed : 0,
        blocksRemoved: entry.edited && counts ? counts.removed + counts.changed : 0,
      };
    }),
  };
}

/** Writes `changes.json` at the output root; returns the summary the build prints. */
export async function writeChangesJson(
  dir: string,
  review: ReviewModel,
  blocks: ReadonlyMap<string, BlockCounts>,
  origin: string | undefined,
): Promise<string[]> {
  const json = changesJson(review, blocks, origin);
  await writeFile(path.join(dir, CHANGES_FILE), `${JSON.stringify(json, null, 2)}\n`);
  return changesSummary(json);
}

export const CHANGES_FILE = 'changes.json';

/** The summary a build prints: one line, then one per page. */
export function changesSummary(json: ReturnType<typeof changesJson>): string[] {
  const count = (kind: string) => json.pages.filter((page) => page.change === kind).length;
  const lines = [
    `change request #${json.changeRequest.number}: ${KINDS.map((kind) => `${count(kind)} ${kind}`).join(', ')}${json.changeRequest.outdated ? ' (the live space has moved on since it started)' : ''}`,
  ];
  for (const page of json.pages) {
    const moved = page.previousPath !== undefined ? ` (from ${page.previousPath})` : '';
    // Quoted as JSON: a title is the API's text, and this line goes to a terminal.
    const retitled =
      page.previousTitle !== undefined
        ? ` (title ${JSON.stringify(page.title)}, was ${JSON.stringify(page.previousTitle)})`
        : '';
    lines.push(`  ${page.change.padEnd(7)} ${page.path}${moved}${retitled}  ${page.url}`);
  }
  return lines;
}
