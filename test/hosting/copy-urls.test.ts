/**
 * Fixture pair: `test/fixtures/copies/<case>.md` (the platform's markdown, with its download
 * URLs) → `<case>.expected.md` (what the site's `.md` copy holds).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localizeFileUrls } from '../../src/hosting/copy-urls.ts';

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
