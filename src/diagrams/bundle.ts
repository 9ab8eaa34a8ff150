import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { THEME_DIR } from '../theme/index.ts';
import { MERMAID_BUNDLE, MERMAID_VERSION } from './mermaid-browser.ts';

/**
 * The site's own copy of mermaid's browser bundle, for pages whose diagrams could not be drawn
 * at build time: they load it from the site, never from a CDN. Written only when some page needs
 * it; the folder carries mermaid's version, so a new version is a new URL.
 */
export const MERMAID_JS = `${THEME_DIR}/mermaid-${MERMAID_VERSION}/mermaid.min.js`;

export async function writeMermaidBundle(outDir: string): Promise<void> {
  const target = path.join(outDir, MERMAID_JS);
  await mkdir(path.dirname(target), { recursive: true });
  await copyFile(MERMAID_BUNDLE, target);
}
