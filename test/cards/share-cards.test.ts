import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cardPng, cardSvg, cardTree, ShareCards, type SiteLook } from '../../src/cards/index.ts';
import { tempDir } from '../helpers/fs.ts';
import { content, fonts, site } from './fixtures.ts';

/**
 * A render's cards, drawn on their own thread: named at once and drawn only once asked, into the
 * cache, the same bytes as drawn in this process; a second render finds them there; a card the
 * thread cannot draw is a failure `finish` reports, not an error thrown.
 */

let temp: Awaited<ReturnType<typeof tempDir>>;
beforeEach(async () => {
  temp = await tempDir('cards');
});
afterEach(() => temp.cleanup());

const cardsOf = (look: SiteLook = site) =>
  new ShareCards({
    cacheDir: path.join(temp.dir, 'cache'),
    look,
    fonts,
    concurrency: 1,
    waitingConcurrency: 2,
  });

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true }).catch(() => []);
  return entries.filter((entry) => entry.endsWith('.png'));
}

/** This process's threads at nice 19: field 19 of `/proc/self/task/<tid>/stat` (Linux). */
async function nicedThreads(): Promise<number> {
  const tasks = await readdir('/proc/self/task');
  let niced = 0;
  for (const task of tasks) {
    const stat = await readFile(`/proc/self/task/${task}/stat`, 'utf8').catch(() => '');
    // The fields after the command's closing parenthesis start at field 3.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[19 - 3] === '19') niced++;
  }
  return niced;
}

describe("a render's share cards", () => {
  it('draws nothing until asked, then on their thread the bytes this process draws', async () => {
    const cards = cardsOf();
    try {
      const install = cards.card(content('Install'));
      const deploy = cards.card(content('Deploy'));
      expect(install?.outputFile).toMatch(/^_offprint\/cards\/[0-9a-f]{20}\.png$/);
      // Named for the pages' views; nothing drawn yet (the pages' markdown has the cores). A
      // card drawn at once would be in the cache well within this wait.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect(await filesUnder(path.join(temp.dir, 'cache'))).toEqual([]);

      const out = path.join(temp.dir, 'out');
      expect(await cards.finish(out)).toEqual([]);
      expect(cards.stats).toEqual({ drawn: 2, reused: 0 });
      const drawn = await readFile(path.join(out, install?.outputFile as string));
      const here = await cardPng(await cardSvg(cardTree(content('Install'), site.look), fonts));
      expect(drawn.equals(here)).toBe(true);
      expect(await readFile(path.join(out, deploy?.outputFile as string))).not.toEqual(drawn);
    } finally {
      await cards.close();
    }
  }, 60_000);

  it.runIf(process.platform === 'linux')(
    'draws at the lowest priority while the render goes on',
    async () => {
      const cards = cardsOf();
      try {
        cards.card(content('Install'));
        expect(await nicedThreads()).toBe(0);
        cards.draw();
        // The drawing thread, started by the first card, lowers its own priority alone.
        await vi.waitFor(async () => expect(await nicedThreads()).toBe(1), { timeout: 20_000 });
        await cards.finish(path.join(temp.dir, 'out'));
        expect(cards.stats).toEqual({ drawn: 1, reused: 0 });
      } finally {
        await cards.close();
      }
      expect(await nicedThreads()).toBe(0);
    },
    60_000,
  );

  it('finds in the cache what an earlier render drew', async () => {
    const first = cardsOf();
    first.card(content('Install'));
    await first.finish(path.join(temp.dir, 'first'));
    const second = cardsOf();
    const ref = second.card(content('Install'));
    await second.finish(path.join(temp.dir, 'second'));
    expect(second.stats).toEqual({ drawn: 0, reused: 1 });
    expect(await readFile(path.join(temp.dir, 'second', ref?.outputFile as string))).toEqual(
      await readFile(path.join(temp.dir, 'first', ref?.outputFile as string)),
    );
  }, 60_000);

  it("reports a card it cannot draw instead of throwing, and writes the site's card in its place", async () => {
    // A logo whose bytes are no image: the thread's drawing of every card fails on it.
    const broken: SiteLook = {
      look: {
        ...site.look,
        logo: { src: 'data:image/png;base64,bm90IGFuIGltYWdl', width: 64, height: 64 },
      },
      digest: 'broken',
    };
    const cards = cardsOf(broken);
    const ref = cards.card(content('Install'));
    const out = path.join(temp.dir, 'out');
    const failed = await cards.finish(out);
    expect(failed).toEqual([{ title: 'Install', message: expect.any(String) }]);
    expect(cards.stats).toEqual({ drawn: 0, reused: 0 });
    // The page names its card's file: it holds the site's title card, drawn without the logo.
    const { logo: _, ...plain } = broken.look;
    const standIn = await cardPng(
      await cardSvg(
        cardTree({ title: 'Acme Docs', siteTitle: 'Acme Docs', dir: 'ltr', lang: 'en' }, plain),
        fonts,
      ),
    );
    expect((await readFile(path.join(out, ref?.outputFile as string))).equals(standIn)).toBe(true);
    expect(await filesUnder(out)).toHaveLength(1);
  }, 60_000);
});
