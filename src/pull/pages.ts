import type { Page } from '../api/schemas/index.ts';

/**
 * Walks a page tree without recursion (a hostile tree may be very deep), each page once even
 * if its id repeats, parents before children.
 */
export function* walkPages(pages: readonly Page[]): Generator<Page> {
  const seen = new Set<string>();
  const stack: Page[] = [...pages].reverse();
  while (stack.length > 0) {
    const page = stack.pop() as Page;
    if (seen.has(page.id)) continue;
    seen.add(page.id);
    yield page;
    if (page.pages)
      for (let i = page.pages.length - 1; i >= 0; i--) stack.push(page.pages[i] as Page);
  }
}

/** Pages whose markdown render needs: documents, and computed pages (which may carry some). */
export function hasMarkdown(page: Page): boolean {
  const type = page.type ?? (page.kind === 'sheet' ? 'document' : page.kind);
  return type === undefined || type === 'document' || type === 'computed';
}

/** The tree as stored: markdown lives in its own files, not inline. */
export function stripMarkdown(pages: readonly Page[]): Page[] {
  return pages.map(({ markdown: _markdown, pages: children, ...rest }) =>
    children ? { ...rest, pages: stripMarkdown(children) } : rest,
  );
}

/**
 * The ids of the files pages show as their cover (light and dark), as the render reads them: a
 * page's `cover` unless its layout hides it.
 */
export function coverFileIds(pages: readonly Page[]): string[] {
  const ids: string[] = [];
  for (const page of walkPages(pages)) {
    if (!page.cover || page.layout?.cover === false) continue;
    for (const ref of [page.cover.ref, page.cover.refDark]) {
      const id = (ref as { file?: unknown } | undefined)?.file;
      if (typeof id === 'string') ids.push(id);
    }
  }
  return ids;
}
