/**
 * Fixture pair: `test/fixtures/copies/<case>.md` (the platform's markdown, with its download
 * URLs) → `<case>.expected.md` (what the site's `.md` copy holds).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localizeFileUrls } from '../../src/hosting/copy-urls.ts';
import {
  downloadUrlSpellings,
  mentionsDownloadHost,
  siteFileUrl,
} from '../../src/hosting/download-urls.ts';
import { pathOf } from '../../src/site/assets.ts';
import type { AssetModel } from '../../src/site/index.ts';

const ROOT = join(import.meta.dirname, '..', 'fixtures', 'copies');

/** The files the site serves, by the path of their download URL (as the site model matches them). */
const SERVED = new Map([
  ['/v1/files/space-1/file-bay/bay.png', '/docs/assets/0123456789abcdef/bay.png'],
  ['/v1/files/space-1/file-spec/spec.pdf', '/docs/assets/fedcba9876543210/spec.pdf'],
]);

const localUrl = (url: string) => {
  const served = SERVED.get(new URL(url).pathname);
  return served && `https://docs.example.com${served}`;
};

describe('.md copies: platform file URLs', () => {
  it('become the site’s own copies; other URLs stay as written', () => {
    const input = readFileSync(join(ROOT, 'platform-urls.md'), 'utf8');
    const expected = readFileSync(join(ROOT, 'platform-urls.expected.md'), 'utf8');
    const output = localizeFileUrls(input, localUrl);
    expect(output).toBe(expected);
    expect(output).not.toMatch(/platform\.example\/v1|token=/);
  });

  it('hands the resolver the URL with its ampersands decoded and without trailing punctuation', () => {
    const seen: string[] = [];
    localizeFileUrls(
      'see https://a.example/f.png?x=1&amp;y=2. and <https://a.example/g>',
      (url) => {
        seen.push(url);
        return undefined;
      },
    );
    expect(seen).toEqual(['https://a.example/f.png?x=1&y=2', 'https://a.example/g']);
  });
});

/**
 * The platform's storage URLs (GitBook-style: the object path `spaces/S/uploads/ID/NAME` as one
 * `%2F`-joined segment, the name spelled by `encodeURIComponent`), for the names uploads get.
 */
const STORAGE = 'https://1234-files.platform.example/~/files/v0/b/prod/o/';
const ODD_FILES: [id: string, name: string, served: string][] = [
  ['f-img1', 'image (1).png', '/docs/assets/1111111111111111/image-1.png'],
  [
    'f-clean',
    'CleanShot 2024-03-12 at 12.23.01@2x (1).png',
    '/docs/assets/2222222222222222/cleanshot.png',
  ],
  ['f-pct', '100% done.png', '/docs/assets/3333333333333333/100-done.png'],
  [
    'f-uni',
    'ünïcødé 图.png',
    '/docs/assets/4444444444444444/%C3%BCn%C3%AFc%C3%B8d%C3%A9-%E5%9B%BE.png',
  ],
  ['f-quote', 'it\'s "quoted".png', '/docs/assets/5555555555555555/it-s-quoted.png'],
];
const downloadUrl = (id: string, name: string) =>
  `${STORAGE}${encodeURIComponent(`spaces/s1/uploads/${id}/${name}`)}?alt=media&token=t-${id}`;

/** The site model's own matching: the download URL exactly, else its path as the URL parser spells it. */
function modelOf(files: typeof ODD_FILES) {
  const byUrl = new Map<string, AssetModel>();
  const byPath = new Map<string, AssetModel>();
  for (const [id, name, served] of files) {
    const asset = { fileId: id, spaceId: 's1', url: served } as AssetModel;
    const url = downloadUrl(id, name);
    byUrl.set(url, asset);
    byPath.set(pathOf(url) as string, asset);
  }
  return {
    assetByDownloadUrl: (url: string) => byUrl.get(url) ?? byPath.get(pathOf(url) ?? ''),
    assets: [...byUrl.values()],
    downloadUrlsOf: () =>
      [...byUrl].map(([downloadURL, asset]) => ({ id: asset.fileId, downloadURL })),
  };
}

describe('.md copies: file names as the platform’s uploads get them', () => {
  const siteUrl = siteFileUrl(modelOf(ODD_FILES), 'https://docs.example.com');

  it('reaches the site’s own file in every form, whatever the name; code and other hosts stay', () => {
    const input = readFileSync(join(ROOT, 'odd-names.md'), 'utf8');
    const expected = readFileSync(join(ROOT, 'odd-names.expected.md'), 'utf8');
    const output = localizeFileUrls(input, siteUrl);
    expect(output).toBe(expected);
    // Outside code, nothing names the storage host.
    const outsideCode = output.replace(/```[\s\S]*?```|`[^`\n]*`/g, '');
    expect(outsideCode).not.toContain('platform.example');
    expect(output.match(/1234-files\.platform\.example/g)).toHaveLength(2);
  });

  it('matches a download URL however its path is spelled', () => {
    for (const [id, name, served] of ODD_FILES) {
      const raw = `${STORAGE}${encodeURIComponent(`spaces/s1/uploads/${id}/`)}${name}`;
      const strict = downloadUrl(id, name).replace(
        /[()']/g,
        (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
      );
      for (const spelling of [downloadUrl(id, name), raw, strict]) {
        expect(siteUrl(spelling), spelling).toBe(`https://docs.example.com${served}`);
      }
    }
    // A file of the platform the site does not hold (the pull left it out) is not linked at all.
    expect(siteUrl(`${STORAGE}spaces%2Fs1%2Fuploads%2Fnope%2Fimage%20(1).png`)).toBe('');
    expect(siteUrl('https://example.com/image%20(1).png')).toBeUndefined();
    expect(downloadUrlSpellings('not a url')).toEqual(['not a url']);
  });
});

describe('.md copies: which pages are read for file URLs', () => {
  const mentions = mentionsDownloadHost(modelOf(ODD_FILES));

  it('a page naming the file host, in any case, is read; one with only other links is not', () => {
    expect(mentions(readFileSync(join(ROOT, 'odd-names.md'), 'utf8'))).toBe(true);
    expect(mentions('![shot](HTTPS://1234-FILES.Platform.Example/~/files/v0/b/prod/o/x.png)')).toBe(
      true,
    );
    expect(mentions('See [the API](https://example.com/api) and [install](install.md).')).toBe(
      false,
    );
  });

  it('a site with no files reads no page', () => {
    expect(mentionsDownloadHost(modelOf([]))(`![a](${STORAGE}a.png)`)).toBe(false);
  });
});
