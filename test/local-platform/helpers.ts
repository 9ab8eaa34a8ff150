import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type LocalPlatform,
  type LocalPlatformOptions,
  startLocalPlatform,
} from '../../src/local-platform/server.ts';

/** A JSON response body, read ad hoc by assertions (they fail loudly on a wrong shape). */
// biome-ignore lint/suspicious/noExplicitAny: assertions navigate bodies of many shapes
export type Body = any;

export const FIXTURE = fileURLToPath(new URL('../fixtures/local-platform/site', import.meta.url));
export const TOKEN = 'local-test-token-9f2c';

export function start(options: Partial<LocalPlatformOptions> = {}): Promise<LocalPlatform> {
  return startLocalPlatform({ dir: FIXTURE, port: 0, ...options });
}

/** GET (or another method) on `/v1…` with the token; returns status, headers and parsed JSON. */
export async function api(
  platform: LocalPlatform,
  path: string,
  init: { method?: string; body?: unknown; token?: string | null } = {},
): Promise<{ status: number; headers: Headers; json: Body }> {
  const headers: Record<string, string> = {};
  const token = init.token === undefined ? TOKEN : init.token;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${platform.url}/v1${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    json: text ? JSON.parse(text) : undefined,
  };
}

/** Every item of a list route, following `next.page`; also returns how many pages it took. */
export async function listAll(
  platform: LocalPlatform,
  path: string,
): Promise<{ items: Body[]; pages: number }> {
  const items: Body[] = [];
  let pages = 0;
  let cursor: string | undefined;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const { status, json } = await api(
      platform,
      cursor ? `${path}${sep}page=${encodeURIComponent(cursor)}` : path,
    );
    if (status !== 200) throw new Error(`${path} → ${status} ${JSON.stringify(json)}`);
    items.push(...json.items);
    pages++;
    cursor = json.next?.page;
  } while (cursor);
  return { items, pages };
}

/** A throwaway site folder written from `{ relativePath: content }`. */
export async function tempFolder(
  files: Record<string, string | Uint8Array>,
): Promise<{ dir: string; cleanup(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'offprint-local-'));
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), content);
  }
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** The smallest valid folder, to which a test adds or overrides files. */
export const MINIMAL: Record<string, string> = {
  'organization.yaml': 'id: org\ntitle: Org\n',
  'sites/site.yaml': 'title: Site\nsiteSpaces:\n  - id: main\n    space: docs\n',
  'spaces/docs/SUMMARY.md': '# Table of contents\n\n* [Home](README.md)\n',
  'spaces/docs/README.md': '# Home\n',
};
