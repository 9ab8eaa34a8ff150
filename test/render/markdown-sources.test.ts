/**
 * The markdown stage's page sources: a page with previous markdown (a change request's preview)
 * carries it, its download URLs made stable as the page's are, under a key of its own.
 */
import { describe, expect, it } from 'vitest';
import { MarkdownCache } from '../../src/render/markdown-cache.ts';
import { markdownSources } from '../../src/render/stages/markdown.ts';
import type { PageModel, SiteModel } from '../../src/site/index.ts';
import type { Snapshot } from '../../src/snapshot/read.ts';

const SIGNED = 'https://files.example.com/logo.png?sig=1';
const snapshot = {
  manifest: { spaces: [{ spaceId: 's1' }] },
  pageMarkdown: async () => `![logo](${SIGNED})\n\nNew text.\n`,
} as unknown as Snapshot;
const model = {
  downloadUrlsOf: () => [{ id: 'f1', downloadURL: SIGNED }],
} as unknown as SiteModel;
const page = {
  source: { spaceId: 's1', pageId: 'p1', path: 'a.md' },
  title: 'A',
  kind: 'document',
} as unknown as PageModel;

describe('markdownSources', () => {
  const cache = new MarkdownCache('/unused', {});

  it('gives no previous markdown without a source for it', async () => {
    const source = await markdownSources(snapshot, model, cache)(page);
    expect(source).toEqual({
      markdown: '![logo](/files/f1)\n\nNew text.\n',
      key: cache.key({ markdown: source.markdown, path: 'a.md', title: 'A' }),
    });
  });

  it('carries the previous markdown, made stable, under a key of its own', async () => {
    const previousOf = async () => `![logo](${SIGNED})\n\nOld text.\n`;
    const plain = await markdownSources(snapshot, model, cache)(page);
    const source = await markdownSources(snapshot, model, cache, previousOf)(page);
    expect(source.previous).toBe('![logo](/files/f1)\n\nOld text.\n');
    expect(source.markdown).toBe(plain.markdown);
    expect(source.key).not.toBe(plain.key);
    const none = await markdownSources(snapshot, model, cache, async () => undefined)(page);
    expect(none).toEqual(plain);
  });
});
