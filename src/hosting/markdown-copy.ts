/**
 * The `.md` copy of each page: the page's source markdown from the snapshot, under its title as
 * H1, written beside the page's directory: `guides/install/index.html` → `guides/install.md`,
 * the root page `index.html` → `index.md`. That is the page's URL with `.md` in place of its
 * trailing slash (`/docs/guides/install/` → `/docs/guides/install.md`).
 */

/** `a/b/index.html` → `a/b.md`; `index.html` → `index.md`. */
export function markdownFileFor(outputFile: string): string {
  if (outputFile === 'index.html') return 'index.md';
  if (!outputFile.endsWith('/index.html')) throw new Error(`not a page output file: ${outputFile}`);
  return `${outputFile.slice(0, -'/index.html'.length)}.md`;
}

/** `/docs/a/b/` → `/docs/a/b.md`; the base itself → `<base>index.md`. */
export function markdownUrlFor(url: string, base: string): string {
  return url === base ? `${base}index.md` : `${url.replace(/\/$/, '')}.md`;
}

/**
 * The copy's text: `# Title`, then the markdown with its own leading H1 (the platform's
 * markdown usually opens with the title) left out.
 */
export function markdownCopy(title: string, markdown: string): string {
  const body = markdown
    .replace(/^\uFEFF?(?:[ \t]*\r?\n)*# [^\n]*(?:\r?\n|$)/, '')
    .replace(/^\s+/, '');
  const heading = `# ${title.replace(/\s+/g, ' ').trim()}`;
  return body ? `${heading}\n\n${body.endsWith('\n') ? body : `${body}\n`}` : `${heading}\n`;
}
