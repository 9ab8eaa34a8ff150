import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import pLimit from 'p-limit';
import { parse as parseYaml } from 'yaml';
import type { z } from 'zod';
import { firstLine, parseOrThrow } from '../utils/issues.ts';
import { buildContent, type SourceFile } from './content.ts';
import { SiteFolderError } from './errors.ts';
import { contentTypeOf, imageDimensions } from './files.ts';
import { FIXED_DATE, gitBlobOid, ID_PATTERN, stableId } from './ids.ts';
import type {
  ChangeRequestRecord,
  Content,
  LocalModel,
  OrganizationRecord,
  SiteRecord,
  SiteSpaceRecord,
  SpaceRecord,
} from './model.ts';
import {
  ChangeRequestFile,
  OrganizationFile,
  SiteFile,
  type SiteFileData,
  SpaceFile,
} from './schemas/site-folder.ts';

/**
 * Loads a site folder (docs/site-folder.md; its files' schemas are in `schemas/site-folder.ts`)
 * into the in-memory model. Every problem is a SiteFolderError naming the file and field,
 * because the people reading these errors are editing that folder by hand.
 */

const limit = pLimit(64);

/**
 * `origin`: the server's own, once it listens. A space whose markdown names it
 * (`{{local-platform}}`) gets a revision id of that origin too: its pages differ by origin, so a
 * pull from a server on another port must not take them for the ones it stored.
 */
export async function loadSiteFolder(
  dir: string,
  options: { origin?: string } = {},
): Promise<LocalModel> {
  let root: string;
  try {
    root = await realpath(resolve(dir));
    if (!(await stat(root)).isDirectory()) throw new Error('not a directory');
  } catch {
    throw new SiteFolderError(dir, undefined, 'site folder not found (expected a directory)');
  }

  const organization = await loadOrganization(root);
  const spaces = await loadSpaces(root, options.origin);
  const sites = await loadSites(root, spaces);

  const revisions = new Map<string, Content>();
  for (const space of spaces.values()) {
    revisions.set(space.content.revisionId, space.content);
    for (const cr of space.changeRequests) {
      revisions.set(cr.initial.revisionId, cr.initial);
      revisions.set(cr.content.revisionId, cr.content);
    }
  }
  return { dir: root, organization, sites, spaces, revisions, created: 0 };
}

/** Parse YAML or JSON text, then validate it; errors name `source` and the field. */
function parseData<T extends z.ZodType>(schema: T, text: string, source: string): z.infer<T> {
  let data: unknown;
  try {
    data = source.endsWith('.json') ? JSON.parse(text) : parseYaml(text);
  } catch (error) {
    const kind = source.endsWith('.json') ? 'JSON' : 'YAML';
    throw new SiteFolderError(source, undefined, `invalid ${kind}: ${firstLine(error)}`);
  }
  return parseOrThrow(
    schema,
    data ?? {},
    (field, detail) => new SiteFolderError(source, field || undefined, detail),
  );
}

/** A text file of the folder; undefined if absent. Refuses to follow a link out of the folder. */
async function readText(root: string, relPath: string): Promise<string | undefined> {
  let real: string;
  try {
    real = await realpath(join(root, relPath));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new SiteFolderError(relPath, undefined, `cannot read: ${(error as Error).message}`);
  }
  if (!isInside(root, real))
    throw new SiteFolderError(relPath, undefined, 'symbolic link points outside the site folder');
  try {
    return stripBom(await readFile(real, 'utf8'));
  } catch (error) {
    throw new SiteFolderError(relPath, undefined, `cannot read: ${(error as Error).message}`);
  }
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

async function loadOrganization(root: string): Promise<OrganizationRecord> {
  const text = await readText(root, 'organization.yaml');
  if (text === undefined)
    throw new SiteFolderError('organization.yaml', undefined, 'missing (required)');
  const { id, title, hostname, ...extra } = parseData(OrganizationFile, text, 'organization.yaml');
  return hostname === undefined ? { id, title, extra } : { id, title, hostname, extra };
}

async function listDir(root: string, relPath: string) {
  try {
    return (await readdir(join(root, relPath), { withFileTypes: true })).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new SiteFolderError(relPath, undefined, `cannot read: ${(error as Error).message}`);
  }
}

async function loadSpaces(
  root: string,
  origin: string | undefined,
): Promise<Map<string, SpaceRecord>> {
  const spaces = new Map<string, SpaceRecord>();
  for (const entry of await listDir(root, 'spaces')) {
    if (entry.name.startsWith('.') || !(entry.isDirectory() || entry.isSymbolicLink())) continue;
    const source = `spaces/${entry.name}`;
    if (!ID_PATTERN.test(entry.name)) {
      throw new SiteFolderError(
        source,
        undefined,
        'a space folder name is its id: letters, digits, "_" and "-" only',
      );
    }
    spaces.set(entry.name, await loadSpace(root, entry.name, origin));
  }
  return spaces;
}

async function loadSpace(
  root: string,
  id: string,
  origin: string | undefined,
): Promise<SpaceRecord> {
  const base = `spaces/${id}`;
  const files = await readTree(root, base, (rel) => rel === '.change-requests');
  const meta = files.get('space.yaml');
  const spaceFile: z.infer<typeof SpaceFile> = meta
    ? parseData(SpaceFile, await readFile(meta.abs, 'utf8'), meta.source)
    : {};

  const content = buildContent({
    spaceId: id,
    files,
    parents: [],
    salt: [],
    origin,
    summarySource: `${base}/SUMMARY.md`,
  });

  const changeRequests: ChangeRequestRecord[] = [];
  for (const entry of await listDir(root, `${base}/.change-requests`)) {
    if (entry.name.startsWith('.') || !entry.isDirectory()) continue;
    const crBase = `${base}/.change-requests/${entry.name}`;
    if (!/^[1-9]\d{0,8}$/.test(entry.name)) {
      throw new SiteFolderError(
        crBase,
        undefined,
        'a change request folder is named by its number (1, 2, …)',
      );
    }
    const number = Number(entry.name);
    const overlay = await readTree(root, crBase, (rel) => rel === STARTED_FROM);
    const metaFile = overlay.get('change-request.yaml');
    overlay.delete('change-request.yaml');
    const crFile = metaFile
      ? parseData(ChangeRequestFile, await readFile(metaFile.abs, 'utf8'), metaFile.source)
      : {};
    const initial = await startedFrom(root, `${crBase}/${STARTED_FROM}`, files, (startFiles) =>
      buildContent({
        spaceId: id,
        files: startFiles,
        parents: [],
        salt: ['started-from', String(number)],
        origin,
        summarySource: `${crBase}/${STARTED_FROM}/SUMMARY.md`,
      }),
    );
    const merged = new Map(initial?.files ?? files);
    for (const [path, file] of overlay) merged.set(path, file);
    const initialContent = initial?.content ?? content;
    changeRequests.push({
      id: stableId('change-request', id, number),
      number,
      subject: crFile.subject ?? `Change request #${number}`,
      status: crFile.status ?? 'open',
      createdAt: FIXED_DATE,
      updatedAt: FIXED_DATE,
      initial: initialContent,
      content: buildContent({
        spaceId: id,
        files: merged,
        parents: [initialContent.revisionId],
        salt: ['change-request', String(number)],
        origin,
        summarySource: `${crBase}/SUMMARY.md`,
      }),
    });
  }
  changeRequests.sort((a, b) => a.number - b.number);

  return {
    id,
    title: spaceFile.title ?? id,
    emoji: spaceFile.emoji ?? '',
    visibility: spaceFile.visibility ?? 'public',
    editMode: 'live',
    updatedAt: FIXED_DATE,
    ...(spaceFile.language ? { language: spaceFile.language } : {}),
    ...(spaceFile.gitSync
      ? {
          gitSync: {
            provider: spaceFile.gitSync.provider,
            repository: spaceFile.gitSync.repository.replace(/\/+$/, '').replace(/\.git$/, ''),
            branch: spaceFile.gitSync.branch ?? 'main',
            directory: (spaceFile.gitSync.directory ?? '').replace(/^\/+|\/+$/g, ''),
          },
        }
      : {}),
    content,
    changeRequests,
  };
}

/**
 * `.change-requests/<n>/.started-from/`: files laid over the space's own to give the revision
 * the change request started from, when the space has moved on since (the request's own files
 * are then laid over that revision, not over the space's current one).
 */
const STARTED_FROM = '.started-from';

async function startedFrom(
  root: string,
  base: string,
  spaceFiles: Map<string, SourceFile>,
  build: (files: Map<string, SourceFile>) => Content,
): Promise<{ files: Map<string, SourceFile>; content: Content } | undefined> {
  const overlay = await readTree(root, base, () => false);
  if (overlay.size === 0) return undefined;
  const files = new Map(spaceFiles);
  for (const [path, file] of overlay) files.set(path, file);
  return { files, content: build(files) };
}

const SKIPPED_NAMES = new Set(['.git', '.DS_Store', 'node_modules', 'Thumbs.db']);

/**
 * Every file under `base` keyed by its path relative to `base`. Symbolic links are followed
 * only while they stay inside the site folder, so a crafted folder cannot serve /etc/passwd.
 */
async function readTree(
  root: string,
  base: string,
  skip: (rel: string) => boolean,
): Promise<Map<string, SourceFile>> {
  const found: Array<{ rel: string; abs: string }> = [];
  const visited = new Set<string>();

  const walk = async (absDir: string, rel: string): Promise<void> => {
    if (visited.has(absDir)) return;
    visited.add(absDir);
    const entries = (await readdir(absDir, { withFileTypes: true })).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
    for (const entry of entries) {
      if (SKIPPED_NAMES.has(entry.name)) continue;
      const relPath = rel ? `${rel}/${entry.name}` : entry.name;
      if (skip(relPath)) continue;
      let abs = join(absDir, entry.name);
      let isDir = entry.isDirectory();
      let isFile = entry.isFile();
      if (entry.isSymbolicLink()) {
        const source = `${base}/${relPath}`;
        try {
          abs = await realpath(abs);
        } catch {
          throw new SiteFolderError(source, undefined, 'broken symbolic link');
        }
        if (!isInside(root, abs))
          throw new SiteFolderError(
            source,
            undefined,
            'symbolic link points outside the site folder',
          );
        const info = await stat(abs);
        isDir = info.isDirectory();
        isFile = info.isFile();
      }
      if (isDir) await walk(abs, relPath);
      else if (isFile) found.push({ rel: relPath, abs });
    }
  };

  let start: string;
  try {
    start = await realpath(join(root, base));
  } catch {
    return new Map();
  }
  if (!isInside(root, start))
    throw new SiteFolderError(base, undefined, 'points outside the site folder');
  await walk(start, '');

  const files = await Promise.all(
    found.map(({ rel, abs }) => limit(() => readSource(abs, rel, `${base}/${rel}`))),
  );
  return new Map(files.map((file) => [file.path, file]));
}

async function readSource(abs: string, path: string, source: string): Promise<SourceFile> {
  const bytes = await readFile(abs);
  const contentType = contentTypeOf(path);
  const file: SourceFile = {
    path,
    source,
    abs,
    size: bytes.byteLength,
    oid: gitBlobOid(bytes),
    contentType,
  };
  if (/\.md$/i.test(path)) file.text = stripBom(bytes.toString('utf8'));
  if (contentType.startsWith('image/')) {
    const dimensions = imageDimensions(bytes, contentType);
    if (dimensions) file.dimensions = dimensions;
  }
  return file;
}

export function isInside(root: string, target: string): boolean {
  const rel = relative(root, target);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

async function loadSites(root: string, spaces: Map<string, SpaceRecord>): Promise<SiteRecord[]> {
  const sites: SiteRecord[] = [];
  const seen = new Map<string, string>();
  for (const entry of await listDir(root, 'sites')) {
    const match = /^(.*)\.(ya?ml|json)$/.exec(entry.name);
    if (!match || entry.name.startsWith('.') || !(entry.isFile() || entry.isSymbolicLink()))
      continue;
    const id = match[1] ?? '';
    const source = `sites/${entry.name}`;
    if (!ID_PATTERN.test(id)) {
      throw new SiteFolderError(
        source,
        undefined,
        'a site file name is its id: letters, digits, "_" and "-" only',
      );
    }
    const other = seen.get(id);
    if (other)
      throw new SiteFolderError(source, undefined, `site "${id}" is also defined by ${other}`);
    seen.set(id, source);
    const text = await readText(root, source);
    const data = parseData(SiteFile, text ?? '', source);
    sites.push(toSiteRecord(id, data, source, spaces));
  }
  return sites;
}

function toSiteRecord(
  id: string,
  data: SiteFileData,
  source: string,
  spaces: Map<string, SpaceRecord>,
): SiteRecord {
  const fail = (field: string, detail: string): never => {
    throw new SiteFolderError(source, field, detail);
  };
  if (data.id !== undefined && data.id !== id)
    fail('id', `"${data.id}" differs from the file name "${id}"`);
  if (data.sections.length > 0 && data.siteSpaces.length > 0) {
    fail('siteSpaces', 'a site with sections lists its site spaces inside each section');
  }

  const unique = (kind: string, values: Array<[string, string]>) => {
    const taken = new Map<string, string>();
    for (const [value, field] of values) {
      const first = taken.get(value);
      if (first) fail(field, `${kind} "${value}" is already used by ${first}`);
      taken.set(value, field);
    }
  };
  unique(
    'share link id',
    data.shareLinks.map((l, i) => [l.id, `shareLinks[${i}].id`]),
  );
  unique(
    'share link key',
    data.shareLinks.map((l, i) => [l.key, `shareLinks[${i}].key`]),
  );
  unique(
    'section group id',
    data.sectionGroups.map((g, i) => [g.id, `sectionGroups[${i}].id`]),
  );
  unique(
    'section id',
    data.sections.map((s, i) => [s.id, `sections[${i}].id`]),
  );
  unique(
    'section path',
    data.sections.map((s, i) => [s.path ?? s.id, `sections[${i}].path`]),
  );
  const allSiteSpaces: Array<[string, string]> = [
    ...data.siteSpaces.map((s, i): [string, string] => [s.id, `siteSpaces[${i}].id`]),
    ...data.sections.flatMap((section, i) =>
      section.siteSpaces.map((s, j): [string, string] => [
        s.id,
        `sections[${i}].siteSpaces[${j}].id`,
      ]),
    ),
  ];
  unique('site space id', allSiteSpaces);

  const groups = new Set(data.sectionGroups.map((g) => g.id));
  const siteSpaces = (list: SiteFileData['siteSpaces'], at: string): SiteSpaceRecord[] => {
    unique(
      'site space path',
      list.map((s, i) => [s.path ?? s.id, `${at}[${i}].path`]),
    );
    if (list.filter((s) => s.default).length > 1)
      fail(at, 'more than one site space is marked default');
    const hasDefault = list.some((s) => s.default);
    return list.map((s, i) => {
      if (!spaces.has(s.space))
        fail(`${at}[${i}].space`, `unknown space "${s.space}" (no folder spaces/${s.space}/)`);
      const { id: ssId, space, title, path, default: isDefault, condition, ...extra } = s;
      const record: SiteSpaceRecord = {
        id: ssId,
        space,
        path: path ?? ssId,
        // Without an explicit default the first one is, as on the platform.
        default: isDefault ?? (!hasDefault && i === 0),
        extra,
      };
      if (title !== undefined) record.title = title;
      if (condition !== undefined) record.condition = condition;
      return record;
    });
  };

  if (data.sections.filter((s) => s.default).length > 1)
    fail('sections', 'more than one section is marked default');
  const hasDefault = data.sections.some((s) => s.default);

  const site: SiteRecord = {
    id,
    title: data.title,
    visibility: data.visibility,
    published: data.published,
    customizations: data.customizations,
    shareLinks: data.shareLinks.map((l) => {
      const link = { id: l.id, key: l.key, active: l.active, createdAt: FIXED_DATE };
      return l.name === undefined ? link : { ...link, name: l.name };
    }),
    sectionGroups: data.sectionGroups.map((g) =>
      g.icon === undefined ? { id: g.id, title: g.title } : { ...g },
    ),
    sections: data.sections.map((s, i) => {
      if (s.group !== undefined && !groups.has(s.group)) {
        fail(`sections[${i}].group`, `unknown section group "${s.group}" (not in sectionGroups)`);
      }
      const { siteSpaces: list, path, default: isDefault, ...rest } = s;
      return {
        ...rest,
        path: path ?? s.id,
        default: isDefault ?? (!hasDefault && i === 0),
        siteSpaces: siteSpaces(list, `sections[${i}].siteSpaces`),
      };
    }),
    siteSpaces: siteSpaces(data.siteSpaces, 'siteSpaces'),
    createdAt: FIXED_DATE,
    created: 0,
  };
  if (data.basename !== undefined) site.basename = data.basename;
  if (data.hostname !== undefined) site.hostname = data.hostname;
  if (data.proxy !== undefined) site.proxy = data.proxy;
  if (data.adaptiveContent !== undefined) site.adaptiveContent = data.adaptiveContent;
  if (data.adaptiveSchema !== undefined)
    site.adaptiveSchema = { jsonSchema: data.adaptiveSchema, updatedAt: FIXED_DATE };
  return site;
}
