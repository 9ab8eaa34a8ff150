import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ApiError,
  ApiSchemaError,
  formatIssuePath,
  mediaType,
  NotJsonError,
  oneLine,
  redact,
  schemaIssues,
} from '../../src/api/errors.ts';

describe('ApiError', () => {
  it('says method, path, status, the platform message and the attempts', () => {
    const error = new ApiError(
      'GET',
      '/orgs/acme/sites/nope',
      404,
      'Site not found',
      1,
      'not_found',
    );
    expect(error.message).toBe('GET /orgs/acme/sites/nope → 404: Site not found');
    const retried = new ApiError('GET', '/orgs', 503, 'Service Unavailable', 6);
    expect(retried.message).toBe('GET /orgs → 503: Service Unavailable (gave up after 6 attempts)');
    const network = new ApiError(
      'GET',
      '/orgs',
      undefined,
      'network error: connect ECONNREFUSED',
      2,
      'ECONNREFUSED',
    );
    expect(network.message).toContain('GET /orgs failed: network error');
  });
});

describe('schema errors', () => {
  it('name the failing field path as a user reads JSON', () => {
    expect(formatIssuePath(['structure', 'structure', 0, 'siteSpaces', 1, 'path'])).toBe(
      'structure.structure[0].siteSpaces[1].path',
    );
    const schema = z.object({ items: z.array(z.object({ path: z.string().max(3) })) });
    const result = schema.safeParse({ items: [{ path: 'ok' }, { path: 'too long' }] });
    expect(result.success).toBe(false);
    if (result.success) return;
    const error = new ApiSchemaError('listThings', 'GET', '/things', schemaIssues(result.error));
    expect(error.message).toContain('items[1].path');
    expect(error.message).toContain('GET /things (listThings)');
  });
});

describe('redact', () => {
  it('removes every occurrence of every secret', () => {
    expect(redact('token abcd1234 and abcd1234 again; key k-9999', ['abcd1234', 'k-9999'])).toBe(
      'token *** and *** again; key ***',
    );
  });
  it('leaves text alone without secrets', () => {
    expect(redact('nothing here', [undefined, ''])).toBe('nothing here');
  });
});

describe('NotJsonError', () => {
  const apiUrl = 'https://docs.example.com/v1';

  it('names the status, the content type and --api-url, never a body', () => {
    const error = new NotJsonError(
      'GET',
      '/orgs',
      404,
      { apiUrl, contentType: 'text/html; charset=utf-8' },
      1,
    );
    expect(error.message).toBe(
      "GET /orgs → 404: https://docs.example.com/v1 did not answer JSON (it sent text/html) — check --api-url: it should be the API's base URL, such as https://api.gitbook.com (/v1 is appended)",
    );
    expect(error.code).toBe('NOT_JSON');
    expect(error).toBeInstanceOf(ApiError);
  });

  it('tells an empty body, a missing type and JSON that does not parse apart', () => {
    const message = (answered: { contentType: string | null; empty?: boolean }) =>
      new NotJsonError('GET', '/orgs', 200, { apiUrl, ...answered }, 1).message;
    expect(message({ contentType: null })).toContain('(it sent a body with no content type)');
    expect(message({ contentType: 'application/json' })).toContain(
      '(it sent application/json that is not valid JSON)',
    );
    expect(message({ contentType: 'text/html', empty: true })).toContain(
      '(it sent an empty body as text/html)',
    );
    expect(message({ contentType: null, empty: true })).toContain('(it sent an empty body)');
  });
});

describe('mediaType', () => {
  it('keeps the media type alone, and nothing a server could smuggle into a line', () => {
    expect(mediaType('Text/HTML; charset=UTF-8')).toBe('text/html');
    expect(mediaType('application/problem+json')).toBe('application/problem+json');
    expect(mediaType('')).toBeUndefined();
    expect(mediaType(null)).toBeUndefined();
    expect(mediaType('text/html<script>')).toBe('an unreadable content type');
    expect(mediaType(`text/${'x'.repeat(200)}`)).toBe('an unreadable content type');
  });
});

describe('oneLine', () => {
  it('folds whitespace and bounds the length', () => {
    expect(oneLine('  line one\n\n  line two\t')).toBe('line one line two');
    const long = oneLine('x'.repeat(500), 300);
    expect(long).toHaveLength(300);
    expect(long.endsWith('…')).toBe(true);
  });
});
