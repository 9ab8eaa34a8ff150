import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, posix, sep } from 'node:path';
import GithubSlugger from 'github-slugger';
import { parse } from 'yaml';

/**
 * An independent reader of the site folder format (docs/site-folder.md) for tests: it checks
 * that a folder is self-consistent without going through the local platform, so a bug in the
 * server cannot hide a broken fixture and vice versa.
 */

const ID = /^[A-Za-z0-9_-]+$/;
const SCHEME = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;
/**
 * `{{local-platform}}/hosted/…`: a URL on the local platform, whose origin it writes in place of
 * the placeholder; it serves the site folder's `hosted/` there (a spec published by URL).
 */
const LOCAL_PLATFORM = '{{local-platform}}/';

export interface SummaryEntry {
  title: string;
  target: string;
  depth: number;
}

export interface Summary {
  entries: SummaryEntry[];
  groups: string[];
}

export function readSummary(text: string): Summary {
  const summary: Summary = { entries: [], groups: [] };
  for (const line of text.split('\n')) {
    const group = /^## (.+)$/.exec(line);
    if (group?.[1]) summary.groups.push(group[1]);
    const item = /^( *)[*-] \[(.+)\]\((.+)\)\s*$/.exec(line);
    if (item?.[2] && item[3]) {
      summary.entries.push({
        title: item[2],
        target: item[3],
        depth: (item[1] ?? '').length / 2 + 1,
      });
    }
  }
  return summary;
}

export function isExternal(target: string): boolean {
  return SCHEME.test(target);
}

export function readYaml(path: string): Record<string, unknown> {
  return parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
}

/** Front matter (YAML between `---` lines) and the markdown after it. */
export function splitFrontMatter(text: string): { data: Record<string, unknown>; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(text);
  if (!match) return { data: {}, body: text };
  return {
    data: (parse(match[1] ?? '') ?? {}) as Record<string, unknown>,
    body: text.slice(match[0].length),
  };
}

/** Blank out fenced code and inline code: examples in code are not references. */
function withoutCode(markdown: string): string {
  let inFence = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (/^\s*```/.test(line)) {
        inFence = !inFence;
        return '';
      }
      return inFence ? '' : line.replace(/`[^`]*`/g, '');
    })
    .join('\n');
}

/** Every destination a page points at: markdown links and images, HTML attributes, blocks. */
function references(markdown: string): string[] {
  const text = withoutCode(markdown);
  const patterns = [
    /\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g,
    /\b(?:src|href|url)="([^"]+)"/g,
    /\{%\s*include\s+"([^"]+)"/g,
  ];
  return patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1] ?? ''));
}

/** The anchors of a page's headings, slugged as GitHub does (and as the renderer will). */
function anchors(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  const found = new Set<string>();
  for (const line of withoutCode(splitFrontMatter(markdown).body).split('\n')) {
    const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading?.[1]) found.add(slugger.slug(heading[1]));
  }
  return found;
}

/** Relative paths (with `/`) of every file under `dir`, sorted. */
export function listFiles(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter((path) => statSync(join(dir, path)).isFile())
    .map((path) => path.split(sep).join('/'))
    .sort();
}

/** A space as a reader sees it: a change request's folder over the space's own. */
export class SpaceView {
  private readonly anchorCache = new Map<string, Set<string>>();

  private readonly layers: readonly string[];

  constructor(layers: readonly string[]) {
    this.layers = layers;
  }

  /** The space's id: the name of its folder (the last layer; a change request's is first). */
  get spaceId(): string {
    return basename(this.layers.at(-1) ?? '');
  }

  private locate(path: string): string | undefined {
    return this.layers.map((layer) => join(layer, path)).find((file) => existsSync(file));
  }

  has(path: string): boolean {
    return this.locate(path) !== undefined;
  }

  read(path: string): string {
    const file = this.locate(path);
    if (!file) throw new Error(`no ${path} in ${this.layers.join(' or ')}`);
    return readFileSync(file, 'utf8');
  }

  anchors(path: string): Set<string> {
    let found = this.anchorCache.get(path);
    if (!found) {
      found = anchors(this.read(path));
      this.anchorCache.set(path, found);
    }
    return found;
  }
}

/** Problems with the references of `pages` (paths inside the space), as readable lines. */
function checkReferences(view: SpaceView, pages: readonly string[], siteDir: string): string[] {
  const problems: string[] = [];
  for (const page of pages) {
    const { data, body } = splitFrontMatter(view.read(page));
    const targets = references(body);
    for (const cover of [data.cover, data.coverDark])
      if (typeof cover === 'string') targets.push(cover);
    for (const target of targets) {
      const problem = checkTarget(view, page, target, siteDir);
      if (problem) problems.push(`${page}: ${problem}`);
    }
  }
  return problems;
}

function checkTarget(
  view: SpaceView,
  page: string,
  target: string,
  siteDir: string,
): string | undefined {
  if (isExternal(target)) return undefined;
  if (target.startsWith(LOCAL_PLATFORM)) {
    const served = target.slice(LOCAL_PLATFORM.length).split('#')[0] ?? '';
    return served.startsWith('hosted/') && existsSync(join(siteDir, served))
      ? undefined
      : `${target}: no such file in the site folder's hosted/`;
  }
  const [path = '', anchor] = target.split('#');
  const stable = /^\/(?:spaces\/([^/]+)\/)?pages\/([^/]+)$/.exec(path);
  if (stable) return checkStablePageRef(view, siteDir, stable[1], stable[2] as string);
  if (path === '') {
    return anchor && !view.anchors(page).has(anchor)
      ? `no heading #${anchor} on the page`
      : undefined;
  }
  const resolved = posix.normalize(posix.join(posix.dirname(page), decodeURI(path)));
  if (resolved.startsWith('../')) return `${target} leaves the space`;
  if (!view.has(resolved)) return `${target} does not exist`;
  if (anchor && resolved.endsWith('.md') && !view.anchors(resolved).has(anchor)) {
    return `${target}: no heading #${anchor} in ${resolved}`;
  }
  return undefined;
}

/**
 * A stable page reference (`/spaces/SPACE/pages/ID`, `/pages/ID` in the page's own space): the
 * id must be a page's, as docs/site-folder.md derives it from the space and the page's file
 * (a sha256 of the length-prefixed parts, its first 20 hex digits).
 */
function checkStablePageRef(
  view: SpaceView,
  siteDir: string,
  space: string | undefined,
  id: string,
): string | undefined {
  const spaceId = space ?? view.spaceId;
  const dir = join(siteDir, 'spaces', spaceId);
  if (!ID.test(spaceId) || !existsSync(dir)) return `/spaces/${spaceId}/pages/${id}: no such space`;
  const pagesView = spaceId === view.spaceId ? view : new SpaceView([dir]);
  const idOf = (file: string) => {
    const hash = createHash('sha256');
    for (const part of ['page', spaceId, file]) hash.update(`${part.length}:${part}|`);
    return hash.digest('hex').slice(0, 20);
  };
  return existingPages(pagesView).some((file) => idOf(file) === id)
    ? undefined
    : `/pages/${id}: no page of space ${spaceId} has that id`;
}

/** SUMMARY entries of a space that point at an existing page file. */
export function existingPages(view: SpaceView): string[] {
  return readSummary(view.read('SUMMARY.md'))
    .entries.filter((entry) => !isExternal(entry.target) && view.has(entry.target))
    .map((entry) => entry.target);
}

interface SiteFile {
  sections?: { id: string; default?: boolean; group?: string; siteSpaces: SiteSpaceEntry[] }[];
  siteSpaces?: SiteSpaceEntry[];
  sectionGroups?: { id: string }[];
  shareLinks?: { id: string; key: string }[];
}

interface SiteSpaceEntry {
  id: string;
  space: string;
  default?: boolean;
}

/** Structural problems of a whole site folder: ids, site spaces, SUMMARY entries, references. */
export function checkSiteFolder(dir: string): string[] {
  const problems: string[] = [];
  const organization = readYaml(join(dir, 'organization.yaml'));
  if (!ID.test(String(organization.id))) problems.push(`organization id ${organization.id}`);
  if (!organization.title) problems.push('organization has no title');
  for (const name of readdirSync(join(dir, 'sites'))) {
    problems.push(...checkSite(dir, name).map((problem) => `sites/${name}: ${problem}`));
  }
  for (const space of readdirSync(join(dir, 'spaces'))) {
    if (!ID.test(space)) problems.push(`space id ${space}`);
    problems.push(
      ...checkSpace(join(dir, 'spaces', space), dir).map(
        (problem) => `spaces/${space}: ${problem}`,
      ),
    );
  }
  return problems;
}

function checkSite(dir: string, name: string): string[] {
  const problems: string[] = [];
  const id = name.replace(/\.(ya?ml|json)$/, '');
  if (!ID.test(id)) problems.push(`site id ${id}`);
  const site = readYaml(join(dir, 'sites', name)) as SiteFile;
  const sections = site.sections ?? [];
  const groups = new Set((site.sectionGroups ?? []).map((group) => group.id));
  const spaceLists =
    sections.length > 0 ? sections.map((section) => section.siteSpaces) : [site.siteSpaces ?? []];
  for (const siteSpaces of spaceLists) {
    if (siteSpaces.filter((siteSpace) => siteSpace.default).length !== 1) {
      problems.push('a site-space list needs exactly one default');
    }
    for (const siteSpace of siteSpaces) {
      if (!existsSync(join(dir, 'spaces', siteSpace.space)))
        problems.push(`no space folder ${siteSpace.space}`);
    }
  }
  // Ids are unique per kind of resource, as the API addresses each kind by its own routes.
  const idsByKind = {
    'section group': [...groups],
    section: sections.map((section) => section.id),
    'site space': spaceLists.flat().map((siteSpace) => siteSpace.id),
    'share link': (site.shareLinks ?? []).map((link) => link.id),
  };
  for (const [kind, ids] of Object.entries(idsByKind)) {
    problems.push(...ids.filter((value) => !ID.test(value)).map((value) => `${kind} id ${value}`));
    if (new Set(ids).size !== ids.length) problems.push(`${kind} ids repeat`);
  }
  if (sections.length > 0 && sections.filter((section) => section.default).length !== 1) {
    problems.push('exactly one section should be default');
  }
  for (const section of sections) {
    if (section.group && !groups.has(section.group))
      problems.push(`unknown section group ${section.group}`);
  }
  return problems;
}

function checkSpace(spaceDir: string, siteDir: string): string[] {
  const problems: string[] = [];
  const view = new SpaceView([spaceDir]);
  problems.push(...checkSummary(view));
  const ownFiles = listFiles(spaceDir).filter((path) => !path.startsWith('.change-requests/'));
  const markdown = ownFiles.filter((path) => path.endsWith('.md') && path !== 'SUMMARY.md');
  problems.push(...checkReferences(view, markdown, siteDir));
  const changeRequests = join(spaceDir, '.change-requests');
  if (existsSync(changeRequests)) {
    for (const number of readdirSync(changeRequests)) {
      const crDir = join(changeRequests, number);
      const problemsOfCr = checkChangeRequest(crDir, new SpaceView([crDir, spaceDir]), siteDir);
      problems.push(...problemsOfCr.map((problem) => `change request ${number}: ${problem}`));
    }
  }
  return problems;
}

function checkSummary(view: SpaceView): string[] {
  if (!view.has('SUMMARY.md')) return ['no SUMMARY.md'];
  return readSummary(view.read('SUMMARY.md'))
    .entries.filter((entry) => !isExternal(entry.target) && !view.has(entry.target))
    .map((entry) => `SUMMARY entry ${entry.target} does not exist`);
}

function checkChangeRequest(crDir: string, view: SpaceView, siteDir: string): string[] {
  const problems: string[] = [];
  const meta = readYaml(join(crDir, 'change-request.yaml'));
  if (!meta.subject) problems.push('no subject');
  if (!['draft', 'open'].includes(String(meta.status))) problems.push(`status ${meta.status}`);
  problems.push(...checkSummary(view));
  const changed = listFiles(crDir).filter((path) => path.endsWith('.md') && path !== 'SUMMARY.md');
  problems.push(...checkReferences(view, changed, siteDir));
  return problems;
}

/** SHA-256 over every file's path and bytes, in path order: equal digests mean equal folders. */
export function folderDigest(dir: string): string {
  const hash = createHash('sha256');
  for (const path of listFiles(dir)) {
    hash.update(path);
    hash.update('\0');
    hash.update(readFileSync(join(dir, path)));
  }
  return hash.digest('hex');
}
