import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  MERGE_FILE,
  MergeListError,
  readMergeList,
  writeMergeList,
} from '../../src/search/merge-list.ts';
import { parseMergeList } from '../../src/search/merge-list-format.ts';
import { tempDir } from '../helpers/fs.ts';

describe('parseMergeList', () => {
  it('reads the bundles a merge file lists, relative to pagefind/', () => {
    expect(parseMergeList('{"merge":[]}')).toEqual([]);
    expect(parseMergeList('{"merge":["parts/2/","parts/3/"]}')).toEqual(['parts/2/', 'parts/3/']);
  });

  it('refuses what is not such a list: a page a host serves for a missing file, or other JSON', () => {
    expect(() => parseMergeList('<!doctype html><title>Not found</title>')).toThrow(
      'it is not JSON',
    );
    expect(() => parseMergeList('null')).toThrow('it has no "merge" list');
    expect(() => parseMergeList('{"merge":"parts/2/"}')).toThrow('it has no "merge" list');
    expect(() => parseMergeList('{"merge":["parts/2/","parts/2/"]}')).toThrow('listed twice');
  });

  it('refuses a bundle outside pagefind/ or on another origin', () => {
    for (const entry of [
      '../secret/',
      'parts/../../',
      './parts/2/',
      '/pagefind/parts/2/',
      'https://elsewhere.example/pagefind/',
      '//elsewhere.example/pagefind/',
      'parts/2',
      'parts\\2/',
      '',
      2,
    ])
      expect(() => parseMergeList(JSON.stringify({ merge: [entry] })), String(entry)).toThrow(
        MergeListError,
      );
  });
});

describe('writeMergeList and readMergeList', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => {
    ({ dir, cleanup } = await tempDir('offprint-merge-list-'));
  });
  afterEach(() => cleanup());

  it('writes the list beside the bundle and reads it back', async () => {
    for (const part of ['2', '3']) {
      await mkdir(path.join(dir, 'parts', part), { recursive: true });
      await writeFile(path.join(dir, 'parts', part, 'pagefind-entry.json'), '{}');
    }
    await writeMergeList(dir, ['parts/2/', 'parts/3/']);
    await expect(readFile(path.join(dir, MERGE_FILE), 'utf8')).resolves.toBe(
      '{"merge":["parts/2/","parts/3/"]}\n',
    );
    await expect(readMergeList(dir)).resolves.toEqual(['parts/2/', 'parts/3/']);
  });

  it('refuses to list a folder that holds no bundle, and writes nothing', async () => {
    await mkdir(path.join(dir, 'parts', '2'), { recursive: true });
    await expect(writeMergeList(dir, ['parts/2/'])).rejects.toThrow(
      /parts\/2\/ holds no Pagefind bundle \(no pagefind-entry\.json\)/,
    );
    await expect(readMergeList(dir)).resolves.toEqual([]);
  });

  it('reads no bundle from a bundle without the file, and names the file when it is wrong', async () => {
    await expect(readMergeList(dir)).resolves.toEqual([]);
    await writeFile(path.join(dir, MERGE_FILE), '{"merge":["../x/"]}');
    await expect(readMergeList(dir)).rejects.toThrow(
      `${path.join(dir, MERGE_FILE)} is not a list of bundles: "../x/" is not a folder under pagefind/`,
    );
  });
});
