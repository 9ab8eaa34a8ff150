import { appendFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformClient } from '../../src/api/client.ts';
import { pull } from '../../src/pull/index.ts';
import { spacesLinkedFrom } from '../../src/pull/linked-spaces.ts';
import { loadSiteModel } from '../../src/site/index.ts';
import { Snapshot } from '../../src/snapshot/read.ts';
import { copyFolder, tempDir } from '../helpers/fs.ts';
import { EXAMPLE_DIR, type LocalPlatform, startPlatform, TOKEN } from '../helpers/platform.ts';
import { pullOptions, siteIds } from '../helpers/pull.ts';

describe('links into spaces the site does not show', () => {
  it('finds the spaces app URLs and stable refs name, and no other', () => {
    const markdown = [
      '[a](https://app.gitbook.com/s/planner-1/guides/x#y)',
      '[b](https://app.gitbook.com/o/acme/s/Other_2/)',
      '[c](/spaces/ref-3/pages/abc)',
      '[d](https://example.com/s/not-a-space/x)',
      '[e](https://app.gitbook.com/s/)',
    ].join('\n');
    expect([...spacesLinkedFrom(markdown)].sort()).toEqual(['Other_2', 'planner-1', 'ref-3']);
  });

  describe('pulled and resolved', () => {
    let temp: Awaited<ReturnType<typeof tempDir>>;
    let platform: LocalPlatform;
    let snapshot: Snapshot;
    const PUBLISHED = 'https://partners.acme-rockets.example/';

    beforeAll(async () => {
      temp = await tempDir();
      const folder = await copyFolder(EXAMPLE_DIR, path.join(temp.dir, 'site'));
      // The docs site does not show mission-planner; a second public site publishes it.
      await writeFile(
        path.join(folder, 'sites', 'partners.yaml'),
        [
          'title: Partners',
          'visibility: public',
          'published: true',
          'hostname: partners.acme-rockets.example',
          'siteSpaces:',
          '  - id: partner-planner',
          '    space: mission-planner',
          '    path: planner',
          '    default: true',
          '',
        ].join('\n'),
      );
      await appendFile(
        path.join(folder, 'spaces', 'api', 'errors.md'),
        '\nSee [rideshares](https://app.gitbook.com/s/mission-planner/rideshare#limits), ' +
          'the [planner](https://app.gitbook.com/s/mission-planner/) and ' +
          '[nowhere](https://app.gitbook.com/s/no-such-space/page).\n',
      );
      platform = await startPlatform({ dir: folder });
      const result = await pull(
        pullOptions(platform, await siteIds(platform), path.join(temp.dir, 'cache')),
      );
      snapshot = await Snapshot.open(result.snapshotDir);
    });
    afterAll(async () => {
      await platform?.close();
      await temp?.cleanup();
    });

    it('gives a space its published URL in the local platform, as the platform does', async () => {
      const client = new PlatformClient({ apiUrl: platform.url, token: TOKEN });
      const space = await client.request('getSpace', { spaceId: 'mission-planner' });
      expect(space.urls.published).toBe(PUBLISHED);
    });

    it('keeps in the snapshot where the linked spaces are published, else their app URL', async () => {
      expect(await snapshot.linkedSpaces()).toEqual({
        'mission-planner': { title: expect.any(String), published: PUBLISHED },
        // No site shows it: the platform links it in its app.
        avionics: { title: 'Avionics notes (internal)', app: `${platform.url}/app/s/avionics` },
      });
    });

    it('resolves a link into such a space to its page there; a space published nowhere stays broken', async () => {
      const model = await loadSiteModel(snapshot);
      const page = model.pages.find((p) => p.spaceId === 'api') as { key: string };
      const resolver = model.resolverFor(page.key);
      const at = (pagePath: string | undefined, spaceId: string) =>
        resolver.page({ kind: 'page', spaceId, pagePath, raw: '' })?.url;
      expect(at('rideshare', 'mission-planner')).toBe(`${PUBLISHED}rideshare`);
      expect(at('', 'mission-planner')).toBe(PUBLISHED);
      expect(at(undefined, 'mission-planner')).toBe(PUBLISHED);
      expect(at('page', 'no-such-space')).toBeUndefined();
    });
  });
});
