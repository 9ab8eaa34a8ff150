import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import type { PlatformClient } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import { DEFAULT_APP_ORIGINS } from '../markdown/reference.ts';
import { type LinkedSpaces, spaceDir } from '../snapshot/format.ts';

/**
 * Spaces of the organization that pages link to and the site does not show: a link into one is
 * not broken when the platform can link it, to where it publishes that space
 * (`Space.urls.published`) or, for a space published nowhere, to the space in its app
 * (`Space.urls.app`), so the pull asks for each (docs/urls.md, "Links into other spaces"). One
 * `GET /spaces/{id}` per such space, at most `MAX_LINKED_SPACES`; a space the token cannot read is
 * left out, silently: its links stay broken, as the platform would show them.
 */

export const MAX_LINKED_SPACES = 100;

const ID = '[A-Za-z0-9_-]{1,128}';
const escaped = (origin: string) => origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// App URLs (`https://app…/(o/ORG/)s/SPACE/…`) and stable refs (`/spaces/SPACE/pages/…`).
const SPACE_IN_LINK = new RegExp(
  `(?:(?:${DEFAULT_APP_ORIGINS.map(escaped).join('|')})/(?:o/${ID}/)?s/(${ID})|/spaces/(${ID})/pages/)`,
  'g',
);

/** An http(s) URL the API gave, else undefined. */
function webUrl(value: unknown): string | undefined {
  return typeof value === 'string' && /^https?:\/\//.test(value) ? value : undefined;
}

/** The space ids a page's markdown links into. */
export function spacesLinkedFrom(markdown: string): Set<string> {
  const ids = new Set<string>();
  for (const match of markdown.matchAll(SPACE_IN_LINK)) ids.add((match[1] ?? match[2]) as string);
  return ids;
}

/** Reads the staged spaces' pages, and asks the platform about the other spaces they link to. */
export async function pullLinkedSpaces(
  client: PlatformClient,
  staged: string,
  spaces: readonly { spaceId: string; key: string }[],
): Promise<LinkedSpaces> {
  const shown = new Set(spaces.map((space) => space.spaceId));
  const linked = new Set<string>();
  for (const { key } of spaces) {
    const pages = path.join(staged, spaceDir(key), 'pages');
    for (const name of (await readdir(pages).catch(() => [] as string[])).sort()) {
      if (!name.endsWith('.md')) continue;
      for (const id of spacesLinkedFrom(await readFile(path.join(pages, name), 'utf8'))) {
        if (!shown.has(id)) linked.add(id);
      }
    }
  }
  const limit = pLimit(8);
  const found = await Promise.all(
    [...linked]
      .sort()
      .slice(0, MAX_LINKED_SPACES)
      .map((spaceId) =>
        limit(async () => {
          try {
            const space = await client.request('getSpace', { spaceId });
            const published = webUrl(space.urls?.published);
            // Published nowhere: the platform links it in its app (members can open it there).
            const app = published ? undefined : webUrl(space.urls?.app);
            if (!published && !app) return undefined;
            const at = published ? { published } : { app };
            return [spaceId, { title: space.title, ...at }] as const;
          } catch (error) {
            // Another organization's space, a deleted one, one the token cannot read.
            if (error instanceof ApiError && error.status !== undefined && error.status < 500)
              return undefined;
            throw error;
          }
        }),
      ),
  );
  return { spaces: Object.fromEntries(found.filter((entry) => entry !== undefined)) };
}
