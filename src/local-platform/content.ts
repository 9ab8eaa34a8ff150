import { posix } from 'node:path';
import { SiteFolderError } from './errors.ts';
import type { Dimensions } from './files.ts';
import { stableId } from './ids.ts';
import type { Content, DocumentPage, FileEntry, FolderPage, ReusableEntry } from './model.ts';
import { pagePathFromFile, parsePageFile, slugify, splitFrontMatter } from './pages.ts';
import { ORIGIN_PLACEHOLDER } from './placeholder.ts';
import { parseSummary, type SummaryItem } from './summary.ts';

/**
 * Builds one revision (pages, files, reusable content) from the files of a space, already read
 * from disk by `folder.ts`. Pure: the same files give the same ids and revision id, which is
 * what lets a change request be the space's files with its own laid over them.
 */

export interface SourceFile {
  /** Path relative to the space root, with `/` separators. */
  path: string;
  /** Path relative to the site folder, for error messages. */
  source: string;
  /** Absolute path on disk (inside the site folder). */
  abs: string;
  size: number;
  oid: string;
  contentType: string;
  dimensions?: Dimensions;
  /** UTF-8 text, kept for markdown files only. */
  text?: string;
}

export interface BuildContentInput {
  spaceId: string;
  files: Map<string, SourceFile>;
  parents: string[];
  /** Distinguishes revisions with identical files (a change request that changes nothing). */
  salt: string[];
  /** The server's origin: in the revision id of a space whose markdown names it. */
  origin?: string;
  /** Shown when SUMMARY.md is missing, e.g. `spaces/guides/SUMMARY.md`. */
  summarySource: string;
}

export function buildContent(input: BuildContentInput): Content {
  const { spaceId, files } = input;
  const summary = files.get('SUMMARY.md');
  if (summary?.text === undefined) {
    throw new SiteFolderError(
      input.summarySource,
      undefined,
      'missing: every space needs a SUMMARY.md page tree',
    );
  }

  const assets: FileEntry[] = [];
  const reusables: ReusableEntry[] = [];
  for (const file of [...files.values()].sort((a, b) => compare(a.path, b.path))) {
    if (file.path.startsWith('.gitbook/assets/')) {
      const entry: FileEntry = {
        id: stableId('file', spaceId, file.path),
        name: posix.basename(file.path),
        path: file.path,
        abs: file.abs,
        size: file.size,
        oid: file.oid,
        contentType: file.contentType,
      };
      if (file.dimensions) entry.dimensions = file.dimensions;
      assets.push(entry);
    } else if (file.path.startsWith('.gitbook/includes/') && file.text !== undefined) {
      const { data, body } = splitFrontMatter(file.text, file.source);
      reusables.push({
        id: stableId('reusable', spaceId, file.path),
        title: typeof data.title === 'string' ? data.title : posix.basename(file.path, '.md'),
        file: file.path,
        oid: file.oid,
        markdown: body,
      });
    }
  }

  const content: Content = {
    spaceId,
    revisionId: stableId(
      'revision',
      spaceId,
      ...input.salt,
      ...(input.origin && namesOrigin(files) ? ['origin', input.origin] : []),
      ...[...files.values()].map((f) => `${f.path}\0${f.oid}`).sort(compare),
    ),
    parents: input.parents,
    pages: [],
    pagesById: new Map(),
    pageIdByFile: new Map(),
    files: assets,
    filesById: new Map(assets.map((f) => [f.id, f])),
    filesByPath: new Map(assets.map((f) => [f.path, f])),
    reusables,
    reusablesByPath: new Map(reusables.map((r) => [r.file, r])),
  };

  const builder = new TreeBuilder(content, files, summary.source);
  content.pages = builder.build(parseSummary(summary.text, summary.source));
  return content;
}

// A change request shares most source files with its space: parse each page file once.
const parsed = new WeakMap<SourceFile, ReturnType<typeof parsePageFile>>();

function parsedPage(file: SourceFile, path: string): ReturnType<typeof parsePageFile> {
  let result = parsed.get(file);
  if (!result) {
    result = parsePageFile(file.text ?? '', path, file.source);
    parsed.set(file, result);
  }
  return result;
}

/** Code-point order, so ids and listings do not depend on the machine's locale. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

class TreeBuilder {
  private readonly pathOwners = new Map<string, string>();
  private readonly occurrences = new Map<string, number>();
  private readonly groups: Array<{ node: FolderPage & { type: 'group' } }> = [];

  private readonly content: Content;
  private readonly files: Map<string, SourceFile>;
  private readonly summarySource: string;

  constructor(content: Content, files: Map<string, SourceFile>, summarySource: string) {
    this.content = content;
    this.files = files;
    this.summarySource = summarySource;
  }

  build(items: SummaryItem[]): FolderPage[] {
    const roots = items.map((item) => this.node(item));
    // Groups take their path from their title once every document path is known, so a
    // document never loses its path to a group heading.
    for (const { node } of this.groups) {
      let path = slugify(node.title);
      for (let n = 2; this.pathOwners.has(path); n++) path = `${slugify(node.title)}-${n}`;
      this.pathOwners.set(path, `the group "${node.title}"`);
      node.path = path;
      node.slug = path;
    }
    return roots;
  }

  /** Ids of pages without a file: kind + title/url + how many came before, stable across edits elsewhere. */
  private idFor(kind: string, key: string): string {
    const seen = this.occurrences.get(`${kind}\0${key}`) ?? 0;
    this.occurrences.set(`${kind}\0${key}`, seen + 1);
    return stableId(kind, this.content.spaceId, key, seen);
  }

  private register(node: FolderPage): FolderPage {
    this.content.pagesById.set(node.id, node);
    return node;
  }

  private node(item: SummaryItem): FolderPage {
    if (item.kind === 'link') {
      return this.register({
        type: 'link',
        id: this.idFor('link', item.url),
        title: item.title,
        url: item.url,
        children: [],
      });
    }
    if (item.kind === 'group') {
      const group = {
        type: 'group' as const,
        id: this.idFor('group', item.title),
        title: item.title,
        path: '',
        slug: '',
        children: [] as FolderPage[],
      };
      this.register(group);
      this.groups.push({ node: group });
      group.children = item.children.map((child) => this.node(child));
      return group;
    }

    const where = `line ${item.line}`;
    const file = this.files.get(item.file);
    if (file?.text === undefined) {
      throw new SiteFolderError(this.summarySource, where, `page file "${item.file}" not found`);
    }
    if (this.content.pageIdByFile.has(item.file)) {
      throw new SiteFolderError(
        this.summarySource,
        where,
        `page file "${item.file}" is listed twice`,
      );
    }
    const { body, fields } = parsedPage(file, item.file);
    const path = pagePathFromFile(item.file, fields.slug);
    const owner = this.pathOwners.get(path);
    if (owner) {
      throw new SiteFolderError(
        file.source,
        undefined,
        `page path "${path}" is already used by ${owner}`,
      );
    }
    this.pathOwners.set(path, file.source);

    let cover: DocumentPage['cover'];
    if (fields.cover !== undefined) {
      const fileId = (key: string, path: string) => {
        const found = this.content.filesByPath.get(path);
        if (!found) {
          throw new SiteFolderError(
            file.source,
            `front matter ${key}`,
            `file "${path}" not found in .gitbook/assets`,
          );
        }
        return found.id;
      };
      cover = { file: fileId('cover', fields.cover) };
      if (fields.coverDark !== undefined) cover.fileDark = fileId('coverDark', fields.coverDark);
      if (fields.coverY !== undefined) cover.yPos = fields.coverY;
      if (fields.coverHeight !== undefined) cover.height = fields.coverHeight;
    }

    const page: DocumentPage = {
      type: 'document',
      id: stableId('page', this.content.spaceId, item.file),
      title: item.title,
      path,
      slug: path.split('/').at(-1) ?? path,
      file: item.file,
      source: file.source,
      oid: file.oid,
      documentId: stableId('document', this.content.spaceId, item.file, file.oid),
      markdown: body,
      hidden: fields.hidden,
      noIndex: fields.noIndex,
      noRobotsIndex: fields.noRobotsIndex,
      layout: fields.layout,
      children: [],
    };
    if (fields.description !== undefined) page.description = fields.description;
    if (fields.icon !== undefined) page.icon = fields.icon;
    if (fields.emoji !== undefined) page.emoji = fields.emoji;
    if (fields.updatedAt !== undefined) page.updatedAt = fields.updatedAt;
    if (cover) page.cover = cover;
    this.content.pageIdByFile.set(item.file, page.id);
    this.register(page);
    page.children = item.children.map((child) => this.node(child));
    return page;
  }
}

/** Some markdown of the space is served with the server's origin in it (`placeholder.ts`). */
function namesOrigin(files: Map<string, SourceFile>): boolean {
  for (const file of files.values()) if (file.text?.includes(ORIGIN_PLACEHOLDER)) return true;
  return false;
}
