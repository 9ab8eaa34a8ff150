import { createHash } from 'node:crypto';
import { mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { markUsed } from '../utils/cache-use.ts';
import { removeOnInterrupt } from '../utils/interrupt.ts';
import { readSealedJson, writeSealedJson } from '../utils/sealed.ts';
import { hashSources } from '../utils/source-hash.ts';
import { MERMAID_VERSION, type Scheme } from './mermaid-browser.ts';

/**
 * Drawn diagrams on disk, keyed by what determines them: the source, the scheme and the
 * renderer (mermaid's version and this folder's source, which holds mermaid's settings and the
 * sanitizing). A re-render finds every unchanged diagram here and starts no browser. A source
 * mermaid refused is stored too: its error is reported again without drawing.
 */

const DIAGRAMS_SOURCE = fileURLToPath(new URL('./', import.meta.url));

/** Changes when mermaid or the drawing code changes. */
export const DIAGRAM_RENDERER_VERSION = `mermaid@${MERMAID_VERSION}+${hashSources([DIAGRAMS_SOURCE], ['.ts', '.js'])}`;

/** One source drawn in one scheme, sanitized, its ids under `DRAWING_ID` (`svg-ids.ts`). */
export type StoredDrawing =
  | { svg: string; kind: string; labels: string[]; accTitle?: string }
  | { error: string };

export class DiagramCache {
  readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
  }

  static key(source: string, scheme: Scheme): string {
    return createHash('sha256')
      .update(DIAGRAM_RENDERER_VERSION)
      .update('\0')
      .update(scheme)
      .update('\0')
      .update(source)
      .digest('hex');
  }

  async get(source: string, scheme: Scheme): Promise<StoredDrawing | undefined> {
    try {
      const file = this.#file(source, scheme);
      const drawing = await readSealedJson<StoredDrawing>(file);
      if (drawing) await markUsed(file);
      return drawing;
    } catch {
      return undefined;
    }
  }

  async set(source: string, scheme: Scheme, drawing: StoredDrawing): Promise<void> {
    const file = this.#file(source, scheme);
    await mkdir(path.dirname(file), { recursive: true });
    // Written aside and renamed: a run stopped mid-write leaves no half entry.
    const partial = `${file}.${process.pid}.partial`;
    const forget = removeOnInterrupt(partial);
    try {
      await writeSealedJson(partial, drawing);
      await rename(partial, file);
    } finally {
      forget();
    }
  }

  #file(source: string, scheme: Scheme): string {
    const key = DiagramCache.key(source, scheme);
    return path.join(this.dir, key.slice(0, 2), `${key}.json`);
  }
}
