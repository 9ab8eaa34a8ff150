/**
 * The URL-scheme rule against the ways a hostile scheme hides: case, whitespace, C0 and C1
 * control characters (a browser drops them inside a scheme), and look-alike schemes.
 */
import { describe, expect, it } from 'vitest';
import {
  isSafeAbsoluteUrl,
  isSafeUrl,
  SOURCE_SCHEMES,
  urlScheme,
} from '../../src/markdown/url-scheme.ts';

const HOSTILE = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'jav\nascript:alert(1)',
  'java\rscript:alert(1)',
  '\u0001javascript:alert(1)',
  'java\u0000script:alert(1)',
  'java\u007fscript:alert(1)',
  'java\u0085script:alert(1)',
  'java\u009fscript:alert(1)',
  'vbscript:msgbox(1)',
  'VBScript:msgbox(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'data:image/svg+xml,<svg onload=alert(1)>',
  'livescript:alert(1)',
  'file:///etc/passwd',
  'blob:https://example.com/x',
];

const ALLOWED_LINKS = [
  'https://example.com/',
  'HTTP://example.com/',
  'mailto:a@example.com',
  'tel:+123',
  'irc://irc.example.org/x',
  'ircs://irc.example.org/x',
  'xmpp:a@example.com',
];

const RELATIVE = ['/docs/page/', 'page.md', '#anchor', '?q=1', './a:b', ''];

describe('url-scheme', () => {
  it.each(HOSTILE)('refuses %j', (url) => {
    expect(isSafeUrl(url)).toBe(false);
    expect(isSafeAbsoluteUrl(url)).toBe(false);
    expect(isSafeUrl(url, SOURCE_SCHEMES)).toBe(false);
  });

  it('reads the scheme as a browser does', () => {
    expect(urlScheme('java\u0085script:x')).toBe('javascript');
    expect(urlScheme(' \u0001JaVa\tScript:x')).toBe('javascript');
    expect(urlScheme('/a:b')).toBeUndefined();
  });

  it.each(ALLOWED_LINKS)('allows the link %j', (url) => {
    expect(isSafeUrl(url)).toBe(true);
    expect(isSafeAbsoluteUrl(url)).toBe(true);
  });

  it('allows only http(s) for loaded resources', () => {
    expect(isSafeUrl('https://example.com/a.png', SOURCE_SCHEMES)).toBe(true);
    expect(isSafeUrl('mailto:a@example.com', SOURCE_SCHEMES)).toBe(false);
    expect(isSafeUrl('tel:+123', SOURCE_SCHEMES)).toBe(false);
  });

  it.each(RELATIVE)('keeps the relative URL %j, which is not an external link', (url) => {
    expect(isSafeUrl(url)).toBe(true);
    expect(isSafeAbsoluteUrl(url)).toBe(false);
  });
});
