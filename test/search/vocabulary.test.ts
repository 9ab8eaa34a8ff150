import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { maxDistance, SiteVocabulary } from '../../src/search/typo-correction.ts';
import {
  collectVocabulary,
  mergeVocabularies,
  readVocabulary,
  writeVocabulary,
} from '../../src/search/vocabulary-files.ts';
import {
  parseVocabulary,
  vocabularyFile,
  vocabularyText,
  wordsOf,
} from '../../src/search/vocabulary-format.ts';
import { tempDir } from '../helpers/fs.ts';

let temp: Awaited<ReturnType<typeof tempDir>> | undefined;
afterEach(async () => {
  await temp?.cleanup();
  temp = undefined;
});

/** A vocabulary served from memory, recording which files were read. */
function served(words: Record<string, number>) {
  const read: string[] = [];
  const byFile = new Map<string, Map<string, number>>();
  for (const [word, pages] of Object.entries(words)) {
    const file = vocabularyFile(word.length);
    byFile.set(file, (byFile.get(file) ?? new Map()).set(word, pages));
  }
  const vocabulary = new SiteVocabulary(async (file) => {
    read.push(file);
    const list = byFile.get(file);
    return list ? vocabularyText(list) : undefined;
  });
  return { vocabulary, read };
}

/** A Pagefind fragment as Pagefind writes it. */
function fragment(content: string, title = ''): Buffer {
  return gzipSync(`pagefind_dcd${JSON.stringify({ url: '/x/', content, meta: { title } })}`);
}

describe('the vocabulary format', () => {
  it('keeps words of letters, lower-cased, of 3 to 24 letters', () => {
    expect(
      wordsOf('Wiring the flight-computer: UART_TX, 115200 baud, H1-29 and naïve Straße.'),
    ).toEqual(['wiring', 'the', 'flight', 'computer', 'baud', 'and', 'naïve', 'straße']);
    expect(wordsOf('an ox a pneumonoultramicroscopicsilicovolcanoconiosis')).toEqual([]);
  });

  it('writes a line per word, most pages first, and reads it back, skipping what is not a line of it', () => {
    const text = vocabularyText(
      new Map([
        ['beta', 2],
        ['alfa', 2],
        ['gamma', 9],
      ]),
    );
    expect(text).toBe('gamma 9\nalfa 2\nbeta 2\n');
    expect(parseVocabulary(text)).toEqual(
      new Map([
        ['gamma', 9],
        ['alfa', 2],
        ['beta', 2],
      ]),
    );
    expect(parseVocabulary('<!doctype html><p>Not found</p>\n')).toEqual(new Map());
  });
});

describe('SiteVocabulary.closest', () => {
  it('corrects one slip of any kind to the word of the site', async () => {
    const { vocabulary } = served({ authentication: 40, domain: 12, change: 30, markdown: 9 });
    expect(await vocabulary.closest('autentication')).toBe('authentication');
    expect(await vocabulary.closest('domian')).toBe('domain');
    expect(await vocabulary.closest('chnage')).toBe('change');
    expect(await vocabulary.closest('markdwon')).toBe('markdown');
    expect(await vocabulary.closest('markdownn')).toBe('markdown');
  });

  it('reads only the files of the word’s length and one letter either side', async () => {
    const { vocabulary, read } = served({ domain: 12, authentication: 40 });
    await vocabulary.closest('domian');
    expect(read.sort()).toEqual([
      'offprint-words/5.txt',
      'offprint-words/6.txt',
      'offprint-words/7.txt',
    ]);
    await vocabulary.closest('domian');
    expect(read).toHaveLength(3);
  });

  it('takes the smallest distance first, then the word on the most pages, then the first alphabetically', async () => {
    // "tokn" is one edit from "token" and "tokens" is two from it.
    expect(await served({ tokens: 90, token: 3 }).vocabulary.closest('tokn')).toBe('token');
    expect(await served({ route: 5, router: 50, routes: 80 }).vocabulary.closest('routee')).toBe(
      'routes',
    );
    expect(await served({ bake: 4, cake: 4 }).vocabulary.closest('dake')).toBe('bake');
  });

  it('allows one edit up to five letters and two beyond, and nothing further', async () => {
    expect(maxDistance(5)).toBe(1);
    expect(maxDistance(6)).toBe(2);
    const { vocabulary } = served({ queue: 10, pipeline: 10 });
    expect(await vocabulary.closest('quaua')).toBeUndefined();
    expect(await vocabulary.closest('qeue')).toBe('queue');
    expect(await vocabulary.closest('ppieline')).toBe('pipeline');
    expect(await vocabulary.closest('ppielin')).toBe('pipeline');
    expect(await vocabulary.closest('ppiein')).toBeUndefined();
  });

  it('finds nothing in a site with no vocabulary, or one whose files fail to load', async () => {
    expect(await served({}).vocabulary.closest('domian')).toBeUndefined();
    const failing = new SiteVocabulary(() => Promise.reject(new Error('offline')));
    expect(await failing.closest('domian')).toBeUndefined();
  });
});

describe('the vocabulary on disk', () => {
  it('is collected from the bundles’ fragments, a word counted once a page', async () => {
    temp = await tempDir('offprint-vocabulary-');
    const one = path.join(temp.dir, 'pagefind');
    const two = path.join(one, 'bundles', '2');
    for (const dir of [one, two]) await mkdir(path.join(dir, 'fragment'), { recursive: true });
    await writeFile(
      path.join(one, 'fragment', 'en_1.pf_fragment'),
      fragment('Deploy the deploy queue.', 'Deploy'),
    );
    await writeFile(path.join(two, 'fragment', 'en_2.pf_fragment'), fragment('A queue of jobs.'));
    await writeFile(path.join(two, 'fragment', 'en_3.pf_fragment'), Buffer.from('not gzip'));
    const vocabulary = await collectVocabulary([one, two, path.join(temp.dir, 'none')]);
    expect(vocabulary).toEqual(
      new Map([
        ['deploy', 1],
        ['the', 1],
        ['queue', 2],
        ['jobs', 1],
      ]),
    );
  });

  it('is written a file per length, read back whole, and merged by adding the parts’ counts', async () => {
    temp = await tempDir('offprint-vocabulary-');
    const part1 = path.join(temp.dir, 'p1');
    const part2 = path.join(temp.dir, 'p2');
    await writeVocabulary(
      part1,
      new Map([
        ['queue', 2],
        ['deploy', 1],
      ]),
    );
    await writeVocabulary(
      part2,
      new Map([
        ['queue', 3],
        ['webhook', 4],
      ]),
    );
    expect((await readdir(path.join(part1, 'offprint-words'))).sort()).toContain('5.txt');
    expect(await readFile(path.join(part1, 'offprint-words', '6.txt'), 'utf8')).toBe('deploy 1\n');
    expect(await readVocabulary(part1)).toEqual(
      new Map([
        ['queue', 2],
        ['deploy', 1],
      ]),
    );
    const site = path.join(temp.dir, 'site');
    await mergeVocabularies([part1, part2, path.join(temp.dir, 'old-part')], site);
    expect(await readVocabulary(site)).toEqual(
      new Map([
        ['queue', 5],
        ['deploy', 1],
        ['webhook', 4],
      ]),
    );
  });
});
