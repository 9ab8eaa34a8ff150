import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import {
  MAX_WORD,
  MIN_WORD,
  parseVocabulary,
  VOCABULARY_DIR,
  vocabularyFile,
  vocabularyText,
  wordsOf,
} from './vocabulary-format.ts';

/**
 * The site's vocabulary on disk (vocabulary-format.ts says what it is). A render collects it
 * from the bundles it wrote: each page's fragment holds the text Pagefind indexed (its title,
 * content and headings, without what `data-pagefind-ignore` and the navigation leave out), so
 * the words are those of the index and nothing else. A merge of a site's parts adds up the
 * parts' vocabularies (each page is in one part), so a site rendered whole and one merged from
 * parts ship the same files.
 */

/** A word and on how many pages it is. */
export type Vocabulary = Map<string, number>;

/** Pagefind's fragments: gzip of this signature and the page's JSON. */
const FRAGMENT_SIGNATURE = 'pagefind_dcd';
const gunzipAsync = promisify(gunzip);

/** The vocabulary of the pages whose fragments are in `bundleDirs` (each a Pagefind bundle). */
export async function collectVocabulary(bundleDirs: readonly string[]): Promise<Vocabulary> {
  const vocabulary: Vocabulary = new Map();
  for (const dir of bundleDirs) {
    const fragments = path.join(dir, 'fragment');
    let names: string[];
    try {
      names = await readdir(fragments);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    for (const name of names) {
      if (!name.endsWith('.pf_fragment')) continue;
      const page = await readFragment(path.join(fragments, name));
      for (const word of new Set(wordsOf(page)))
        vocabulary.set(word, (vocabulary.get(word) ?? 0) + 1);
    }
  }
  return vocabulary;
}

/**
 * The text of one fragment Pagefind indexed: its title and content. A fragment that does not
 * read as one gives no words (the search itself would fail on it, and says so there).
 */
async function readFragment(file: string): Promise<string> {
  let json: { content?: unknown; meta?: { title?: unknown } };
  try {
    const text = (await gunzipAsync(await readFile(file))).toString('utf8');
    if (!text.startsWith(FRAGMENT_SIGNATURE)) return '';
    json = JSON.parse(text.slice(FRAGMENT_SIGNATURE.length));
  } catch {
    return '';
  }
  const title = typeof json.meta?.title === 'string' ? json.meta.title : '';
  const content = typeof json.content === 'string' ? json.content : '';
  return `${title}\n${content}`;
}

/**
 * Writes `vocabulary` under `<bundleDir>/offprint-words/`, one file per word length, replacing
 * what was there. Returns the files' total size.
 */
export async function writeVocabulary(bundleDir: string, vocabulary: Vocabulary): Promise<number> {
  const dir = path.join(bundleDir, VOCABULARY_DIR);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const byLength = new Map<number, Vocabulary>();
  for (const [word, pages] of vocabulary) {
    const words = byLength.get(word.length) ?? new Map<string, number>();
    words.set(word, pages);
    byLength.set(word.length, words);
  }
  let bytes = 0;
  for (let length = MIN_WORD; length <= MAX_WORD; length++) {
    const text = vocabularyText(byLength.get(length) ?? new Map());
    await writeFile(path.join(bundleDir, vocabularyFile(length)), text);
    bytes += Buffer.byteLength(text);
  }
  return bytes;
}

/** The vocabulary written under `<bundleDir>/offprint-words/`: empty when there is none. */
export async function readVocabulary(bundleDir: string): Promise<Vocabulary> {
  const vocabulary: Vocabulary = new Map();
  for (let length = MIN_WORD; length <= MAX_WORD; length++) {
    let text: string;
    try {
      text = await readFile(path.join(bundleDir, vocabularyFile(length)), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    for (const [word, pages] of parseVocabulary(text)) vocabulary.set(word, pages);
  }
  return vocabulary;
}

/** The vocabularies of the parts' bundles (`pagefind/` of each), added up into `into`. */
export async function mergeVocabularies(
  partBundleDirs: readonly string[],
  into: string,
): Promise<number> {
  const merged: Vocabulary = new Map();
  for (const dir of partBundleDirs)
    for (const [word, pages] of await readVocabulary(dir))
      merged.set(word, (merged.get(word) ?? 0) + pages);
  return writeVocabulary(into, merged);
}
