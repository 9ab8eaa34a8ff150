import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { EarlyCards } from '../../src/pull/early/cards.ts';
import { shownSpaceIds } from '../../src/site/index.ts';
import { Snapshot } from '../../src/snapshot/read.ts';
import { runCli } from '../helpers/cli.ts';
import { useExampleCache } from '../helpers/example-cache.ts';
import { startPlatform, TOKEN } from '../helpers/platform.ts';

/**
 * Share cards drawn during the pull (src/pull/early/cards.ts): fed what the example's pull
 * stored, in the order the pull stores it, no card is named before the header logo's file has
 * landed, then every page's is, under the keys a render of that snapshot looks for (it writes
 * exactly the cards named ahead, and finds in the cache those drawn ahead, however many the idle
 * cores allowed); through the command line, a `build` from a slow platform names them all ahead,
 * and its render draws none of those drawn ahead again.
 */

const cardFiles = async (cacheDir: string) =>
  (await readdir(path.join(cacheDir, 'render/cards'), { recursive: true }).catch(() => [])).filter(
    (entry) => entry.endsWith('.png'),
  );

describe('share cards drawn during the pull', () => {
  const scratch = useExampleCache('early-cards');

  it("draws every page's card once the logo lands, under the keys the render looks for", async () => {
    // The example's build drew its cards into the cache: these are drawn from none.
    await rm(path.join(scratch.cache, 'render/cards'), { recursive: true, force: true });
    const snapshot = await Snapshot.open(path.join(scratch.cache, 'snapshot'));
    const [published, structure] = await Promise.all([snapshot.site(), snapshot.structure()]);
    const spaceIds = shownSpaceIds(structure);
    const early = new EarlyCards(path.join(scratch.cache, 'render'));
    try {
      early.siteKnown(published, structure, spaceIds);
      const revisions = await Promise.all(spaceIds.map((id) => snapshot.revision(id)));
      for (const [at, revision] of revisions.entries())
        early.revision(spaceIds[at] as string, revision);
      // The example's header logo is a file of a space: nothing is named before it lands.
      expect(early.named).toBe(0);
      const logoUrl = published.customizations?.site?.header?.logo?.light as string;
      const at = revisions.findIndex((revision) =>
        revision.files.some((file) => file.downloadURL === logoUrl),
      );
      const space = spaceIds[at] as string;
      const listed = revisions[at]?.files.find((file) => file.downloadURL === logoUrl);
      const stored = snapshot.manifest.spaces
        .find((entry) => entry.spaceId === space)
        ?.files.find((file) => file.id === listed?.id);
      expect(stored).toBeDefined();
      early.fileLanded({
        sha256: stored?.sha256 as string,
        file: snapshot.blobFile(stored?.sha256 as string),
        name: stored?.name as string,
        size: stored?.size as number,
        ...(stored?.contentType ? { contentType: stored.contentType } : {}),
        spaceId: space,
        fileId: stored?.id as string,
        downloadURL: logoUrl,
      });
      // Named once the logo's bytes are read; drawn on a thread that waits for idle cores.
      await vi.waitFor(() => expect(early.named).toBeGreaterThan(40), { timeout: 10_000 });
    } finally {
      await early.end();
    }
    const named = early.namedFiles().map((file) => path.basename(file));
    expect(new Set(named).size).toBe(early.named);
    // The cards drawn ahead are in the cache under their keys.
    expect(await cardFiles(scratch.cache)).toHaveLength(early.drawn);

    const out = path.join(scratch.dir, 'dist');
    const render = await runCli(['render', '--cache', scratch.cache, '--out', out, '-v']).done;
    expect(render.code, render.stderr).toBe(0);
    // The render wants exactly the cards named ahead, and finds those drawn ahead.
    expect((await readdir(path.join(out, '_offprint/cards'))).sort()).toEqual(named.sort());
    expect(render.stdout).toContain(
      `share cards: ${early.named - early.drawn} drawn, ${early.drawn} reused from the cache`,
    );
  }, 300_000);

  it('draws cards ahead in a build from a slow platform, and the render draws none of them again', async () => {
    const platform = await startPlatform();
    try {
      platform.setFaults({ latencyMs: 200 });
      const organization = platform.model.organizations()[0]?.id as string;
      const site = platform.model.sites().find((s) => s.visibility === 'public')?.id as string;
      const cache = path.join(scratch.dir, 'build-cache');
      const built = await runCli(
        [
          'build',
          '--api-url',
          platform.url,
          '--org',
          organization,
          '--site',
          site,
          '--cache',
          cache,
          '--out',
          path.join(scratch.dir, 'build-dist'),
          '-v',
        ],
        { env: { OFFPRINT_TOKEN: TOKEN } },
      ).done;
      expect(built.code, built.stderr).toBe(0);
      const ahead = /(\d+) of (\d+) share card\(s\) drawn/.exec(built.stdout);
      const rendered = /share cards: (\d+) drawn, (\d+) reused from the cache/.exec(built.stdout);
      expect(ahead, built.stdout).not.toBeNull();
      expect(rendered, built.stdout).not.toBeNull();
      const [drawnAhead, namedAhead] = [Number(ahead?.[1]), Number(ahead?.[2])];
      const [drawnByRender, reused] = [Number(rendered?.[1]), Number(rendered?.[2])];
      // The pull named every card (how many it drew depends on the cores it found idle); every
      // card drawn ahead is one the render wanted, and it drew the rest.
      expect(namedAhead).toBeGreaterThan(40);
      expect(reused).toBe(drawnAhead);
      expect(drawnByRender + reused).toBe(namedAhead);
      expect(await cardFiles(cache)).toHaveLength(namedAhead);
    } finally {
      await platform.close();
    }
  }, 300_000);
});
