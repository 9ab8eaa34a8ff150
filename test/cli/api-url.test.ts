import { describe, expect, it } from 'vitest';
import { apiUrlProblem } from '../../src/cli/api-url.ts';

describe('apiUrlProblem', () => {
  it.each([
    'https://api.gitbook.com',
    'https://api.gitbook.com/',
    'https://api.gitbook.com/v1',
    'http://127.0.0.1:8080',
    'https://example.com/platform/api',
  ])('takes %s', (value) => {
    expect(apiUrlProblem(value)).toBeUndefined();
  });

  it.each([
    [
      'htp://api.gitbook.com',
      /--api-url htp:\/\/api\.gitbook\.com is not an http or https URL \(it starts with htp:\)/,
    ],
    ['ftp://api.gitbook.com', /it starts with ftp:/],
    ['file:///srv/api', /it starts with file:/],
    ['mailto:docs@example.com', /it starts with mailto:/],
    ['api.gitbook.com', /--api-url is not a URL: api\.gitbook\.com/],
    ['http://exa mple.com', /--api-url is not a URL/],
    ['https://api.gitbook.com/?org=acme', /has a query or fragment/],
    ['https://api.gitbook.com/#v1', /has a query or fragment/],
  ])('refuses %s, naming --api-url and its shape', (value, message) => {
    const problem = apiUrlProblem(value) ?? '';
    expect(problem).toMatch(message);
    expect(problem).toMatch(
      /give the API's base URL, such as https:\/\/api\.gitbook\.com \(\/v1 is appended\)$/,
    );
    expect(problem).not.toContain('\n');
  });

  it('refuses credentials in the URL without repeating them', () => {
    const problem = apiUrlProblem('https://me:s3cret-pw@api.gitbook.com') ?? '';
    expect(problem).toMatch(
      /^--api-url holds a user name or password: give the token in OFFPRINT_TOKEN/,
    );
    expect(problem).not.toContain('s3cret-pw');
    expect(problem).not.toContain('me:');
  });

  it('names the place the value came from: a config key or the environment', () => {
    expect(apiUrlProblem('htp://x', '"apiUrl"')).toMatch(
      /^"apiUrl" htp:\/\/x is not an http or https URL/,
    );
    expect(apiUrlProblem('x', 'OFFPRINT_API_URL')).toMatch(/^OFFPRINT_API_URL is not a URL: x;/);
  });
});
