import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { EXAMPLE_DIR } from './platform.ts';

interface ShareLinkDeclaration {
  id: string;
  key: string;
  active?: boolean;
}

/** The share links a site folder declares (the API never reveals their keys). */
export async function shareLinksOf(
  dir = EXAMPLE_DIR,
): Promise<{ siteId: string; active: ShareLinkDeclaration[]; inactive: ShareLinkDeclaration[] }> {
  for (const file of await readdir(path.join(dir, 'sites'))) {
    const site = parse(await readFile(path.join(dir, 'sites', file), 'utf8'));
    if (site?.visibility !== 'share-link') continue;
    const links: ShareLinkDeclaration[] = site.shareLinks ?? [];
    return {
      siteId: path.basename(file, path.extname(file)),
      active: links.filter((l) => l.active !== false),
      inactive: links.filter((l) => l.active === false),
    };
  }
  throw new Error(`no share-link site in ${dir}`);
}
